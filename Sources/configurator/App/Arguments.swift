internal import CarFactory
internal import Dealership
import Support

/// The command line: global options, then (for one-shot mode) a command and its arguments.
struct Arguments: Equatable {
  var currency: String?
  var locale: String?
  var ratesFile: String?
  var rateOverrides: [String] = []
  var asOf: String?
  var rounding: String?
  var catalogs: [String] = []
  var inventory: String?
  var store: String?
  /// `--clean`: no built-in models and no sample stock, only the catalogs given (SPEC §12).
  var clean = false
  /// `--wait SECONDS`: how long to wait for another process's hold on the store.
  var wait: StoreWait?
  var format: OutputFormat = .text
  var bail = false
  var echo = false
  var batch = false
  var interactive = false
  var scriptFile: String?
  /// `--output FILE` (or `-o FILE`) before a one-shot command: its output goes to FILE.
  var output: String?
  var help = false
  var version = false
  /// The one-shot command and its arguments; empty for the script and interactive modes.
  var command: [String] = []

  /// Bad usage of the command line: exit status 64.
  struct UsageError: Error, Equatable {
    let message: String
  }

  /// The options that take a value, and the flags that don't.
  static let valued = [
    "--currency", "--locale", "--rates", "--rate", "--as-of", "--rounding", "--catalog",
    "--inventory", "--store", "--wait", "--format", "-f", "--output", "-o",
  ]
  /// Options that may also end a command's words (`quote 1 --output q.html`), which the
  /// session then reads.
  static let trailing = ["--output", "-o"]
  static let flags = [
    "--clean", "--bail", "--echo", "--batch", "--interactive", "-h", "--help", "--version",
  ]

  /// Parses the arguments after the program name. Options come before the command word only
  /// (SPEC §10): once the command has begun, every word is one of its arguments, so
  /// `configurator options van -drive=4wd` rules a value out (SPEC §7) and
  /// `configurator --store S stock load --replace FILE` passes `--replace` to `stock load`.
  /// `--` ends the options.
  init(parsing arguments: [String]) throws(UsageError) {
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      let isCommandWord = !command.isEmpty || !argument.hasPrefix("-") || argument == "-"
      if !optionsEnded, !command.isEmpty, argument.hasPrefix("-"),
        let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init),
        Self.valued.contains(name) || Self.flags.contains(name), !Self.trailing.contains(name)
      {
        // A global option after the command word would be read as one of its arguments.
        throw UsageError(
          message: "option '\(name)' must come before the command word "
            + "(configurator \(name) ... \(command.joined(separator: " ")) ...); "
            + "put '--' before the command to pass it as an argument")
      }
      if optionsEnded || isCommandWord {
        command.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if Self.flags.contains(name) {
        if inlineValue != nil {
          throw UsageError(message: "option '\(name)' takes no value")
        }
        switch name {
        case "--clean": clean = true
        case "--bail": bail = true
        case "--echo": echo = true
        case "--batch": batch = true
        case "--interactive": interactive = true
        case "--version": version = true
        default: help = true
        }
        continue
      }
      guard Self.valued.contains(name) else {
        let hint =
          Suggestion.hint(for: name, in: Self.valued + Self.flags)
        throw UsageError(message: "unknown option '\(argument)'\(hint)")
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else {
          throw UsageError(message: "option '\(name)' needs a value")
        }
        value = arguments[index]
        index += 1
      }
      guard !value.isEmpty else {
        throw UsageError(message: "option '\(name)' needs a value")
      }
      try set(name, value)
    }
    if scriptFile != nil, !command.isEmpty {
      throw UsageError(
        message:
          "-f runs a script file; a command ('\(command.joined(separator: " "))') cannot be given too"
      )
    }
    if output != nil, command.isEmpty {
      throw UsageError(
        message: "--output is for one command (configurator --output FILE COMMAND ...); "
          + "in a script or at the prompt, end a command's line with --output FILE")
    }
    if wait != nil, store == nil {
      throw UsageError(message: "--wait is for waiting on a held --store; give --store FILE too")
    }
    if batch, interactive {
      throw UsageError(message: "--batch and --interactive cannot be used together")
    }
  }

  private mutating func set(_ name: String, _ value: String) throws(UsageError) {
    func once(_ current: String?) throws(UsageError) -> String {
      guard current == nil else { throw UsageError(message: "option '\(name)' is given twice") }
      return value
    }
    switch name {
    case "--currency": currency = try once(currency)
    case "--locale": locale = try once(locale)
    case "--rates": ratesFile = try once(ratesFile)
    case "--rate": rateOverrides.append(value)
    case "--as-of": asOf = try once(asOf)
    case "--rounding":
      guard value == "half-even" || value == "half-up" else {
        throw UsageError(message: "bad rounding '\(value)' (use half-even or half-up)")
      }
      rounding = try once(rounding)
    case "--catalog": catalogs.append(value)
    case "--inventory": inventory = try once(inventory)
    case "--store": store = try once(store)
    case "--wait":
      guard wait == nil else { throw UsageError(message: "option '\(name)' is given twice") }
      guard let parsed = StoreWait(parsing: value) else {
        throw UsageError(
          message:
            "bad wait '\(value)' (seconds from 0 to \(StoreWait.maximumSeconds), "
            + "at most \(StoreWait.maximumFractionDigits) decimals, e.g. 0.5)")
      }
      wait = parsed
    case "--output", "-o": output = try once(output)
    case "--format":
      guard let parsed = OutputFormat(rawValue: value) else {
        let names = OutputFormat.allCases.map(\.rawValue)
        let hint = Suggestion.hint(for: value, in: names)
        throw UsageError(
          message: "bad format '\(value)'\(hint) (formats: \(names.joined(separator: ", ")))")
      }
      format = parsed
    default: scriptFile = try once(scriptFile)
    }
  }
}
