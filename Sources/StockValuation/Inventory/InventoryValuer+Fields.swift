import Support

extension InventoryValuer {
  /// The high bit of each byte of `word` that may end or spoil a plain text field: every
  /// byte below `-` but space (so `,`, LF, `"` and CR among them) and every byte that is not
  /// ASCII. Exact per byte (no carries between bytes); cheaper than testing the four bytes.
  @inline(always)
  static func candidates(in word: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    // Per byte, the 7-bit value + 0x53 reaches 0x80 exactly when it is at least 0x2D (`-`).
    let atLeastDash = (word & low) &+ 0x5353_5353_5353_5353
    // `(x & low) + low | x` has a byte's high bit clear exactly when that byte of x is zero.
    let spaces = word ^ 0x2020_2020_2020_2020
    let notSpace = ((spaces & low) &+ low) | spaces
    return ((~atLeastDash & notSpace) | word) & ~low
  }

  /// The number of leading ASCII digits of `word` (its bytes in memory order), 0 through 8.
  @inline(__always)
  static func leadingDigits(in word: UInt64) -> Int {
    let high: UInt64 = 0x8080_8080_8080_8080
    // High bit set per byte: at least `0` (for ASCII), and at least `:`.
    let atLeastZero = (word | high) &- 0x3030_3030_3030_3030
    let atLeastColon = (word & ~high) &+ 0x4646_4646_4646_4646
    let digits = atLeastZero & ~atLeastColon & ~word & high
    return (~digits & high).trailingZeroBitCount >> 3
  }

  /// The value of the first `count` (1 through 8) bytes of `word`, all ASCII digits.
  @inline(__always)
  static func digitsValue(of word: UInt64, count: Int) -> Int64 {
    // Digits to the top bytes, zeros (leading zeros) below.
    value(ofDigits: (word &- 0x3030_3030_3030_3030) << (8 * (8 - count)))
  }

  /// The value of eight ASCII digits (the first lowest in `word`), or `nil` if a byte is not
  /// one.
  @inline(__always)
  static func eightDigits(_ word: UInt64) -> Int64? {
    // Each byte less `0`: a digit's is 0 to 9, and adding 6 keeps its high half 0; any other
    // byte's high half is not 0 (the first byte below `0` wraps to 0xD0 or more).
    let digits = word &- 0x3030_3030_3030_3030
    guard (digits | (digits &+ 0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0 == 0 else {
      return nil
    }
    return value(ofDigits: digits)
  }

  /// The value of eight digits, one a byte (0 to 9, the first lowest).
  @inline(__always)
  static func value(ofDigits digits: UInt64) -> Int64 {
    // Pairs, quads, eights.
    var value = digits &* 10 &+ (digits >> 8)
    let mask: UInt64 = 0x0000_00FF_0000_00FF
    value =
      ((value & mask) &* (100 + (1_000_000 << 32))
        &+ ((value >> 16) & mask) &* (1 + (10_000 << 32))) >> 32
    return Int64(truncatingIfNeeded: value)
  }

  /// Whether all bytes are ASCII.
  @inline(__always)
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var any: UInt8 = 0
    for byte in bytes { any |= byte }
    return any < 0x80
  }

  /// Whether a name's non-ASCII bytes may be taken as they are: valid UTF-8 with no
  /// bidirectional control (a name holding one is left to the row decoder, which refuses it).
  static func isPlainName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    isValidUTF8(bytes) && !BidiBytes.contains(bytes)
  }

