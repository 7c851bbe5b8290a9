import Support

/// A list price in US dollars, held exactly as whole cents.
///
/// Catalog prices are USD by definition (SPEC §2); conversion to other currencies is the
/// StockValuation library's job, so this type stays deliberately small.
public struct Price: Hashable, Comparable, Sendable {
  /// The amount in cents.
  public let cents: Int64

  /// Creates a price from whole cents.
  ///
  /// - Parameter cents: The amount in cents.
  public init(cents: Int64) {
    self.cents = cents
  }

  /// No money.
  public static let zero = Price(cents: 0)

  /// Orders prices by amount.
  public static func < (lhs: Price, rhs: Price) -> Bool {
    lhs.cents < rhs.cents
  }

  /// Adds two prices, or returns `nil` when the sum does not fit.
  ///
  /// - Parameter other: The price to add.
  /// - Returns: The sum, or `nil` on overflow.
  public func adding(_ other: Price) -> Price? {
    let (sum, overflow) = cents.addingReportingOverflow(other.cents)
    return overflow ? nil : Price(cents: sum)
  }
}

extension Price: CustomStringConvertible {
  /// The price in US notation, `$72,900.00`; for logs and tests, not for localized output.
  public var description: String {
    let magnitude = cents.magnitude
    let dollars = String(magnitude / 100)
    let remainder = magnitude % 100
    var grouped = ""
    for (index, digit) in dollars.enumerated() {
      if index > 0, (dollars.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    let centsText = remainder < 10 ? "0\(remainder)" : "\(remainder)"
    return (cents < 0 ? "-$" : "$") + grouped + "." + centsText
  }
}

extension Price {
  /// Parses a non-negative decimal amount with at most two decimals (`"28500"`, `"1250.5"`,
  /// `"72900.00"`); returns `nil` for anything else, including signs, exponents and overflow.
  ///
  /// The syntax is the package's one decimal grammar (`DecimalSyntax`).
  ///
  /// - Parameter text: The amount in dollars.
  public init?(dollars text: some StringProtocol) {
    guard let value = try? DecimalSyntax.parse(text, allowingNegative: false),
      value.fractionDigits <= 2
    else { return nil }
    let factor: UInt64 = value.fractionDigits == 2 ? 1 : value.fractionDigits == 1 ? 10 : 100
    let (cents, overflow) = value.magnitude.multipliedReportingOverflow(by: factor)
    guard !overflow, let exact = Int64(exactly: cents) else { return nil }
    self.init(cents: exact)
  }
}
