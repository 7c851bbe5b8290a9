/// The identifier of a car model, as users type it (`compact`, `sports`, `suv`).
///
/// Model identifiers are open: catalogs and run-time registration add new ones, so this is a
/// string wrapper rather than an enum. The built-in models have static members.
public struct ModelID: RawRepresentable, Hashable, Comparable, Sendable {
  /// The identifier text, lower-case.
  public let rawValue: String

  /// Creates a model identifier from its text.
  ///
  /// - Parameter rawValue: The identifier as users type it.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a model identifier from its text.
  ///
  /// - Parameter rawValue: The identifier as users type it.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// The VW Golf family.
  public static let compact = ModelID("compact")
  /// The Porsche Boxster family.
  public static let sports = ModelID("sports")
  /// The Cadillac Escalade family.
  public static let suv = ModelID("suv")

  /// Orders identifiers by their text.
  public static func < (lhs: ModelID, rhs: ModelID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

extension ModelID: CustomStringConvertible {
  /// The identifier text.
  public var description: String { rawValue }
}

extension ModelID: ExpressibleByStringLiteral {
  /// Creates a model identifier from a string literal.
  ///
  /// - Parameter value: The identifier text.
  public init(stringLiteral value: String) {
    self.init(value)
  }
}
