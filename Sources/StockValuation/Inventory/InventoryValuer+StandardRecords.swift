extension InventoryValuer {
  /// Values the records of the usual column order `name,category,unit_price,quantity
  /// [,tax_percent]` from `start` on, each in one pass over its stops (``StopCursor``: the
  /// commas, line feeds and spoilers found 64 bytes at a time), until one needs more than the
  /// common case: a field with a quote (but a whole quoted name: its stops are taken too),
  /// carriage return or line feed, a name or category that is empty (or a name that is not
  /// valid UTF-8), a number of eight bytes or more or with a decimal point it does not allow,
  /// a category not yet seen, a value that does not fit, a
  /// record longer than ``CSVScanner/maximumRecordBytes``, fewer than 64 bytes of the chunk
  /// from `start` or fewer than eight bytes left to read at a number. That record is left
  /// (unchanged totals) to ``valueStandardRecord(_:start:end:chunkCount:hasTax:)`` and the
  /// general path, which decide it as before: this run accepts a subset of what they accept,
  /// with the same values.
  ///
  /// - Parameters:
  ///   - chunk: The chunk.
  ///   - start: Where a record starts.
  ///   - line: The line of the record at `start`; advanced past each line valued.
  ///   - hasTax: Whether the header has `tax_percent` (five fields, else four).
  ///   - categories: The categories seen, by their bytes, with their positions in `totals`.
  ///   - cache: The front of `categories` for keys of up to 16 bytes.
  ///   - totals: The sums added to.
  /// - Returns: Where the first record left to the careful path starts (`chunk.count` if
  ///   none).
  static func valueStandardRun(
    _ chunk: UnsafeBufferPointer<UInt8>, from start: Int, line: inout Int, hasTax: Bool,
    categories: inout CategoryTable, cache: inout CategoryCache.Lookup,
    totals: inout RunningTotals
  ) -> Int {
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 16) { bitmap in
      guard let base = chunk.baseAddress,
        var stops = StopCursor(base, count: chunk.count, from: start, bitmap: bitmap)
      else { return start }
      return valueStandardRun(
        base, count: chunk.count, from: start, stops: &stops, line: &line, hasTax: hasTax,
        categories: &categories, cache: &cache, totals: &totals)
    }
  }

  /// ``valueStandardRun(_:from:line:hasTax:categories:cache:totals:)`` with the stops of the
  /// chunk (`count` bytes at `base`) from `start` on.
  @inline(__always)
  private static func valueStandardRun(
    _ base: UnsafePointer<UInt8>, count: Int, from start: Int, stops: inout StopCursor,
    line: inout Int, hasTax: Bool, categories: inout CategoryTable,
    cache: inout CategoryCache.Lookup, totals: inout RunningTotals
  ) -> Int {
    let comma = UInt8(ascii: ",")
    let newline = UInt8(ascii: "\n")
    var position = start
    // `stops` holds the stops from `position` on: each record's are taken in order.
    while let nameStop = stops.next() {
      if nameStop == position, base[position] == newline {
        // A blank line.
        line += 1
        position += 1
        continue
      }
      // A quoted name (`"Kayak, red"`) is taken from its stops too, so the run goes on past
      // it; only its text between the quotes is checked as UTF-8, as the careful path does.
      let name: (stop: Int, isASCII: Bool)
      var text = position
      if nameStop == position, base[position] == UInt8(ascii: "\"") {
        guard let quoted = stops.quotedEnd(from: position) else { return position }
        name = quoted
        text = position + 1
      } else {
        guard let plain = stops.textEnd(from: nameStop), plain.stop > position else {
          return position
        }
        name = plain
      }
      guard
        let category = stops.next().flatMap({ stops.textEnd(from: $0) }),
        category.stop > name.stop + 1,
        let price = wordNumber(base, at: category.stop + 1, count: count, decimals: 2),
        price.terminator == comma, stops.next() == price.stop,
        let quantity = wordNumber(base, at: price.stop + 1, count: count, decimals: 0),
        stops.next() == quantity.stop
      else { return position }
      var end = quantity.stop
      var terminator = quantity.terminator
      var taxFactor: Int64 = 0
      if hasTax {
        guard terminator == comma, let taxStop = stops.next() else { return position }
        let taxStart = end + 1
        if taxStop == taxStart {
          end = taxStart
          terminator = base[taxStart]
        } else {
          guard
            let tax = wordNumber(
              base, at: taxStart, count: count, decimals: StockLine.maximumTaxDecimals),
            tax.stop == taxStop
          else { return position }
          taxFactor = tax.value
          end = tax.stop
          terminator = tax.terminator
        }
      }
      guard terminator == newline, end - position <= CSVScanner.maximumRecordBytes else {
        return position
      }
      if !name.isASCII,
        !isValidUTF8(UnsafeBufferPointer(start: base + text, count: name.stop - text))
      {
        return position
      }
      // 10^6 + tax × 10^4 < 2^61.
      let factor = 1_000_000 + UInt64(truncatingIfNeeded: taxFactor)
      // The price's eight bytes were readable, so are the category's first eight.
      guard
        let scaled = scaledValue(cents: price.value, units: quantity.value, factor: factor),
        let index = cache.value(
          forKeyIn: base, from: name.stop + 1, to: category.stop, readable: count,
          table: &categories),
        totals.add(categoryAt: index, scaled: scaled, quantity: quantity.value)
      else { return position }
      line += 1
      position = end + 1
    }
    return position
  }

  /// The number at `start` times `10^decimals` and where it stops, when it lies in the eight
  /// bytes at `start` with the byte that ends it: `digits` or `digits.digits` with at most
  /// `decimals` (at most 4) after the point, 1 to 7 bytes. `nil` for anything else (which
  /// ``number(_:from:to:chunkCount:decimals:)`` or the general path then decides), or when
  /// fewer than eight bytes of the chunk are left. The caller checks the byte that ends it
  /// (`terminator`).
  @inline(always)
  static func wordNumber(_ base: UnsafePointer<UInt8>, at start: Int, count: Int, decimals: Int)
    -> (value: Int64, stop: Int, terminator: UInt8)?
  {
    guard start + 8 <= count else { return nil }
    let word = UInt64(
      littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
    let others = nonDigits(in: word)
    // The first byte that is not a digit: 1 to 7 digits before it.
    let integerDigits = others.trailingZeroBitCount >> 3
    guard integerDigits > 0, integerDigits < 8 else { return nil }
    let after = UInt8(truncatingIfNeeded: word >> (8 * integerDigits))
    guard after == UInt8(ascii: ".") else {
      return (
        digitsValue(of: word, count: integerDigits) &* pow10(decimals), start + integerDigits,
        after
      )
    }
    // The next byte that is not a digit ends the fraction.
    let rest = others & (others &- 1)
    guard rest != 0 else { return nil }
    let end = rest.trailingZeroBitCount >> 3
    let fractionDigits = end - integerDigits - 1
    guard fractionDigits > 0, fractionDigits <= decimals else { return nil }
    // The digits without the point, in order.
    let below: UInt64 = ~0 >> (64 - 8 * integerDigits)
    let joined = (word & below) | ((word >> 8) & ~below)
    let value = digitsValue(of: joined, count: end - 1) &* pow10(decimals - fractionDigits)
    return (value, start + end, UInt8(truncatingIfNeeded: word >> (8 * end)))
  }

  /// The high bit of each byte of `word` (in memory order) that is not an ASCII digit.
  @inline(always)
  static func nonDigits(in word: UInt64) -> UInt64 {
    let high: UInt64 = 0x8080_8080_8080_8080
    let atLeastZero = (word | high) &- 0x3030_3030_3030_3030
    let atLeastColon = (word & ~high) &+ 0x4646_4646_4646_4646
    return ~(atLeastZero & ~atLeastColon & ~word) & high
  }
}
