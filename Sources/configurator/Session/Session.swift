internal import CarFactory
internal import Dealership
import Support

/// One session of the command language: its state, and the way every line goes through it —
/// read once into an ``Invocation``, run by the ``Interpreter`` against the state, its results
/// written by the renderer of the output format, the state saved to the store when it changed.
/// The three modes feed it lines; tests drive it directly.
final class Session {
  /// Builds, stock, money settings, the models in force.
  private(set) var state: SessionState
  /// The output format, and the renderer that writes every result in it.
  let format: OutputFormat
  let renderer: any Renderer
  /// How wide the text renderer's lines may be; the driver sets the width (``Screen``).
  let layout: TextLayout
  /// Where results go.
  let out: OutputStream
  /// Where errors of nested scripts (`read`) and warnings go.
  let err: OutputStream
  /// How scripts run: `--bail`, `--echo`, the `read` depth, the fast path's switch.
  var options = RunOptions()
  static let maximumReadDepth = 16
  /// The `--store` file the session is saved to after every command that changes it.
  private(set) var store: StoreKeeper?
  /// The `--store` this session only reads, when another process held it at the start:
  /// commands that change the session are refused.
  private(set) var reader: StoreReader?
  /// Why changes are refused: a save failed and the session could not be undone to the
  /// store (see ``commit(since:)``).
  private(set) var unsaved: FileSystemError?
  /// What runs invocations.
  private let interpreter: Interpreter
  /// The process's environment the interpreter reaches the world through; it knows the
  /// store, which `save` to the store's own path compacts.
  private let environment: ProcessEnvironment
  /// The scripted fast path (see ``runScriptLine(_:)``, `Session+Memo.swift`).
  var memo = ScriptMemo()
  /// The current line's words, refilled for every line (its storage is reused).
  private let words = WordList()

  /// A session with a state, writing in a format.
  init(
    state: SessionState, format: OutputFormat, out: OutputStream, err: OutputStream,
    environment: ProcessEnvironment = ProcessEnvironment(), layout: TextLayout = TextLayout()
  ) {
    self.state = state
    self.format = format
    self.layout = layout
    self.renderer = format.makeRenderer(out: out, err: err, layout: layout)
    self.out = out
    self.err = err
    self.environment = environment
    interpreter = Interpreter(environment: environment)
  }

  /// The working car's step (every value's state and reasons), the one its last change left
  /// when it is kept; `nil` without a car.
  var carStep: ConfigurationStep? {
    guard let request = try? interpreter.carRequest(state) else { return nil }
    return try? interpreter.carSteps.step(of: request)
  }

  /// A session over a registry's models, with no builds and the sample stock.
  convenience init(
    registry: CarRegistry, format: OutputFormat, out: OutputStream, err: OutputStream,
    money: MoneySettings = MoneySettings()
  ) {
    self.init(
      state: SessionState(catalogs: Catalogs(registry: registry), money: money), format: format,
      out: out, err: err)
  }

  /// Keeps the session in a store from now on, writing it there at once if the store does
  /// not hold it yet. The run's money options (`--currency`, `--rate`, `--rates`) are saved
  /// only with the first command that changes the session: reading commands never write
  /// them (SPEC §15).
  ///
  /// - Throws: ``CommandError`` if the store cannot be written.
  func keep(in store: StoreKeeper) throws(CommandError) {
    self.store = store
    environment.store = store
    try store.commit(state, includingMoney: false)
  }

  /// Reads a store held by another process from now on: commands that would change the
  /// session are refused naming the holder.
  func readOnly(_ reader: StoreReader) {
    self.reader = reader
  }

  /// Before a command of a reading session: takes what the store holds now if it changed
  /// since it was last read (see ``StoreReader/refresh()``; nothing is read when it did not).
  /// The store's currency and rates are followed unless this run set its own.
  ///
  /// - Throws: ``CommandError`` when the store changed and no longer reads; the session then
  ///   keeps what it read before.
  @inline(__always)
  private func followStore() throws(CommandError) {
    // Checked here, inline: a script's every line comes by, nearly always with no store read.
    guard reader != nil else { return }
    try followReader()
  }

  /// ``followStore()`` in a reading session.
  @inline(never)
  private func followReader() throws(CommandError) {
    guard let reader else { return }
    let update: StoreReader.Update?
    do {
      update = try reader.refresh()
    } catch {
      throw .failed(command: nil, error)
    }
    guard let update else { return }
    let ownMoney = state.currency != update.currency || state.money.rates != update.rates
    try state.follow(update.state, catalogs: update.catalogs, money: !ownMoney)
    reader.took(update)
  }

  /// Lets the store go at the end of the session (see ``StoreKeeper/letGo()``).
  func letGoOfStore() {
    store?.letGo()
  }

  /// Replaces the builds, stock, currency and rates with a saved session (as `load` does),
  /// all or nothing, and writes the store if there is one.
  ///
  /// - Throws: ``CommandError`` if the saved currency cannot be used with the saved rates, or
  ///   the store cannot be written.
  func adopt(_ saved: SavedSession) throws(CommandError) {
    let edits = state.edits
    try state.adopt(saved)
    try commit(since: edits)
  }

