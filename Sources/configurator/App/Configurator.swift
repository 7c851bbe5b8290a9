internal import CarFactory
internal import Dealership
internal import StockValuation
import Support

/// The program: parses the command line, sets up a session, picks the mode and returns the
/// exit status. `main.swift` only wires the process to it.
struct Configurator {
  let out: OutputStream
  let err: OutputStream
  let standardInput: Int32
  let inputIsTerminal: Bool
  let outputIsTerminal: Bool
  /// The process's clock, variables and files, which the session reaches through.
  var environment = ProcessEnvironment()

  /// Runs the program with the arguments after its name, then writes what is left of the
  /// output; a failure to write it (but a closed pipe) is reported and fails the run.
  ///
  /// - Parameter argumentList: The arguments.
  /// - Returns: The exit status.
  func run(_ argumentList: [String]) -> Int32 {
    var status = runArguments(argumentList)
    out.flush()
    // A closed pipe ends quietly; any other failed write to stdout is an error (SPEC §10).
    if let code = out.reportableFailure {
      if !out.failureReported {
        let failure = RunFailure.output(code: code, atEnd: true, inScript: false)
        out.failureReported = true
        ErrorReport.format(in: argumentList).makeRenderer(out: out, err: err)
          .failure(failure, at: .program)
      }
      if status == ErrorReport.Status.success { status = ErrorReport.Status.failure }
    }
    err.flush()
    return status
  }

  /// Reports a failure of the program in the run's format and returns its exit status.
  private func fail(_ error: any Error, format: OutputFormat) -> Int32 {
    format.makeRenderer(out: out, err: err).failure(error, at: .program)
    return ErrorReport.status(for: error)
  }

  private func runArguments(_ argumentList: [String]) -> Int32 {
    let arguments: Arguments
    do {
      arguments = try Arguments(parsing: argumentList)
    } catch {
      return fail(error, format: ErrorReport.format(in: argumentList))
    }
    let screen = Screen(
      width: arguments.width, noPager: arguments.noPager, format: arguments.format,
      outputIsTerminal: outputIsTerminal)
    if arguments.help {
      return screen.run(out: out, err: err, layout: nil, paging: true) {
        out.line(Usage.text(width: screen.width ?? TextLayout.helpColumns))
        return ErrorReport.Status.success
      }
    }
    if let shell = arguments.completion {
      out.write(CompletionScript.text(for: shell))
      return ErrorReport.Status.success
    }
    if arguments.version {
      out.line("configurator \(Usage.version)")
      return ErrorReport.Status.success
    }
    let session: Session
    do {
      session = try makeSession(arguments)
    } catch {
      return fail(error, format: arguments.format)
    }
    defer { session.letGoOfStore() }
    // The session lives as long as the process: taking apart models of thousands of features
    // and their solvers would cost a one-shot command a few per cent more, for memory the
    // process gives back when it exits anyway.
    _ = Unmanaged.passRetained(session)
    if !arguments.command.isEmpty {
      return screen.run(out: out, err: err, layout: session.layout, paging: true) {
        runOneShot(session, arguments.command, output: arguments.output.map(OutputFile.init))
      }
    }
    if let path = arguments.scriptFile {
      return screen.run(out: out, err: err, layout: session.layout, paging: true) {
        runScriptFile(session, path)
      }
    }
    if arguments.interactive || (!arguments.batch && inputIsTerminal && outputIsTerminal) {
      return InteractiveMode(session: session, input: standardInput, screen: screen).run()
    }
    // A script on standard input pages at a terminal, unless the user types it there.
    return screen.run(out: out, err: err, layout: session.layout, paging: !inputIsTerminal) {
      let result = ScriptRunner(session: session, label: .standardInput)
        .run(LineReader(descriptor: standardInput))
      return ErrorReport.status(succeeded: result.succeeded)
    }
  }

  /// Why a session could not be set up: a bad option value (exit 64) or a bad file (exit 1),
  /// as data (``ErrorReport`` words it).
  enum SetupError: Error {
    case usage(Arguments.UsageError)
    /// A file the session could not be set up with: a catalog, the rates, an inventory, the
    /// store; the error is the file's own.
    case file(any Error)
    /// A store another process holds (a bad file, exit 1, unless the run may read it).
    case busy(StoreKeeper.OpenError)
    /// A store whose currency cannot be used with the rates in force.
    case storeCurrency(path: String, CommandError)
  }

