internal import Dealership
internal import StockValuation
import Support

/// The field kinds of a session file, read from a decoder at the field, with the session
/// file's messages (`expected a whole number, got 1.5`).
enum SessionFields {
  /// A JSON integer from `minimum` up to `maximum`, written without fraction or exponent.
  static func wholeNumber(_ field: any Decoder, minimum: Int64, maximum: Int64 = .max) throws
    -> Int64
  {
    guard let number = field.wholeNumber() else {
      guard case .number(let text) = field.leaf() else {
        throw field.wrongType(expected: .wholeNumber)
      }
      if text.hasPrefix("-"), minimum >= 0 {
        throw field.invalid("must not be negative, got \(text)")
      }
      if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
        throw field.invalid("expected a whole number, got \(text)")
      }
      throw field.invalid("number out of range, got \(text)")
    }
    guard number >= minimum else {
      if number < 0, minimum >= 0 { throw field.invalid("must not be negative, got \(number)") }
      throw field.invalid("must be at least \(minimum), got \(number)")
    }
    guard number <= maximum else {
      throw field.invalid("must be at most \(maximum), got \(number)")
    }
    return number
  }

  /// The text of an exact decimal, which must be a string: a JSON number is refused with a
  /// hint, as a reader could have passed it through a binary floating-point type.
  static func exactText(_ field: any Decoder) throws -> String {
    if let text = field.string() { return text }
    if case .number(let text) = field.leaf() {
      throw field.invalid("expected a decimal string like \"\(text)\", got the number \(text)")
    }
    throw field.wrongType(expected: .string)
  }

  /// A USD amount written as an exact decimal string (`"72900.00"`), not negative.
  static func amount(_ field: any Decoder) throws -> Money {
    let text = try exactText(field)
    guard !text.hasPrefix("-") else { throw field.invalid("must not be negative, got '\(text)'") }
    do {
      return try Money(parsing: text, currency: .usd)
    } catch {
      throw field.invalid(error.description)
    }
  }

  /// An amount of `currency` written as an exact decimal string (`"17000.00"`), not negative.
  static func amount(_ field: any Decoder, in currency: Currency) throws -> Money {
    let text = try exactText(field)
    guard !text.hasPrefix("-") else { throw field.invalid("must not be negative, got '\(text)'") }
    do {
      return try Money(parsing: text, currency: currency)
    } catch {
      throw field.invalid(error.description)
    }
  }

  /// An exact decimal string (`"8.875"`).
  static func decimal(_ field: any Decoder) throws -> ExactDecimal {
    let text = try exactText(field)
    do {
      return try ExactDecimal(parsing: text)
    } catch {
      throw field.invalid(error.description)
    }
  }

  /// A currency code of the ISO table.
  static func currency(_ field: any Decoder) throws -> Currency {
    guard let code = field.string() else { throw field.wrongType(expected: .string) }
    do {
      return try Currency(code: code)
    } catch {
      throw field.invalid(error.description)
    }
  }

  /// A date written `YYYY-MM-DD`.
  static func date(_ field: any Decoder) throws -> CalendarDate {
    guard let text = field.string() else { throw field.wrongType(expected: .string) }
    guard let date = CalendarDate(text) else {
      throw field.invalid("bad date '\(text)' (expected YYYY-MM-DD)")
    }
    return date
  }

  /// The dealer's name: a string that ``DocumentText`` accepts.
  static func dealer(_ field: any Decoder) throws -> String {
    guard let name = field.string() else { throw field.wrongType(expected: .string) }
    if let problem = DocumentText.problem(name) {
      throw field.invalid("the dealer's name \(CommandError.text(of: problem))")
    }
    return name
  }
}