  /// The prompt: the usual one, or with a working car open, its model and running price
  /// (`hatch $34,435.00> `, SPEC §11).
  ///
  /// - Parameter usual: The prompt without a car.
  /// - Returns: The prompt to show.
  func prompt(_ usual: String) -> String {
    guard let car = state.car,
      let configurator = try? state.catalogs.configurator(named: car.model.rawValue)
    else { return usual }
    // A model without prices shows none (and its completion is not worked out for nothing).
    var shown = ""
    if configurator.line.pricesBuilds,
      let choices = try? configurator.line.choices(from: car.choices),
      let price = try? configurator.price(of: choices)
    {
      shown = " " + state.money.shown(price)
    }
    return "\(car.model.rawValue)\(shown)> ".escapingControlCharacters
  }

  /// What a command asks of the mode running it.
  enum Outcome: Equatable {
    case proceed
    case quit
  }

  /// Runs one command line (the prompt). Blank lines and `#` comments do nothing.
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

  /// Runs one command line given as UTF-8 bytes, by the general path.
  ///
  /// - Parameter line: The line, without its line break.
  /// - Returns: What the mode should do next.
  /// - Throws: ``CommandError`` with the one-line message for the user.
  @discardableResult
  func execute(bytes line: UnsafeBufferPointer<UInt8>) throws(CommandError) -> Outcome {
    try run(line, remembering: false)
  }

  /// Runs one command given as words (one-shot mode: the shell has split them).
  ///
  /// - Parameters:
  ///   - list: The command word and its arguments.
  ///   - output: Where `--output FILE` before the command word sends the output.
  /// - Returns: What the mode should do next.
  /// - Throws: ``CommandError`` with the one-line message for the user.
  func execute(words list: [String], output: OutputFile? = nil) throws(CommandError) -> Outcome {
    words.set(list)
    guard words.count > 0 else { return .proceed }
    try followStore()
    let trailing = try OutputOption.take(from: words).map(OutputFile.init(path:))
    if output != nil, let trailing {
      throw .invalid(command: "--output", .outputTwice(output?.path ?? "", trailing.path))
    }
    let invocation = try Invocation(words: words, in: state)
    guard let file = output ?? trailing else { return try perform(invocation) }
    return try perform(invocation, into: file)
  }

  /// Whether a one-shot command changes nothing (``Invocation/changesNothing``, and no `save`
  /// over the store this session reads); a command that does not read is taken to change
  /// nothing: it fails the same way either way.
  ///
  /// - Parameter list: The command's words.
  /// - Returns: `false` for a command that would change the session.
  func changesNothing(words list: [String]) -> Bool {
    words.set(list)
    guard words.count > 0,
      let invocation = try? Invocation(words: words, in: state)
    else { return true }
    // `save` over the store itself rewrites it (a compaction): the holder's work.
    if case .save(let path) = invocation, let reader, reader.isStore(at: path) { return false }
    return invocation.changesNothing
  }

  /// The general path of a line: read once by the command language, then
  /// ``perform(_:line:)`` (or, with a trailing `--output FILE`, ``perform(_:into:)``).
  func run(_ line: UnsafeBufferPointer<UInt8>, remembering: Bool) throws(CommandError)
    -> Outcome
  {
    // A session that reads a store held by another process takes what it holds now first.
    try followStore()
    guard let read = try InvocationParser.read(line, into: words, of: &state) else {
      return .proceed
    }
    if let output = read.output {
      return try perform(read.invocation, into: OutputFile(path: output))
    }
    return try perform(read.invocation, line: remembering ? line : nil)
  }

  /// Runs an invocation: `read` and `quit` here, every other command by the interpreter,
  /// its results through the renderer; then the store is written if the state changed.
  ///
  /// - Parameters:
  ///   - invocation: What the line asks for.
  ///   - line: The script line's bytes when the memo may answer it and learn from it.
  /// - Returns: What the mode should do next.
  /// - Throws: ``CommandError`` with the one-line message for the user.
  private func perform(_ invocation: Invocation, line: UnsafeBufferPointer<UInt8>? = nil)
    throws(CommandError) -> Outcome
  {
    if let reader {
      guard invocation.changesNothing else { throw reader.refusal }
      if case .save(let path) = invocation, reader.isStore(at: path) {
        throw .file(command: "save", .saveOverReadStore(path: path))
      }
    }
    if let unsaved, !invocation.changesNothing {
      throw .file(command: nil, .storeNotSaved(unsaved))
    }
    // An export is another file: never the store this session keeps or reads.
    if case .exportJournal(let path) = invocation, isOwnStore(at: path) {
      throw .file(command: "export", .outputIsStore(path: path))
    }
    switch invocation {
    case .quit: return .quit
    case .read(let path): return try read(path)
    default: break
    }
    if let line, try answeredByMemo(invocation, line: line) { return .proceed }
    let edits = state.edits
    let reply: Interpreter.Reply
    do {
      reply = try interpreter.run(invocation, on: &state)
    } catch {
      try commit(since: edits)
      throw error
    }
    // Saved before anything is written: a command whose change is not saved prints nothing.
    try commit(since: edits)
    // Most commands give one result: the first is written without an array of them all.
    if let first = reply.first { write(first, of: invocation, line: line) }
    for result in reply.more { write(result, of: invocation, line: line) }
    if let failure = reply.failure { throw failure }
    return .proceed
  }

