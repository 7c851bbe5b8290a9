import Support

/// An exact decimal value of an attribute (`"1320.5"`), kept in millionths so that sums of
/// values stay exact integers: never binary floating point.
///
/// At most ``maximumFractionDigits`` decimals and magnitudes below 10^12, so a value fits an
/// `Int64` in millionths and the totals of any build fit an `Int128`.
public struct AttributeValue: Hashable, Comparable, Sendable {
  /// The value in millionths (`1320.5` is `1_320_500_000`).
  public let millionths: Int64
  /// How many decimals it was written with, for display (`1320.5`: 1).
  public let scale: Int

  /// The most decimals a value may have.
  public static let maximumFractionDigits = 6
  /// How many millionths make one.
  public static let unit: Int64 = 1_000_000
  /// Values are below this in magnitude (10^12).
  static let limit: UInt64 = 1_000_000_000_000

  /// Creates a value from millionths.
  ///
  /// - Parameters:
  ///   - millionths: The value in millionths.
  ///   - scale: The decimals to show, 0…6.
  public init(millionths: Int64, scale: Int) {
    self.millionths = millionths
    self.scale = min(max(scale, 0), Self.maximumFractionDigits)
  }

  /// Parses a decimal string: digits with an optional `-` and at most six decimals, below
  /// 10^12 in magnitude (`"1320.5"`, `"-12"`, `"0.000001"`).
  ///
  /// Anything else (`"1e3"`, `"1,320"`, `"12kg"`) gives `nil`.
  ///
  /// - Parameter text: The text.
  public init?(parsing text: some StringProtocol) {
    guard let value = try? DecimalSyntax.parse(text, allowingNegative: true),
      value.fractionDigits <= Self.maximumFractionDigits
    else { return nil }
    var factor: UInt64 = 1
    for _ in value.fractionDigits..<Self.maximumFractionDigits { factor *= 10 }
    guard value.magnitude / (UInt64(Self.unit) / factor) < Self.limit else { return nil }
    // Below 10^18, so it fits an Int64 either way.
    let magnitude = Int64(value.magnitude * factor)
    self.init(millionths: value.isNegative ? -magnitude : magnitude, scale: value.fractionDigits)
  }

  /// Orders values by their number.
  public static func < (lhs: AttributeValue, rhs: AttributeValue) -> Bool {
    lhs.millionths < rhs.millionths
  }

  /// Compares values by their number (`1.50` equals `1.5`).
  public static func == (lhs: AttributeValue, rhs: AttributeValue) -> Bool {
    lhs.millionths == rhs.millionths
  }

  /// Hashes the number, consistently with `==`.
  public func hash(into hasher: inout Hasher) { hasher.combine(millionths) }
}

extension AttributeValue: CustomStringConvertible {
  /// The value as written, without grouping: `1320.5`, `-12`.
  public var description: String {
    AttributeTotal(millionths: Int128(millionths)).text(scale: scale)
  }
}

/// A build's total of one attribute: the exact sum of its values, in millionths.
public struct AttributeTotal: Hashable, Comparable, Sendable {
  /// The total in millionths.
  public let millionths: Int128

  /// Creates a total.
  ///
  /// - Parameter millionths: The total in millionths.
  public init(millionths: Int128) { self.millionths = millionths }

  /// Orders totals by their number.
  public static func < (lhs: AttributeTotal, rhs: AttributeTotal) -> Bool {
    lhs.millionths < rhs.millionths
  }

  /// A total kept in units of 10^-`scale` (as objectives keep them) as text: for people
  /// grouped by thousands, with the unit when there is one (`1,842.5 kg`); for machines plain
  /// (`1842.5`, no unit).
  ///
  /// - Parameters:
  ///   - units: The total in units of 10^-`scale`.
  ///   - scale: Its decimals, 0…6.
  ///   - unit: The attribute's unit, or empty.
  ///   - forPeople: Whether to group thousands and add the unit.
  /// - Returns: The text.
  public static func text(_ units: Int64, scale: Int, unit: String, forPeople: Bool) -> String {
    let shown = min(max(scale, 0), AttributeValue.maximumFractionDigits)
    var factor: Int128 = 1
    for _ in shown..<AttributeValue.maximumFractionDigits { factor *= 10 }
    let total = AttributeTotal(millionths: Int128(units) * factor)
    guard forPeople else { return total.text(scale: shown) }
    let text = total.text(scale: shown, grouped: true)
    return unit.isEmpty ? text : text + " " + unit
  }

  /// The total with `scale` decimals, optionally grouped by thousands (`1,842.5`).
  ///
  /// - Parameters:
  ///   - scale: Decimals to show, 0…6; digits beyond it are zero for totals of values written
  ///     with at most `scale` decimals.
  ///   - grouped: Whether to separate thousands with commas.
  /// - Returns: The text.
  public func text(scale: Int, grouped: Bool = false) -> String {
    let shown = min(max(scale, 0), AttributeValue.maximumFractionDigits)
    let magnitude = millionths.magnitude
    let whole = String(magnitude / UInt128(AttributeValue.unit))
    var fraction = String(magnitude % UInt128(AttributeValue.unit))
    fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
    var integer = ""
    for (index, digit) in whole.enumerated() {
      if grouped, index > 0, (whole.count - index) % 3 == 0 { integer.append(",") }
      integer.append(digit)
    }
    let decimals = shown == 0 ? "" : "." + fraction.prefix(shown)
    return (millionths < 0 ? "-" : "") + integer + decimals
  }
}
