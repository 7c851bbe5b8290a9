/// How a formatter turns minor units into text: a pattern (the home convention, or one
/// learned from Foundation: the fast path) or Foundation itself (the general path). For a
/// locale, ``LocalePatternProbe`` chooses once, in one place.
enum FormatPath: Sendable {
  /// A home pattern, or a learned pattern that reproduced every probe Foundation formatted.
  case pattern(NumberPattern)
  /// Foundation's own formatting, for a locale whose text no pattern reproduced.
  case foundation(LocaleCurrencyStyle)

  /// Formats an amount given in minor units.
  /// - Parameter minorUnits: The amount in minor units.
  /// - Returns: The text.
  func format(minorUnits: Int64) -> String {
    switch self {
    case .pattern(let pattern): pattern.format(minorUnits: minorUnits)
    case .foundation(let style): style.format(minorUnits: minorUnits)
    }
  }

  /// The pattern, or `nil` on the general path.
  var pattern: NumberPattern? {
    if case .pattern(let pattern) = self { return pattern }
    return nil
  }
}
