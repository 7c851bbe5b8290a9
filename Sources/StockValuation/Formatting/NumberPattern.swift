/// A currency number pattern learned once, then applied to integers: exact and cheap.
struct NumberPattern: Sendable, Hashable {
  /// Text before the digits of a positive amount (`"$"`), and after them (`" €"`).
  var positivePrefix: String
  var positiveSuffix: String
  /// Text before and after the digits of a negative amount (`"-$"`, `""`).
  var negativePrefix: String
  var negativeSuffix: String
  /// Separator between digit groups (`","`, `"."`); empty for none.
  var groupingSeparator: String
  /// Separator before the minor-unit digits (`"."`, `","`).
  var decimalSeparator: String
  /// Size of the rightmost digit group (`3`), 0 for no grouping.
  var primaryGroupSize: Int
  /// Size of the further groups (`3`, or `2` for Indian grouping).
  var secondaryGroupSize: Int
  /// Number of minor-unit digits shown: the currency's minor units.
  var fractionDigits: Int
  /// The scalar value of the locale's zero digit (`0x30` for ASCII digits).
  var zeroDigit: UInt32 = 0x30

  /// The home convention of a currency: symbol first, `,` grouping by three, `.` decimals.
  static func home(symbol: String, fractionDigits: Int) -> NumberPattern {
    NumberPattern(
      positivePrefix: symbol, positiveSuffix: "", negativePrefix: "-" + symbol,
      negativeSuffix: "", groupingSeparator: ",", decimalSeparator: ".",
      primaryGroupSize: 3, secondaryGroupSize: 3, fractionDigits: fractionDigits)
  }

  /// Formats `minorUnits / 10^fractionDigits` with this pattern.
  func format(minorUnits: Int64) -> String {
    let negative = minorUnits < 0
    let magnitude = minorUnits.magnitude
    let scale = UInt64(Pow10.int64[fractionDigits])
    let integerPart = magnitude / scale
    let fractionPart = magnitude % scale
    var result = negative ? negativePrefix : positivePrefix
    result.reserveCapacity(32)
    let integerDigits = Array(String(integerPart).utf8)
    var remaining = integerDigits.count
    var groupSize = primaryGroupSize
    // Group boundaries, from the right.
    var boundaries: Set<Int> = []
    if primaryGroupSize > 0 {
      var position = integerDigits.count - groupSize
      while position > 0 {
        boundaries.insert(position)
        groupSize = secondaryGroupSize
        position -= groupSize
      }
    }
    for (index, digit) in integerDigits.enumerated() {
      if boundaries.contains(index) { result += groupingSeparator }
      appendDigit(digit, to: &result)
      remaining -= 1
    }
    if fractionDigits > 0 {
      result += decimalSeparator
      let fraction = Array(String(fractionPart).utf8)
      for _ in fraction.count..<fractionDigits { appendDigit(UInt8(ascii: "0"), to: &result) }
      for digit in fraction { appendDigit(digit, to: &result) }
    }
    result += negative ? negativeSuffix : positiveSuffix
    return result
  }

  @inline(__always)
  private func appendDigit(_ ascii: UInt8, to result: inout String) {
    if zeroDigit == 0x30 {
      result.unicodeScalars.append(Unicode.Scalar(ascii))
    } else if let scalar = Unicode.Scalar(zeroDigit + UInt32(ascii - UInt8(ascii: "0"))) {
      result.unicodeScalars.append(scalar)
    }
  }
}
