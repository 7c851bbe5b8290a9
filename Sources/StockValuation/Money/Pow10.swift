/// Powers of ten for exact scaling.
enum Pow10 {
  /// 10^0 … 10^18, every power that fits an `Int64`.
  static let int64: [Int64] = {
    var values: [Int64] = [1]
    for _ in 1...18 { values.append(values[values.count - 1] * 10) }
    return values
  }()

  /// 10^0 … 10^38, every power that fits a `UInt128`.
  static let uint128: [UInt128] = {
    var values: [UInt128] = [1]
    for _ in 1...38 { values.append(values[values.count - 1] * 10) }
    return values
  }()

  /// 10^exponent as a `UInt128`, or `nil` if it does not fit.
  static func wide(_ exponent: Int) -> UInt128? {
    exponent >= 0 && exponent < uint128.count ? uint128[exponent] : nil
  }
}