  /// The session of a run. With `--store`, one command that changes nothing (one-shot)
  /// reads the store without holding it; any other run holds it (a session that finds it
  /// held by another process reads it, and its changing commands are refused); see
  /// ``Invocation/changesNothing`` and `Docs/UserGuide.md`.
  private func makeSession(_ arguments: Arguments) throws(SetupError) -> Session {
    guard arguments.store != nil else { return try makeSession(arguments, store: nil) }
    if !arguments.command.isEmpty {
      var setup: StoreKeeper.Setup?? = nil
      if let read = try readStore(arguments, setup: &setup) {
        // Its warnings wait: this session gives way to a writer's when the command changes.
        let session = try makeSession(arguments, store: .reader(read), warning: false)
        guard let reader = session.reader,
          !session.changesNothing(words: arguments.command) || reader.wouldChange(to: session.state)
        else {
          warnOfChangedCatalogs(session, saved: read.state, arguments)
          return session
        }
        // A change, or options the store would keep: as a writer, if the store is free. The
        // models just loaded serve again unless the store's setup changed in between.
        let known = setup.map { (setup: $0, catalogs: read.catalogs) }
        do {
          return try makeSession(
            arguments, store: .keeper(try openStore(arguments, reusing: known)))
        } catch .busy(let held) {
          guard session.changesNothing(words: arguments.command) else { throw .file(held) }
          warnOfChangedCatalogs(session, saved: read.state, arguments)
          return session
        }
      }
      return try makeSession(arguments, store: .keeper(try openStore(arguments)))
    }
    do {
      return try makeSession(arguments, store: .keeper(try openStore(arguments)))
    } catch .busy(let held) {
      var setup: StoreKeeper.Setup?? = nil
      guard arguments.wait == nil, let read = try readStore(arguments, setup: &setup) else {
        throw .file(held)
      }
      return try makeSession(arguments, store: .reader(read))
    }
  }

  /// A store opened for a run: held, or only read.
  private enum OpenedStore {
    case keeper((keeper: StoreKeeper, state: SavedSession?, catalogs: Catalogs))
    case reader((reader: StoreReader, state: SavedSession, catalogs: Catalogs))

    var state: SavedSession? {
      switch self {
      case .keeper(let opened): opened.state
      case .reader(let opened): opened.state
      }
    }

    var catalogs: Catalogs {
      switch self {
      case .keeper(let opened): opened.catalogs
      case .reader(let opened): opened.catalogs
      }
    }
  }

  private func makeSession(_ arguments: Arguments, store: OpenedStore?, warning: Bool = true)
    throws(SetupError)
    -> Session
  {
    let catalogs: Catalogs
    if let store {
      catalogs = store.catalogs
    } else {
      do {
        catalogs = try models(arguments)
      } catch {
        throw .file(error)
      }
    }
    var money = MoneySettings(
      rounding: arguments.rounding.flatMap(Rounding.init(rawValue:)) ?? .halfEven,
      locale: arguments.locale)
    money.showsListPrices = arguments.listPrices
    do {
      try money.checkLocale()
    } catch {
      throw .usage(.refused(option: nil, error))
    }
    var asOf: CalendarDate?
    if let text = arguments.asOf {
      guard let date = CalendarDate(text) else {
        throw .usage(.badDate(text))
      }
      asOf = date
    }
    var rates = store?.state?.rates ?? RateTable.ecbReference
    if let path = arguments.ratesFile {
      do {
        rates = try RateTable.read(contentsOfFile: path, asOf: asOf)
      } catch {
        throw .file(error)
      }
    } else if let asOf, let date = rates.date, asOf < date {
      throw .usage(.noRatesBefore(asOf: asOf.description, builtIn: date.description))
    }
    for override in arguments.rateOverrides {
      guard let equals = override.firstIndex(of: "=") else {
        throw .usage(.badRate(override))
      }
      do {
        let rate = try InvocationParser.overrideRate(
          code: String(override[..<equals]),
          value: String(override[override.index(after: equals)...]))
        rates = rates.overriding(with: rate)
      } catch {
        throw .usage(.refused(option: "--rate", error))
      }
    }
    do {
      try money.setRates(rates)
    } catch {
      throw .file(error)
    }
    if let path = arguments.store, let saved = store?.state?.currency {
      do {
        try money.setCurrency(saved)
      } catch {
        throw .storeCurrency(path: path, error)
      }
    }
    if let code = arguments.currency {
      do {
        try money.setCurrency(MoneySettings.currency(code))
      } catch {
        throw .usage(.refused(option: "--currency", error))
      }
    }
    // What is in force (SPEC §16) is decided by the same day as the rates: --as-of, else
    // today; a bad CONFIGURATOR_TODAY is refused by the commands that date what they make.
    let day = asOf ?? (try? Today.date(for: "", in: environment)) ?? environment.systemDate()
    let inForce = catalogs.inForce(on: CatalogDate(day.description))
    money.reportDay = day
    var state = SessionState(catalogs: inForce, money: money)
    var warnings: [CommandResult] = []
    if let saved = store?.state {
      state = SessionState(catalogs: inForce, money: money, continuing: saved)
    } else if store != nil {
      // A new store starts with no stock (SPEC §4).
      state = SessionState(catalogs: inForce, money: money, stock: Stock())
    } else if let path = arguments.inventory {
      do {
        let (inventory, warning) = try Interpreter.readInventory(path, in: environment)
        if let warning { warnings.append(.warning(warning)) }
        let stock =
          switch inventory {
          case .lines(let lines): Stock(lines: lines)
          case .summary(let summary): Stock(summaries: [summary])
          }
        state = SessionState(catalogs: inForce, money: money, stock: stock)
      } catch {
        throw .file(error)
      }
    }
    let session = Session(
      state: state, format: arguments.format, out: out, err: err, environment: environment)
    for warning in warnings { session.renderer.render(warning, money: state.money) }
    if warning { warnOfChangedCatalogs(session, saved: store?.state, arguments) }
    session.options.bail = arguments.bail
    session.options.echo = arguments.echo
    // For benchmarks that time the reading of every line (Docs/Benchmarks.md): the memo's line
    // cache can be turned off.
    if POSIX.environment("CONFIGURATOR_LINE_CACHE") == "off" {
      session.options.memo = .answers
    }
    switch store {
    case .keeper(let opened):
      // A new store is written at once; a saved one only if options changed its rates or
      // currency.
      do {
        try session.keep(in: opened.keeper)
      } catch {
        throw .file(error)
      }
    case .reader(let opened): session.readOnly(opened.reader)
    case nil: break
    }
    return session
  }

