internal import Dealership
import Support

/// The words of bad usage of the command line (``Arguments/UsageError``).
extension Arguments.UsageError {
  /// The one-line message, without the hint to `--help` that ``ErrorReport`` adds.
  var message: String {
    switch self {
    case .optionAfterCommand(let name, let command):
      "option '\(name)' must come before the command word "
        + "(configurator \(name) ... \(command.joined(separator: " ")) ...); "
        + "put '--' before the command to pass it as an argument"
    case .flagWithValue(let name): "option '\(name)' takes no value"
    case .unknownOption(let option, let nearest):
      "unknown option '\(option)'" + (nearest.map { "; did you mean '\($0)'?" } ?? "")
    case .missingValue(let name): "option '\(name)' needs a value"
    case .givenTwice(let name): "option '\(name)' is given twice"
    case .scriptWithCommand(let command):
      "-f runs a script file; a command ('\(command.joined(separator: " "))') cannot be given too"
    case .outputWithoutCommand:
      "--output is for one command (configurator --output FILE COMMAND ...); "
        + "in a script or at the prompt, end a command's line with --output FILE"
    case .waitWithoutStore: "--wait is for waiting on a held --store; give --store FILE too"
    case .batchAndInteractive: "--batch and --interactive cannot be used together"
    case .badRounding(let value): "bad rounding '\(value)' (use half-even or half-up)"
    case .badWait(let value):
      "bad wait '\(value)' (seconds from 0 to \(StoreWait.maximumSeconds), "
        + "at most \(StoreWait.maximumFractionDigits) decimals, e.g. 0.5)"
    case .badFormat(let value, let nearest):
      "bad format '\(value)'" + (nearest.map { "; did you mean '\($0)'?" } ?? "")
        + " (formats: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
    case .badDate(let text): "bad date '\(text)' for --as-of (expected YYYY-MM-DD)"
    case .noRatesBefore(let asOf, let builtIn):
      "no built-in rates on or before \(asOf) (the built-in ECB rates are of \(builtIn); "
        + "use --rates FILE)"
    case .badRate(let text):
      "bad rate '\(text)' for --rate (expected CODE=VALUE, like GBP=0.60338)"
    case .refused(let option?, let error): "\(option): \(error.message)"
    case .refused(nil, let error): error.message
    case .inventoryWithStore:
      "--inventory cannot be used with --store (the store keeps its own stock; "
        + "use 'stock load FILE' to add an inventory to it)"
    case .badWidth(let value):
      "bad width '\(value)' for --width (columns from 0 to 100000; 0 for no limit)"
    case .badShell(let value, let nearest):
      "no completion script for '\(value)'" + (nearest.map { "; did you mean '\($0)'?" } ?? "")
        + " (shells: \(CompletionShell.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
  }
}
