import Support

/// An error about a currency code, its registration, or a formatting locale.
public enum CurrencyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The code is not in the ISO 4217 table; `suggestion` is the nearest known code, if any.
  case unknownCurrency(String, suggestion: String?)
  /// The currency is known but has no registered formatter/converter pair yet.
  case notRegistered(String, registered: [String])
  /// The currency already has a registered pair and replacement was not asked for.
  case alreadyRegistered(String)
  /// The locale identifier is not one Foundation knows, or its currency pattern is unusable.
  case unknownLocale(String)

  /// The message shown to users, naming the bad value and suggesting valid ones.
  ///
  /// Control characters in quoted values are escaped (`\n`), so it stays one line.
  public var description: String { unescapedDescription.escapingControlCharacters }

  private var unescapedDescription: String {
    switch self {
    case .unknownCurrency(let code, let suggestion):
      if let suggestion {
        return "unknown currency '\(code)'; did you mean '\(suggestion)'?"
      }
      return "unknown currency '\(code)'"
    case .notRegistered(let code, let registered):
      return "currency '\(code)' is not registered (registered: "
        + registered.joined(separator: ", ") + ")"
    case .alreadyRegistered(let code):
      return "currency '\(code)' is already registered"
    case .unknownLocale(let identifier):
      return "unknown locale '\(identifier)'"
    }
  }
}