  /// Runs an invocation with its output going to a file (`--output FILE`), on a copy of the
  /// state: the session takes the copy only once the file is written, so a file that cannot
  /// be written leaves the session as it was and no output half written.
  ///
  /// - Parameters:
  ///   - invocation: What the line asks for.
  ///   - file: Where its output goes.
  /// - Returns: What the mode should do next.
  /// - Throws: ``CommandError`` with the one-line message for the user.
  private func perform(_ invocation: Invocation, into file: OutputFile) throws(CommandError)
    -> Outcome
  {
    switch invocation {
    case .read, .quit:
      throw .usage(command: "--output", .commandWithOutput)
    default: break
    }
    // Before the command runs: a reading command too would replace the store with its report.
    if isOwnStore(at: file.path) {
      throw .file(command: "--output", .outputIsStore(path: file.path))
    }
    // A PDF needs a browser: without one the command does not run.
    let printer = file.isPDF ? try PDFPrinter.find(for: file.path) : nil
    var next = state
    let reply = try interpreter.run(invocation, on: &next)
    var results: [CommandResult] = []
    var warnings: [CommandResult] = []
    for result in (reply.first.map { [$0] } ?? []) + reply.more {
      if case .warning = result { warnings.append(result) } else { results.append(result) }
    }
    if let unsaved, next.edits != state.edits {
      throw .file(command: nil, .storeNotSaved(unsaved))
    }
    var bytes = file.contents(of: results, format: format, money: next.money)
    if let printer { bytes = try printer.print(bytes, for: file.path) }
    try file.write(bytes, store: store)
    let edits = state.edits
    state = next
    try commit(since: edits)
    for warning in warnings { renderer.render(warning, money: next.money) }
    if let failure = reply.failure { throw failure }
    return .proceed
  }

  /// Whether `path` leads to the store this session keeps or reads (``StorePlace``).
  func isOwnStore(at path: String) -> Bool {
    store?.isStore(at: path) ?? reader?.isStore(at: path) ?? false
  }

  /// Writes a result; the memo learns from it when the line may be remembered.
  private func write(
    _ result: CommandResult, of invocation: Invocation, line: UnsafeBufferPointer<UInt8>?
  ) {
    guard let line else { return renderer.render(result, money: state.money) }
    write(result, learningFrom: invocation, line: line)
  }

  /// Records another build of a configuration the book holds (the memo's replay): the
  /// interpreter records it, ``Interpreter/record(known:on:)``.
  func recordBuild(known configuration: UInt32) -> Int? {
    interpreter.record(known: configuration, on: &state)
  }

  /// Writes the state to the store if a command changed it (failed or not); a command that
  /// changed nothing writes nothing, even after an earlier write failed.
  ///
  /// A store that cannot be written leaves the session as the store last saved it (read back
  /// from it): the next command does not write the failed one's change, and a retry does not
  /// make it twice. If the store cannot be read back either, it takes no more changes.
  func commit(since edits: UInt64) throws(CommandError) {
    guard let store, state.edits != edits else { return }
    if let unsaved { throw .file(command: nil, .storeNotSaved(unsaved)) }
    do {
      try store.commit(state)
    } catch {
      undo(to: store)
      throw error
    }
  }

  /// After a failed save: the session as `store` last saved it.
  private func undo(to store: StoreKeeper) {
    do {
      let saved = try store.lastSaved(catalogs: state.catalogs)
      try state.follow(saved, catalogs: nil, money: true)
      store.holds(state)
    } catch {
      // Neither saved nor undone: a later change would write this one's too.
      unsaved = FileSystemError(
        "write", path: store.path,
        reason: "a save failed and the store could not be read back; start the session again")
    }
  }

  /// `read FILE`: runs a script file with this session, its errors reported with its name.
  private func read(_ path: String) throws(CommandError) -> Outcome {
    guard options.readDepth < Self.maximumReadDepth else {
      throw .limit(command: "read", .readDepth(maximum: Self.maximumReadDepth, path: path))
    }
    let descriptor = POSIX.openForReading(path)
    guard descriptor >= 0 else {
      throw .file(command: "read", .system(FileSystemError("open", path: path)))
    }
    defer { POSIX.close(descriptor) }
    if POSIX.isDirectory(descriptor) {
      throw .file(command: "read", .directory(path: path))
    }
    options.readDepth += 1
    defer { options.readDepth -= 1 }
    let result = ScriptRunner(session: self, label: .file(path)).run(
      LineReader(descriptor: descriptor))
    if !result.succeeded { throw .alreadyReported }
    return result.quit ? .quit : .proceed
  }
}