  /// Says which catalogs a store remembers `--catalog` gave again with other bytes, each
  /// with the records made under another version of it: builds, stock lines made from a
  /// build, quotes, open orders, the working car (SPEC §16). Said at each opening until the
  /// store records the new bytes.
  private func warnOfChangedCatalogs(
    _ session: Session, saved: SavedSession?, _ arguments: Arguments
  ) {
    guard let saved, let store = arguments.store, !arguments.catalogs.isEmpty else { return }
    for warning in Self.changedCatalogs(saved, now: session.state.catalogs, store: store) {
      session.renderer.render(warning, money: session.state.money)
    }
  }

  private static func changedCatalogs(_ saved: SavedSession, now catalogs: Catalogs, store: String)
    -> [CommandResult]
  {
    let recorded = Dictionary(
      saved.catalogs.map { ($0.path, $0.sha256) }, uniquingKeysWith: { first, _ in first })
    let changed = catalogs.files.filter { file in
      recorded[file.path].map { $0 != file.sha256 } ?? false
    }
    guard !changed.isEmpty else { return [] }
    // Each record counts for the file that defines its model now, when it was made under
    // another version of it (a build records the digest of its catalog; the working car,
    // shaped under whatever was in force, counts whenever its model's file changed).
    let files = catalogs.modelFiles
    var counts: [String: Int] = [:]
    func count(_ record: BuildRecord) {
      guard let file = files[record.model], record.catalog != file.sha256 else { return }
      counts[file.path, default: 0] += 1
    }
    saved.builds.records.forEach(count)
    for index in saved.stock.lines.indices {
      if let specification = saved.stock.specification(ofLine: index) {
        count(specification.record)
      }
    }
    for quote in saved.quotes.entries {
      if let build = saved.builds.record(quote.build) { count(build) }
    }
    for order in saved.orders.openOrders(soldBy: saved.sales) {
      if let build = saved.quotes.entry(order.quote).flatMap({ saved.builds.record($0.build) }) {
        count(build)
      }
    }
    if let car = saved.car, let file = files[car.model] { counts[file.path, default: 0] += 1 }
    return changed.compactMap { file in
      guard let records = counts[file.path], records > 0 else { return nil }
      return .warning(.catalogChanged(file: file.path, store: store, records: records))
    }
  }

  /// The models of a run: the built-in models (none with `--clean`), then each `--catalog`,
  /// or, with none given, the catalogs a store remembers.
  ///
  /// - Parameters:
  ///   - arguments: The command line.
  ///   - clean: Whether to start without the built-in models.
  ///   - remembered: The catalog files a store loads when no `--catalog` is given.
  /// - Returns: The models in force.
  /// - Throws: ``CommandError`` with the catalog's own message, or naming a remembered file
  ///   that is missing or has changed.
  private func models(
    _ arguments: Arguments, clean: Bool? = nil, remembered: [CatalogFile] = []
  ) throws(CommandError) -> Catalogs {
    var catalogs = Catalogs.starting(clean: clean ?? arguments.clean)
    if arguments.catalogs.isEmpty {
      for file in remembered {
        catalogs = try catalogs.loading(remembered: file, in: environment)
      }
    }
    for path in arguments.catalogs {
      catalogs = try catalogs.loading(path, in: environment).catalogs
    }
    return catalogs
  }

