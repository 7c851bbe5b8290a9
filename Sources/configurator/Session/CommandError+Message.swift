internal import CarFactory
internal import StockValuation
import Support

/// The one place a ``CommandError`` becomes text and a code.
extension CommandError {
  /// The one-line message. Control characters in echoed input are escaped (`\n`,
  /// `\u{1B}`), so the message stays one line and cannot drive the terminal; a runaway
  /// quoted value is shortened with `…`.
  var message: String {
    text.escapingControlCharacters.cappingQuotedValues
  }

  /// The kind of failure, stable for scripts that read JSON errors (listed in
  /// `Docs/Scripting.md`): `unknown-command`, `syntax`, `missing-argument`,
  /// `unexpected-argument`, `usage`, `bad-value`, `no-such-build`, `not-found`,
  /// `unavailable`, `limit`, `file`, `conflict`, and for the libraries' refusals `catalog`,
  /// `build`, `currency`, `rate`, `money`, `stock`, `inventory`, `session-file`.
  var code: String {
    switch self {
    case .unknownCommand: "unknown-command"
    case .unterminatedQuote: "syntax"
    case .missingArgument: "missing-argument"
    case .unexpectedArgument: "unexpected-argument"
    case .usage: "usage"
    case .badValue, .invalid: "bad-value"
    case .noSuchBuild: "no-such-build"
    case .notFound: "not-found"
    case .unavailable: "unavailable"
    case .limit: "limit"
    case .file: "file"
    case .conflict: "conflict"
    case .failed(_, let error): Self.code(of: error)
    case .within(_, let inner), .commentedNumber(let inner): inner.code
    case .alreadyReported: "reported"
    }
  }

  /// The message before escaping.
  private var text: String {
    switch self {
    case .unknownCommand(let name, let hint):
      return "unknown command '\(name)'\(hint) (try 'help')"
    case .unterminatedQuote(let mark, let line):
      return "unterminated quote \(mark) in '\(line)'"
    case .missingArgument(let command, let what, let hint):
      return "\(command): missing \(what) (\(hint))"
    case .unexpectedArgument(let command, let word, let hint):
      return "\(command): unexpected argument '\(word)' (\(hint))"
    case .usage(let command, let expected):
      return "\(command): expected \(expected)"
    case .badValue(let command, let what, let value, let expected):
      return "\(command): bad \(what) '\(value)' (expected \(expected))"
    case .noSuchBuild(let command, let number, let known, let total):
      let list =
        known.isEmpty
        ? "there are no builds"
        : "builds: \(known.map(String.init).joined(separator: ", "))"
          + (total > known.count ? ", ..." : "")
      return "\(command): no build #\(number) (\(list))"
    case .notFound(let command, let reason), .limit(let command, let reason),
      .invalid(let command, let reason),
      .file(let command, let reason), .conflict(let command, let reason):
      return Self.prefixed(command, reason)
    case .unavailable(let command, let reason):
      return "\(command): \(reason)"
    case .failed(let command, let error):
      return Self.prefixed(command, Self.description(of: error))
    case .within(let command, let inner):
      return "\(command): \(inner.text)"
    case .commentedNumber(let inner):
      return inner.text + " ('#' starts a comment: write the build number without it, or quote it)"
    case .alreadyReported:
      return ""
    }
  }

  private static func prefixed(_ command: String?, _ text: String) -> String {
    command.map { "\($0): \(text)" } ?? text
  }

  /// A library error's own one-line description (its `description`).
  private static func description(of error: any Error) -> String {
    String(describing: error)
  }

  /// The code of a library's refusal, by its type.
  private static func code(of error: any Error) -> String {
    switch error {
    case is BuildError, is RegistryError: "build"
    case is CatalogError, is UVLError, is JSONSyntaxError: "catalog"
    case is CurrencyError: "currency"
    case is RateError, is RateFileError: "rate"
    case is MoneyError: "money"
    case is StockError: "stock"
    case is InventoryError: "inventory"
    case is SessionFileError: "session-file"
    case is FileSystemError: "file"
    case is ConfigurationError, is ChoiceError: "conflict"
    default: "failed"
    }
  }
}
