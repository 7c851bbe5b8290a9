/// Renders exact scaled integers as plain decimal text.
enum DecimalText {
  /// Renders `magnitude / 10^fractionDigits` with at least `minimumFractionDigits` decimals;
  /// further trailing zeros are dropped.
  static func string(
    magnitude: UInt128, isNegative: Bool, fractionDigits: Int, minimumFractionDigits: Int
  ) -> String {
    var digits = Array(String(magnitude).utf8)
    if digits.count <= fractionDigits {
      digits.insert(
        contentsOf: repeatElement(UInt8(ascii: "0"), count: fractionDigits - digits.count + 1),
        at: 0)
    }
    var keep = fractionDigits
    while keep > minimumFractionDigits, digits[digits.count - fractionDigits + keep - 1] == 48 {
      keep -= 1
    }
    let integerCount = digits.count - fractionDigits
    var out: [UInt8] = []
    out.reserveCapacity(digits.count + 2)
    if isNegative && magnitude != 0 { out.append(UInt8(ascii: "-")) }
    out.append(contentsOf: digits[0..<integerCount])
    if keep > 0 {
      out.append(UInt8(ascii: "."))
      out.append(contentsOf: digits[integerCount..<(integerCount + keep)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