  /// Opens the `--store` file, if one is given, with the models in force: a store created
  /// with `--clean` stays clean, and without `--catalog` the store's own catalogs are loaded
  /// again; with `--catalog`, the catalogs given are the store's from now on (SPEC §12). Its stock replaces the sample stock, so
  /// `--inventory` cannot be given with it.
  ///
  /// - Parameters:
  ///   - arguments: The command line.
  ///   - known: Models loaded for the store's setup just before (a one-shot command that read
  ///     the store first), used again when the store holds that setup still.
  /// - Returns: The held store, its saved state (none for a new store) and the models.
  /// - Throws: ``SetupError`` naming the store, `.busy` when another process holds it.
  private func openStore(
    _ arguments: Arguments, reusing known: (setup: StoreKeeper.Setup?, catalogs: Catalogs)? = nil
  ) throws(SetupError) -> (keeper: StoreKeeper, state: SavedSession?, catalogs: Catalogs) {
    let path = try storePath(arguments)
    let load = storeModels(arguments, path: path)
    do throws(StoreKeeper.OpenError) {
      return try StoreKeeper.open(
        path, creatingClean: arguments.clean, wait: arguments.wait ?? .none,
        models: { setup throws(StoreKeeper.OpenError) in
          if let known, known.setup == setup { return known.catalogs }
          return try load(setup)
        })
    } catch {
      throw error.isBusy ? .busy(error) : .file(error)
    }
  }

  /// Reads the `--store` file without holding it; `nil` when there is none yet.
  ///
  /// - Parameters:
  ///   - arguments: The command line.
  ///   - setup: Set to the store's setup the models were loaded for.
  /// - Returns: The reader, the store's last committed state and the models.
  /// - Throws: ``SetupError`` naming the store or a catalog it cannot load.
  private func readStore(_ arguments: Arguments, setup: inout StoreKeeper.Setup??)
    throws(SetupError) -> (reader: StoreReader, state: SavedSession, catalogs: Catalogs)?
  {
    let path = try storePath(arguments)
    let load = storeModels(arguments, path: path)
    var seen: StoreKeeper.Setup?? = nil
    defer { setup = seen }
    do throws(StoreKeeper.OpenError) {
      return try StoreReader.open(
        path,
        models: { stored throws(StoreKeeper.OpenError) in
          seen = .some(stored)
          return try load(stored)
        })
    } catch {
      throw .file(error)
    }
  }

  private func storePath(_ arguments: Arguments) throws(SetupError) -> String {
    guard let path = arguments.store else { throw .usage(.missingValue("--store")) }
    if arguments.inventory != nil { throw .usage(.inventoryWithStore) }
    return path
  }

  /// The models of a store, given what it remembers (see ``openStore(_:)``).
  private func storeModels(_ arguments: Arguments, path: String)
    -> (StoreKeeper.Setup?) throws(StoreKeeper.OpenError) -> Catalogs
  {
    { setup throws(StoreKeeper.OpenError) in
      let clean = setup?.isClean ?? arguments.clean
      if arguments.clean, !clean {
        throw StoreKeeper.OpenError.notClean(path: path)
      }
      do throws(CommandError) {
        return try models(arguments, clean: clean, remembered: setup?.catalogs ?? [])
      } catch {
        guard case .file = error else { throw StoreKeeper.OpenError.models(path: nil, error) }
        throw StoreKeeper.OpenError.models(path: path, error)
      }
    }
  }

  private func runOneShot(_ session: Session, _ words: [String], output: OutputFile?) -> Int32 {
    do {
      _ = try session.execute(words: words, output: output)
      return ErrorReport.Status.success
    } catch {
      session.renderer.failure(error, at: .program)
      return ErrorReport.status(for: error)
    }
  }

  private func runScriptFile(_ session: Session, _ path: String) -> Int32 {
    let descriptor = path == "-" ? standardInput : POSIX.openRegularForReading(path)
    guard descriptor >= 0 else {
      let failure = CommandError.file(command: nil, .script(FileSystemError("open", path: path)))
      session.renderer.failure(failure, at: .program)
      return ErrorReport.status(for: failure)
    }
    defer { if descriptor != standardInput { POSIX.close(descriptor) } }
    let result = ScriptRunner(session: session, label: .file(path))
      .run(LineReader(descriptor: descriptor))
    return ErrorReport.status(succeeded: result.succeeded)
  }
}
