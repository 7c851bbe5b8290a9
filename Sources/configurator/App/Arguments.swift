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
  /// `--list-prices`: amounts in another currency carry the USD list price beside them.
  var listPrices = false
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
  /// `--width N`: the columns text is laid out in (0: no limit); `nil` for the terminal's.
  var width: Int?
  /// `--no-pager`: long output at a terminal is never paged.
  var noPager = false
  /// `--completion SHELL`: print the shell's completion script and exit.
  var completion: CompletionShell?
  /// The one-shot command and its arguments; empty for the script and interactive modes.
  var command: [String] = []

  /// Bad usage of the command line (exit status 64), as data; its words are in
  /// `Output/UsageError+Message.swift`.
  enum UsageError: Error {
    /// A global option after the command word, which would be read as its argument.
    case optionAfterCommand(String, command: [String])
    /// A flag given a value (`--bail=yes`).
    case flagWithValue(String)
    /// An option there is none of, and the nearest there is.
    case unknownOption(String, nearest: String?)
    /// An option without its value.
    case missingValue(String)
    /// An option given twice.
    case givenTwice(String)
    /// `-f FILE` with a command.
    case scriptWithCommand([String])
    /// `--output` with no command.
    case outputWithoutCommand
    /// `--wait` with no store.
    case waitWithoutStore
    /// `--batch` with `--interactive`.
    case batchAndInteractive
    /// A `--rounding` that is neither rule.
    case badRounding(String)
    /// A `--wait` that is no number of seconds.
    case badWait(String)
    /// A `--format` there is none of, and the nearest there is.
    case badFormat(String, nearest: String?)
    /// An `--as-of` that is no date.
    case badDate(String)
    /// An `--as-of` before the built-in rates' date.
    case noRatesBefore(asOf: String, builtIn: String)
    /// A `--rate` that is not `CODE=VALUE`.
    case badRate(String)
    /// A value the session refused for an option (`--rate`, `--currency`; the locale's
    /// refusal is its own message).
    case refused(option: String?, CommandError)
    /// `--inventory` with `--store`.
    case inventoryWithStore
    /// A `--width` that is no number of columns.
    case badWidth(String)
    /// A `--completion` for a shell there is no script for, and the nearest there is.
    case badShell(String, nearest: String?)
  }

  /// The options that take a value, and the flags that don't.
  static let valued = [
    "--currency", "--locale", "--rates", "--rate", "--as-of", "--rounding", "--catalog",
    "--inventory", "--store", "--wait", "--format", "-f", "--output", "-o", "--width",
    "--completion",
  ]
  /// Options that may also end a command's words (`quote 1 --output q.html`), which the
  /// session then reads.
  static let trailing = ["--output", "-o"]
  static let flags = [
    "--clean", "--bail", "--echo", "--batch", "--interactive", "--list-prices", "-h", "--help",
    "--version", "--no-pager",
  ]

  /// Parses the arguments after the program name. Options come before the command word only
  /// (SPEC §10): once the command has begun, every word is one of its arguments, so
  /// `configurator options van -drive=4wd` rules a value out (SPEC §7) and
  /// `configurator --store S stock load --replace FILE` passes `--replace` to `stock load`.
  /// `--` ends the options. `--help` as the command's last word asks for the command's help
  /// (`configurator build --help`), which the session reads.
  init(parsing arguments: [String]) throws(UsageError) {
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      let isCommandWord = !command.isEmpty || !argument.hasPrefix("-") || argument == "-"
      if !optionsEnded, !command.isEmpty, argument.hasPrefix("-"),
        let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init),
        Self.valued.contains(name) || Self.flags.contains(name), !Self.trailing.contains(name),
        !(argument == "--help" && index == arguments.count)
      {
        // A global option after the command word would be read as one of its arguments.
        throw .optionAfterCommand(name, command: command)
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
          throw .flagWithValue(name)
        }
        switch name {
        case "--clean": clean = true
        case "--list-prices": listPrices = true
        case "--bail": bail = true
        case "--echo": echo = true
        case "--batch": batch = true
        case "--interactive": interactive = true
        case "--version": version = true
        case "--no-pager": noPager = true
        default: help = true
        }
        continue
      }
      guard Self.valued.contains(name) else {
        throw .unknownOption(
          argument, nearest: Suggestion.nearest(to: name, in: Self.valued + Self.flags))
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else { throw .missingValue(name) }
        value = arguments[index]
        index += 1
      }
      guard !value.isEmpty else { throw .missingValue(name) }
      try set(name, value)
    }
    if scriptFile != nil, !command.isEmpty { throw .scriptWithCommand(command) }
    if output != nil, command.isEmpty { throw .outputWithoutCommand }
    if wait != nil, store == nil { throw .waitWithoutStore }
    if batch, interactive { throw .batchAndInteractive }
  }

  private mutating func set(_ name: String, _ value: String) throws(UsageError) {
    func once(_ current: String?) throws(UsageError) -> String {
      guard current == nil else { throw .givenTwice(name) }
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
        throw .badRounding(value)
      }
      rounding = try once(rounding)
    case "--catalog": catalogs.append(value)
    case "--inventory": inventory = try once(inventory)
    case "--store": store = try once(store)
    case "--wait":
      guard wait == nil else { throw .givenTwice(name) }
      guard let parsed = StoreWait(parsing: value) else { throw .badWait(value) }
      wait = parsed
    case "--output", "-o": output = try once(output)
    case "--width":
      guard width == nil else { throw .givenTwice(name) }
      guard let columns = Int(value), columns >= 0, columns <= 100_000 else {
        throw .badWidth(value)
      }
      width = columns
    case "--completion":
      guard completion == nil else { throw .givenTwice(name) }
      guard let shell = CompletionShell(rawValue: value) else {
        let names = CompletionShell.allCases.map(\.rawValue)
        throw .badShell(value, nearest: Suggestion.nearest(to: value, in: names))
      }
      completion = shell
    case "--format":
      guard let parsed = OutputFormat(rawValue: value) else {
        let names = OutputFormat.allCases.map(\.rawValue)
        throw .badFormat(value, nearest: Suggestion.nearest(to: value, in: names))
      }
      format = parsed
    default: scriptFile = try once(scriptFile)
    }
  }
}
