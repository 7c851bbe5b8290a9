extension InventoryValuer {
  /// Values the records of the usual column order `name,category,unit_price,quantity
  /// [,tax_percent]` from `start` on, each in one pass over its bytes, until one needs more
  /// than the common case: a field with a quote, carriage return or line feed, a name or
  /// category that is empty (or a name that is not valid UTF-8), a number of eight bytes or
  /// more or with a decimal point it does not allow, a category not yet seen, a value that
  /// does not fit, a record longer than ``CSVScanner/maximumRecordBytes``, or fewer than eight
  /// bytes of the chunk left to read at a field. That record is left (unchanged totals) to
  /// ``valueStandardRecord(_:start:end:chunkCount:hasTax:)`` and the general path, which
  /// decide it as before: this run accepts a subset of what they accept, with the same
  /// values.
  ///
  /// - Parameters:
  ///   - chunk: The chunk.
  ///   - start: Where a record starts.
  ///   - line: The line of the record at `start`; advanced past each line valued.
  ///   - hasTax: Whether the header has `tax_percent` (five fields, else four).
  ///   - categories: The categories seen, by their bytes, with their positions in `totals`.
  ///   - totals: The sums added to.
  /// - Returns: Where the first record left to the careful path starts (`chunk.count` if
  ///   none).
  static func valueStandardRun(
    _ chunk: UnsafeBufferPointer<UInt8>, from start: Int, line: inout Int, hasTax: Bool,
    categories: inout CategoryTable, totals: inout RunningTotals
  ) -> Int {
    guard let base = chunk.baseAddress else { return start }
    let count = chunk.count
    let comma = UInt8(ascii: ",")
    let newline = UInt8(ascii: "\n")
    var position = start
    while position < count {
      if base[position] == newline {
        // A blank line.
        line += 1
        position += 1
        continue
      }
      guard let text = textFields(base, from: position, count: count),
        let price = wordNumber(base, at: text.categoryEnd + 1, count: count, decimals: 2),
        price.terminator == comma,
        let quantity = wordNumber(base, at: price.stop + 1, count: count, decimals: 0)
      else { return position }
      var end = quantity.stop
      var terminator = quantity.terminator
      var taxFactor: Int64 = 0
      if hasTax {
        guard terminator == comma else { return position }
        let taxStart = end + 1
        guard taxStart < count else { return position }
        if base[taxStart] == newline {
          end = taxStart
          terminator = newline
        } else {
          guard
            let tax = wordNumber(
              base, at: taxStart, count: count, decimals: StockLine.maximumTaxDecimals)
          else { return position }
          taxFactor = tax.value
          end = tax.stop
          terminator = tax.terminator
        }
      }
      guard terminator == newline, end - position <= CSVScanner.maximumRecordBytes else {
        return position
      }
      if !text.nameIsASCII,
        !isValidUTF8(UnsafeBufferPointer(start: base + position, count: text.nameEnd - position))
      {
        return position
      }
      // 10^6 + tax × 10^4 < 2^61.
      let factor = 1_000_000 + UInt64(truncatingIfNeeded: taxFactor)
      // The price's eight bytes were readable, so are the category's first eight.
      guard
        let scaled = scaledValue(cents: price.value, units: quantity.value, factor: factor),
        let index = categories.value(
          forKeyIn: base, from: text.nameEnd + 1, to: text.categoryEnd, readable: count),
        totals.add(categoryAt: index, scaled: scaled, quantity: quantity.value)
      else { return position }
      line += 1
      position = end + 1
    }
    return position
  }

  /// Where the name and the category fields of the record at `start` end (their commas), and
  /// whether the name is ASCII; `nil` for an empty field, a quote, carriage return or line
  /// feed in them, or when fewer than eight bytes of the chunk are left to read.
  @inline(always)
  static func textFields(_ base: UnsafePointer<UInt8>, from start: Int, count: Int)
    -> (nameEnd: Int, categoryEnd: Int, nameIsASCII: Bool)?
  {
    guard let name = commaEnd(base, from: start, count: count), name.stop > start,
      let category = commaEnd(base, from: name.stop + 1, count: count),
      category.stop > name.stop + 1
    else { return nil }
    return (name.stop, category.stop, name.isASCII)
  }

  /// Where the text field at `start` ends, at a comma, and whether it is ASCII; `nil` for a
  /// quote, carriage return or line feed in it, or when fewer than eight bytes of the chunk
  /// are left to read.
  @inline(always)
  static func commaEnd(_ base: UnsafePointer<UInt8>, from start: Int, count: Int)
    -> (stop: Int, isASCII: Bool)?
  {
    var index = start
    var isASCII = true
    while index + 8 <= count {
      var found = candidates(in: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      while found != 0 {
        let at = index + found.trailingZeroBitCount >> 3
        let byte = base[at]
        if byte == UInt8(ascii: ",") { return (at, isASCII) }
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r") {
          return nil
        }
        if byte >= 0x80 { isASCII = false }
        found &= found &- 1
      }
      index += 8
    }
    return nil
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
