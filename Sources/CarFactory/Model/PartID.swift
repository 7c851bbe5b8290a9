/// The identifier of a part within its slot, as users type it in `SLOT=VALUE`.
///
/// A part's identifier is its display name in lower case: the suspension shown as `Firm` is
/// chosen with `suspension=firm`, the drivetrain shown as `4WD` with `drive=4wd`.
public struct PartID: RawRepresentable, Hashable, Comparable, Sendable {
  /// The identifier text, lower-case.
  public let rawValue: String

  /// Creates a part identifier from its text.
  ///
  /// - Parameter rawValue: The identifier as users type it.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a part identifier from its text.
  ///
  /// - Parameter rawValue: The identifier as users type it.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Orders identifiers by their text.
  public static func < (lhs: PartID, rhs: PartID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

extension PartID: CustomStringConvertible {
  /// The identifier text.
  public var description: String { rawValue }
}

extension PartID: ExpressibleByStringLiteral {
  /// Creates a part identifier from a string literal.
  ///
  /// - Parameter value: The identifier text.
  public init(stringLiteral value: String) {
    self.init(value)
  }
}
