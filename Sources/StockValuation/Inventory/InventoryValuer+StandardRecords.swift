extension InventoryValuer {
  /// Values the records of the usual column order `name,category,unit_price,quantity
  /// [,tax_percent]` from `start` on, each in one pass over its stops (``StopCursor``: the
  /// commas, line feeds and spoilers found 64 bytes at a time), until one needs more than the
  /// common case: a field with a quote (but a whole quoted name: its stops are taken too),
  /// carriage return, line feed or another control byte below 0x0E (tab, NUL: stops of
  /// ``StopCursor`` too), a name or category that is empty (or a name that is not
  /// valid UTF-8), a number of more than eight bytes or with a decimal point it does not
  /// allow, a category not yet seen, a record that does not end eight bytes before the end
  /// of the chunk or of the run's ``runBytes``, or fewer than 72 bytes of the chunk from
  /// `start`. No run starts when the totals are too close to overflowing for its worst case
  /// (``RunningTotals/hasRoom(forLines:)``): its rows are then added unchecked, in the
  /// categories at once and in the totals once at its end. That record is left
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
    // A run reads at most ``runBytes`` bytes: no record it takes is longer than the scanner
    // allows. Its lines have at least eight bytes (`n,c,1,1` and a line feed), so it has at
    // most `runBytes / 8 + 1` of them, each within the bounds of
    // ``RunningTotals/hasRoom(forLines:)`` (numbers of at most eight bytes).
    let count = min(chunk.count, start + Self.runBytes)
    guard start >= 0, totals.hasRoom(forLines: (count - start) / 8 + 1) else { return start }
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 16) { bitmap in
      // Its records end eight bytes before `count`, so eight bytes can be read at any field.
      guard let base = chunk.baseAddress,
        var stops = StopCursor(base, count: count - 8, from: start, bitmap: bitmap)
      else { return start }
      // One loop for each column count, so that neither tests it row by row.
      return hasTax
        ? valueStandardRun(
          base, count: count, from: start, stops: &stops, line: &line, hasTax: true,
          categories: &categories, cache: &cache, totals: &totals)
        : valueStandardRun(
          base, count: count, from: start, stops: &stops, line: &line, hasTax: false,
          categories: &categories, cache: &cache, totals: &totals)
    }
  }

  /// The most bytes one run reads: the longest record (and far fewer than
  /// ``RunningTotals/maximumLines`` lines of eight bytes).
  static let runBytes = CSVScanner.maximumRecordBytes

  /// ``valueStandardRun(_:from:line:hasTax:categories:cache:totals:)`` with the stops of the
  /// chunk (`count` bytes at `base`) from `start` on.
  @inline(__always)
  private static func valueStandardRun(
    _ base: UnsafePointer<UInt8>, count: Int, from start: Int, stops: inout StopCursor,
    line lineNumber: inout Int, hasTax: Bool, categories: inout CategoryTable,
    cache: inout CategoryCache.Lookup, totals: inout RunningTotals
  ) -> Int {
    let comma = UInt8(ascii: ",")
    let newline = UInt8(ascii: "\n")
    var position = start
    // The sums and the line in locals for the run (registers, not memory, between rows).
    // The run's sums and line in locals (registers, not memory, between rows), added to the
    // totals once at the end; its lines are the lines passed but the blank ones.
    var scaledSum: Int128 = 0
    var itemSum: Int64 = 0
    var line = lineNumber
    var blankLines = 0
    defer {
      totals.addBatch(scaled: scaledSum, quantity: itemSum, lines: line &- lineNumber &- blankLines)
      lineNumber = line
    }
    // `stops` holds the stops from `position` on: each record's are taken in order.
    while let nameStop = stops.next() {
      if nameStop == position, base[position] == newline {
        // A blank line.
        blankLines &+= 1
        line &+= 1
        position &+= 1
        continue
      }
      // A quoted name (`"Kayak, red"`) is taken from its stops too, so the run goes on past
      // it; only its text between the quotes is checked as UTF-8, as the careful path does.
      let name: (stop: Int, isASCII: Bool)
      var text = position
      if nameStop == position, base[position] == UInt8(ascii: "\"") {
        guard let quoted = stops.quotedEnd(from: position) else { return position }
        name = quoted
        text = position &+ 1
      } else {
        guard let plain = stops.textEnd(from: nameStop), plain.stop > position else {
          return position
        }
        name = plain
      }
      // Each number lies between two stops: its bounds are known before it is read.
      guard
        let category = stops.next().flatMap({ stops.textEnd(from: $0) }),
        category.stop > name.stop &+ 1,
        let priceStop = stops.next(), base[priceStop] == comma,
        let price = boundedNumber(base, from: category.stop &+ 1, to: priceStop, decimals: 2),
        let quantityStop = stops.next(),
        let quantity = boundedNumber(base, from: priceStop &+ 1, to: quantityStop, decimals: 0)
      else { return position }
      var end = quantityStop
      var taxFactor: Int64 = 0
      if hasTax {
        guard base[quantityStop] == comma, let taxStop = stops.next() else { return position }
        let taxStart = quantityStop &+ 1
        if taxStop != taxStart {
          guard
            let tax = boundedNumber(
              base, from: taxStart, to: taxStop, decimals: StockLine.maximumTaxDecimals)
          else { return position }
          taxFactor = tax
        }
        end = taxStop
      }
      guard base[end] == newline else { return position }
      if !name.isASCII,
        !isValidUTF8(UnsafeBufferPointer(start: base + text, count: name.stop &- text))
      {
        return position
      }
      // 10^6 + tax × 10^4 < 2^61.
      let factor = 1_000_000 + UInt64(truncatingIfNeeded: taxFactor)
      // The price's eight bytes were readable, so are the category's first eight.
      // Numbers of at most eight bytes: `price × quantity < 10^18`, the value below 2^100.
      let (high, low) = (UInt64(truncatingIfNeeded: price) &* UInt64(truncatingIfNeeded: quantity))
        .multipliedFullWidth(by: factor)
      let scaled = Int128(truncatingIfNeeded: high) << 64 | Int128(truncatingIfNeeded: low)
      guard
        let index = cache.value(
          forKeyIn: base, from: name.stop &+ 1, to: category.stop, readable: count,
          table: &categories),
        totals.add(categoryAt: index, scaled: scaled, quantity: quantity)
      else { return position }
      scaledSum &+= scaled
      itemSum &+= quantity
      line &+= 1
      position = end &+ 1
    }
    return position
  }

  /// The number `start..<stop` times `10^decimals`, when it has one to eight bytes and at
  /// least eight bytes of the chunk (`count` bytes) can be read from `start`: `digits` or
  /// `digits.digits` with at most `decimals` (at most 4) after the point, read from one
  /// eight-byte load with the bytes from `stop` on masked off. `nil` for anything else
  /// (which ``number(_:from:to:chunkCount:decimals:)`` or the general path then decides).
  @inline(always)
  static func boundedNumber(
    _ base: UnsafePointer<UInt8>, from start: Int, to stop: Int, count: Int, decimals: Int
  ) -> Int64? {
    guard start &+ 8 <= count else { return nil }
    return boundedNumber(base, from: start, to: stop, decimals: decimals)
  }

  /// ``boundedNumber(_:from:to:count:decimals:)`` where eight bytes can be read from `start`.
  @inline(always)
  private static func boundedNumber(
    _ base: UnsafePointer<UInt8>, from start: Int, to stop: Int, decimals: Int
  ) -> Int64? {
    let length = stop &- start
    guard UInt(bitPattern: length &- 1) < 8 else { return nil }
    let word = UInt64(
      littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
    // The high bits of the number's bytes that are not digits.
    let others = nonDigits(in: word) & (0x8080_8080_8080_8080 >> (64 &- 8 &* length))
    guard others != 0 else { return digitsValue(of: word, count: length) &* pow10(decimals) }
    // One point, with digits on both sides and at most `decimals` after it.
    let point = others.trailingZeroBitCount >> 3
    let fractionDigits = length &- 1 &- point
    // One non-digit (compared with the one bit it would be: `others & (others - 1) == 0`
    // becomes a population count, done in software for a baseline x86-64).
    guard others == 0x80 &<< (8 &* UInt64(point)), point > 0, fractionDigits > 0,
      fractionDigits <= decimals,
      UInt8(truncatingIfNeeded: word >> (8 &* point)) == UInt8(ascii: ".")
    else { return nil }
    // The digits without the point, in order.
    let below: UInt64 = ~0 >> (64 &- 8 &* point)
    let joined = (word & below) | ((word >> 8) & ~below)
    return digitsValue(of: joined, count: length &- 1) &* pow10(decimals &- fractionDigits)
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