  /// Whether the bytes are valid UTF-8, checked by the standard library without a copy.
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    do {
      _ = try UTF8Span(validating: bytes.span)
      return true
    } catch {
      return false
    }
  }

  /// Where the text field starting at `start` ends (its comma or line feed) and whether it is
  /// ASCII, or `nil` for a quote or carriage return (left to the scanner). A line feed must
  /// follow before the end of `bytes`.
  @inline(__always)
  static func textEnd(_ bytes: UnsafeBytes, from start: Int) -> (stop: Int, isASCII: Bool)? {
    let count = bytes.count
    var index = start
    var isASCII = true
    while index + 8 <= count {
      var found = candidates(in: bytes.word(at: index))
      while found != 0 {
        let at = index + found.trailingZeroBitCount >> 3
        let byte = bytes[at]
        if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n") { return (at, isASCII) }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r") { return nil }
        if byte >= 0x80 { isASCII = false }
        found &= found &- 1
      }
      index += 8
    }
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n") { return (index, isASCII) }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r") { return nil }
      if byte >= 0x80 { isASCII = false }
      index += 1
    }
    return nil
  }

  /// The quoted field at `start` (a quote): its bytes between the quotes (doubled quotes
  /// left doubled), where it stops (the comma after its closing quote) and whether it is
  /// ASCII; `nil` unless it closes before `end` and a comma follows (left to the scanner).
  @inline(always)
  static func quotedField(_ bytes: UnsafeBytes, from start: Int, end: Int)
    -> (bytes: UnsafeBufferPointer<UInt8>, stop: Int, isASCII: Bool)?
  {
    let quote = UInt8(ascii: "\"")
    var index = start + 1
    var any: UInt8 = 0
    while index < end {
      let byte = bytes[index]
      if byte == quote {
        guard index + 1 < end else { return nil }
        let next = bytes[index + 1]
        if next == quote {
          index += 2
          continue
        }
        guard next == UInt8(ascii: ",") else { return nil }
        return (bytes.buffer(from: start + 1, to: index), index + 1, any < 0x80)
      }
      any |= byte
      index += 1
    }
    return nil
  }

  /// A `unit_price` in cents, or `nil` to leave the field to ``InventoryRowDecoder``.
  @inline(__always)
  static func cents(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    fixedPoint(bytes, decimals: 2)
  }

  /// A `quantity`, or `nil` to leave the field to ``InventoryRowDecoder``.
  @inline(__always)
  static func wholeNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    fixedPoint(bytes, decimals: 0)
  }

  /// `tax × 10^4` for a non-empty `tax_percent` (the tax's share of the value factor of
  /// ``StockLine/scaledValue(price:quantity:tax:)``), or `nil` to leave the field to
  /// ``InventoryRowDecoder``.
  @inline(__always)
  static func taxFactor(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    fixedPoint(bytes, decimals: StockLine.maximumTaxDecimals)
  }

  /// ``number(_:from:to:decimals:)`` occupying all of `bytes`.
  @inline(__always)
  static func fixedPoint(_ bytes: UnsafeBufferPointer<UInt8>, decimals: Int) -> Int64? {
    guard let view = UnsafeBytes(bytes),
      let number = number(view, from: 0, to: view.count, decimals: decimals),
      number.stop == view.count
    else { return nil }
    return number.value
  }

  /// The number at `start` (before `end`, within `bytes`) times
  /// `10^decimals` (`decimals` at most 4), and where it stops: `digits` or `digits.digits`
  /// (the strict grammar of ``DecimalSyntax``) with at most 18 digits, of which at most
  /// `decimals` after the point. `nil` for anything else (no digits, `1.`, too many digits or
  /// decimals), which the general path then decides; the caller checks that the number ends
  /// the field.
  @inline(always)
  static func number(
    _ bytes: UnsafeBytes, from start: Int, to end: Int, decimals: Int
  ) -> (value: Int64, stop: Int)? {
    // Numbers of up to seven digits before and after the point, read eight bytes at a time.
    // The bytes read past `end` never count: the byte at `end` is not a digit.
    guard end < bytes.count, start + 16 <= bytes.count else {
      return numberByBytes(bytes, from: start, to: end, decimals: decimals)
    }
    let integer = bytes.word(at: start)
    let integerDigits = leadingDigits(in: integer)
    guard integerDigits > 0 else { return nil }
    guard integerDigits < 8 else {
      return numberByBytes(bytes, from: start, to: end, decimals: decimals)
    }
    var value = digitsValue(of: integer, count: integerDigits)
    var stop = start + integerDigits
    var fractionDigits = 0
    if bytes[stop] == UInt8(ascii: ".") {
      let fraction = bytes.word(at: stop + 1)
      fractionDigits = leadingDigits(in: fraction)
      guard fractionDigits > 0, fractionDigits <= decimals else { return nil }
      value = value &* pow10(fractionDigits) &+ digitsValue(of: fraction, count: fractionDigits)
      stop += 1 + fractionDigits
    }
    return (value &* pow10(decimals - fractionDigits), stop)
  }

  /// ``number(_:from:to:decimals:)`` through the one grammar (`DecimalSyntax`), for numbers
  /// the eight-byte reading does not take.
  static func numberByBytes(
    _ bytes: UnsafeBytes, from start: Int, to end: Int, decimals: Int
  ) -> (value: Int64, stop: Int)? {
    guard start < end,
      let (number, length) = DecimalSyntax.prefix(bytes.buffer(from: start, to: end)),
      number.fractionDigits <= decimals
    else { return nil }
    let (value, overflow) = number.magnitude.multipliedReportingOverflow(
      by: UInt64(pow10(decimals - number.fractionDigits)))
    guard !overflow, value <= UInt64(Int64.max) else { return nil }
    return (Int64(value), start + length)
  }

  /// 10^exponent for an exponent of 0 through 4.
  @inline(__always)
  static func pow10(_ exponent: Int) -> Int64 {
    switch exponent {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1_000
    default: 10_000
    }
  }

  /// `cents × units × factor` (``StockLine/scaledValue(price:quantity:tax:)`` for a
  /// non-negative line), or `nil` if it does not fit an `Int128` or the first product does
  /// not fit 64 bits (the general path then decides).
  @inline(__always)
  static func scaledValue(cents: Int64, units: Int64, factor: UInt64) -> Int128? {
    guard cents >= 0, units >= 0 else { return nil }
    let (perUnit, overflow) = UInt64(truncatingIfNeeded: cents).multipliedReportingOverflow(
      by: UInt64(truncatingIfNeeded: units))
    guard !overflow else { return nil }
    let (high, low) = perUnit.multipliedFullWidth(by: factor)
    guard high <= UInt64(Int64.max) else { return nil }
    return Int128(high) << 64 | Int128(low)
  }
}
