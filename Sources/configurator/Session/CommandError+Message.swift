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
    case .conflict, .noValidBuild: "conflict"
    case .noWorkingCar: "no-working-car"
    case .unanswered: "limit"
    case .failed(_, let error): Self.code(of: error)
    case .within(_, let inner), .commentedNumber(let inner): inner.code
    case .alreadyReported: "reported"
    }
  }

  /// The conflict this failure is, or wraps.
  var ruleConflict: RuleConflict? {
    switch self {
    case .conflict(let conflict): conflict
    case .within(_, let inner), .commentedNumber(let inner): inner.ruleConflict
    default: nil
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
      .invalid(let command, let reason), .file(let command, let reason):
      return Self.prefixed(command, reason)
    case .conflict(let conflict):
      return Self.text(of: conflict)
    case .noValidBuild(let models):
      let names = models.map(\.rawValue).joined(separator: ", ")
      return models.count == 1
        ? "lint: model \(names) has no valid build" : "lint: models \(names) have no valid build"
    case .unanswered(let error):
      return Self.text(of: error)
    case .unavailable(let command, let reason):
      return "\(command): \(reason)"
    case .failed(let command, let error):
      return Self.prefixed(command, Self.description(of: error))
    case .within(let command, let inner):
      return "\(command): \(inner.text)"
    case .commentedNumber(let inner):
      return inner.text + " ('#' starts a comment: write the build number without it, or quote it)"
    case .noWorkingCar(let command):
      return "\(command): no working car is open (open one with 'configure MODEL')"
    case .alreadyReported:
      return ""
    }
  }

  /// A conflict in one line: the choices, the rules involved (with their messages), and the
  /// smallest corrections with the price each would give (`drop paint=red → $45,300.00`).
  private static func text(of conflict: RuleConflict) -> String {
    let line = conflict.line
    var text = line.conflictText(conflict.conflict.reason)
    let ways = zip(conflict.conflict.corrections, conflict.shownPrices).map { correction, price in
      let drop = correction.drop.map { line.atom(of: $0) }.joined(separator: " and ")
      return "drop \(drop)" + (price.map { " → \($0)" } ?? "")
    }
    if !ways.isEmpty { text += "; " + ways.joined(separator: ", or ") }
    return text
  }

  /// Why the engine gave no answer.
  private static func text(of error: ConfigurationError) -> String {
    switch error {
    case .conflict(let conflict):
      return "the choices conflict (\(conflict.reason.rules.joined(separator: ", ")))"
    case .budgetExceeded(let what):
      return "\(what) took longer than the time limit of 10 s and was stopped"
    case .countUnfinished(let reason):
      return "count: \(reason)"
    case .priceOverflow:
      return "the prices add up to more than can be represented"
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
    case let choice as ChoiceError:
      switch choice {
      case .malformed, .missingValue, .oneValueOnly, .ambiguous: "bad-value"
      case .unknownGroup, .notOffered, .repeated, .unknownFeature: "build"
      }
    case is ConfigurationError: "conflict"
    default: "failed"
    }
  }
}
