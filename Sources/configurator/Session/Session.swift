internal import CarFactory
internal import StockValuation
import Support

/// One session of the command language: its state (builds, stock, currency, rates), the
/// commands that read and change it, and the renderer their results go through. The three
/// modes feed it lines; tests drive it directly.
///
/// Commands (`Session+Cars.swift` and the other `Session+…` files) return a
/// ``CommandResult``; ``emit(_:)`` hands every result to the renderer of the output format.
final class Session {
  let registry: CarRegistry
  var builds = BuildBook()
  /// The stock: lines of name, category, USD unit price, quantity and tax.
  var stock: [StockLine] = StartingStock.lines {
    didSet {
      caches.stockTotals = nil
      caches.stockPositions = nil
    }
  }
  /// Inventory files too large to keep line by line, kept as per-category totals.
  var stockSummaries: [StockSummary] = [] { didSet { caches.stockTotals = nil } }
  /// Files with more lines than this are summarized rather than kept line by line.
  static let summaryThreshold = 100_000
  /// Files larger than this are summarized too (their lines are read from memory).
  static let summaryByteThreshold = 32 << 20
  /// Report currency, rates in force, rounding and locale.
  var money: MoneySettings
  /// The output format, and the renderer that writes every result in it.
  let format: OutputFormat
  let renderer: any Renderer
  /// Where results go.
  let out: OutputStream
  /// Where errors of nested scripts (`read`) go.
  let err: OutputStream
  /// How scripts run: `--bail`, `--echo`, the `read` depth, the fast paths' switches.
  var options = RunOptions()
  static let maximumReadDepth = 16
  /// The current line's words, refilled for every line (its storage is reused).
  let words = WordList()
  /// What the session keeps to go faster: rendered builds, replayed lines, made cars, the
  /// stock's totals, the models' solvers (see ``SessionCaches``).
  var caches = SessionCaches()
  /// The `--store` file the session is saved to after every command that changes it.
  var store: StoreKeeper?

  init(
    registry: CarRegistry, format: OutputFormat, out: OutputStream, err: OutputStream,
    money: MoneySettings = MoneySettings()
  ) {
    self.registry = registry
    self.money = money
    self.format = format
    self.renderer = format.makeRenderer(out: out)
    self.out = out
    self.err = err
  }

  /// What a command asks of the mode running it.
  enum Outcome: Equatable {
    case proceed
    case quit
  }

  /// Runs one command line. Blank lines and `#` comments do nothing.
  ///
  /// - Throws: ``CommandError`` with the one-line message for the user.
  @discardableResult
  func execute(_ line: Substring) throws(CommandError) -> Outcome {
    var line = line
    let outcome: Result<Outcome, CommandError> = line.withUTF8 { bytes in
      Result { () throws(CommandError) in try execute(bytes: bytes) }
    }
    return try outcome.get()
  }

  /// Runs one command line given as UTF-8 bytes (the script path: the line is split by
  /// its bytes, see ``Tokenizer``). Blank lines and `#` comments do nothing.
  ///
  /// - Parameter line: The line, without its line break.
  /// - Returns: What the mode should do next.
  /// - Throws: ``CommandError`` with the one-line message for the user.
  @discardableResult
  func execute(bytes line: UnsafeBufferPointer<UInt8>) throws(CommandError) -> Outcome {
    guard !Tokenizer.isBlankOrComment(line) else { return .proceed }
    do {
      try words.split(line)
    } catch {
      switch error {
      case .unterminatedQuote(let mark):
        let text = String(decoding: line, as: UTF8.self)
        throw .unterminatedQuote(mark, line: text)
      }
    }
    guard words.count > 0 else { return .proceed }
    do {
      return try committing { () throws(CommandError) in try perform(words) }
    } catch  where words.commentStartsWithDigit {
      // `show #1` ran as `show`: say why its number was not seen.
      throw .commentedNumber(error)
    }
  }

  /// Runs one command given as words (one-shot mode passes its arguments here).
  func execute(words: [String]) throws(CommandError) -> Outcome {
    try committing { () throws(CommandError) in try perform(words) }
  }

  /// Runs a command and, with a store, saves the session after it if it changed the
  /// session, failed or not.
  private func committing(_ command: () throws(CommandError) -> Outcome) throws(CommandError)
    -> Outcome
  {
    guard let store else { return try command() }
    // Under a store every line must come through here to be saved: none is cached for the
    // scripted replay, which bypasses this method.
    defer { caches.lastBuildConfiguration = nil }
    let before = SessionFingerprint(state)
    let outcome: Outcome
    do {
      outcome = try command()
    } catch {
      try store.commit(self, changedSince: before)
      throw error
    }
    try store.commit(self, changedSince: before)
    return outcome
  }

  /// Runs a command given as words.
  ///
  /// - Parameter words: The command word and its arguments.
  /// - Returns: What the mode should do next.
  /// - Throws: ``CommandError`` with the one-line message for the user.
  func perform(_ words: [String]) throws(CommandError) -> Outcome {
    guard let name = words.first else { return .proceed }
    let arguments = Array(words.dropFirst())
    guard let command = Command(keyword: name) else {
      throw Self.unknownCommand(name)
    }
    let result: CommandResult
    switch command {
    case .help: result = try help(arguments)
    case .models: result = try models(arguments)
    case .build: result = try build(arguments)
    case .options: result = try options(arguments)
    case .count: result = try count(arguments)
    case .lint: result = try lint(arguments)
    case .catalog:
      result = try catalog(arguments)
      // The models changed: what was known of their builds by bytes may be stale.
      forgetBuildCaches()
    case .builds: result = try listBuilds(arguments)
    case .show: result = try show(arguments)
    case .remove: result = try remove(arguments)
    case .quote: result = try quote(arguments)
    case .compare: result = try compare(arguments)
    case .stock: result = try stock(arguments)
    case .currency: result = try currency(arguments)
    case .rates: result = try rates(arguments)
    case .rate: result = try rate(arguments)
    case .save: result = try save(arguments)
    case .load: result = try load(arguments)
    case .read: return try read(arguments)
    case .quit, .exit:
      try expectNoArguments(arguments, for: command)
      return .quit
    }
    emit(result)
    return .proceed
  }

  /// Writes a result through the renderer. A build is written from its configuration's
  /// cached bytes, which the scripted fast path replays.
  func emit(_ result: CommandResult) {
    if case .build(let number, let configuration) = result, let index = configuration.index,
      renderer.writesCachedBuilds
    {
      renderer.writeBuild(number: number, bytes: template(for: index, car: configuration.car))
      return
    }
    renderer.render(result, money: &money)
  }

  static func unknownCommand(_ name: String) -> CommandError {
    let names = Command.allCases.map(\.rawValue)
    let hint = Suggestion.hint(for: name, in: names)
    return .unknownCommand(name, hint: hint)
  }

  func expectNoArguments(_ arguments: [String], for command: Command) throws(CommandError) {
    guard let extra = arguments.first else { return }
    throw .unexpectedArgument(
      command: command.rawValue, word: extra, hint: "usage: \(command.synopsis)")
  }
}
