internal import Dealership
internal import StockValuation

/// The shells `--completion SHELL` writes a completion script for.
enum CompletionShell: String, CaseIterable {
  case bash
  case zsh
  case fish
}

/// A shell completion script (`configurator --completion bash|zsh|fish`): the commands and
/// their words after them, the global options and their values, files where a file goes, and
/// the model ids of the models in force, which the script asks the program itself for
/// (`configurator [--catalog FILE…] [--store FILE] [--clean] models --format csv`, the
/// options already on the line passed on).
///
/// The words come from the language and the options ``Arguments`` reads, so the script
/// cannot offer a command that does not exist.
enum CompletionScript {
  /// The script for `shell`.
  static func text(for shell: CompletionShell) -> String {
    switch shell {
    case .bash: bash
    case .zsh: zsh
    case .fish: fish
    }
  }

  /// Every command word.
  static var commands: [String] { Command.allCases.map(\.rawValue) }

  /// Every global option.
  static var options: [String] { Arguments.valued + Arguments.flags }

  /// The options whose value is a file.
  static let fileOptions = [
    "-f", "--catalog", "--store", "--rates", "--inventory", "--output", "-o",
  ]

  /// The options whose value comes from a short list, and the list.
  static let optionValues: [(option: String, values: [String])] = [
    ("--format", OutputFormat.allCases.map(\.rawValue)),
    ("--rounding", ["half-even", "half-up"]),
    ("--completion", CompletionShell.allCases.map(\.rawValue)),
  ]

  /// The options that pick models, passed on when the script asks for the model ids.
  static let modelOptions = ["--catalog", "--store"]

  /// Currency codes, in lower case (`stock gbp`).
  static var currencies: [String] { Currency.all.map { $0.code.lowercased() } }

  /// The commands whose first argument is a model id.
  static let modelCommands = ["build", "options", "count", "configure", "lint", "rules"]

  /// The commands whose argument is a file.
  static let fileCommands = ["read", "load", "save"]

  /// The words after `stock` other than currency codes.
  static var stockActions: [String] { InvocationParser.stockSubcommands }

  /// Words joined by spaces, for a shell list.
  static func list(_ words: [String]) -> String { words.joined(separator: " ") }
}
