package import CarFactory
package import StockValuation
package import Support

extension Invocation {
  /// Reads a command line's words: the command word (any case), then its arguments, each
  /// checked as what it must be. The words are read by their bytes; a `String` is made only
  /// for what is kept as text (a file name, a choice, a product name).
  ///
  /// - Parameters:
  ///   - words: The line's words; at least one.
  ///   - catalogs: The models in force, which `build`, `options`, `count` and `lint` name.
  ///   - car: The working car, which choice lines, `why` and `options` without a model change
  ///     or ask about.
  ///   - lastBuild: The newest build's number, which `last` names.
  /// - Throws: ``CommandError`` naming the first bad word.
  package init(
    words: WordList, catalogs: Catalogs, car: WorkingCar? = nil, lastBuild: Int? = nil
  ) throws(CommandError) {
    self = try InvocationParser(
      words: words.words, catalogs: catalogs.lent, car: car, lastBuild: lastBuild
    )
    .parse()
  }

  /// Reads a command line's words against a session: its models, its working car and its
  /// newest build.
  ///
  /// - Parameters:
  ///   - words: The line's words; at least one.
  ///   - state: The session.
  /// - Throws: ``CommandError`` naming the first bad word.
  package init(words: WordList, in state: SessionState) throws(CommandError) {
    try self.init(
      words: words, catalogs: state.catalogs, car: state.car, lastBuild: state.builds.lastNumber)
  }
}

/// The reading of one line's words into an ``Invocation``: one function per command, each
/// checking its arguments in order and naming the first bad one.
package struct InvocationParser {
  /// The line's words (a view of the session's ``WordList``, which outlives the parse).
  let words: Words
  /// The models in force (lent by the state, which outlives the parse).
  let catalogs: Catalogs.Lent
  /// The working car's model and choices, which choice lines, `why` and `options` without a
  /// model are about: only these, not the whole car with its history, which every line
  /// would copy.
  let car: (model: ModelID, choices: [String])?
  /// The newest build's number, which `last` names where a build number goes.
  let lastBuild: Int?

  package init(words: Words, catalogs: Catalogs.Lent, car: WorkingCar?, lastBuild: Int? = nil) {
    self.words = words
    self.catalogs = catalogs
    self.car = car.map { ($0.model, $0.choices) }
    self.lastBuild = lastBuild
  }

  package func parse() throws(CommandError) -> Invocation {
    guard let command = Command(word: 0, of: words) else {
      // `+ATOM`, `-ATOM` and `NAME=VALUE` change the working car.
      if words.withWord(0, Self.isChoiceWord) { return try change(from: 0) }
      throw unknownFirstWord()
    }
    // `COMMAND ... --help` is `help COMMAND` (SPEC §14): one word compared, at the end.
    if words.count > 1, words.withWord(words.count - 1, Self.isHelpFlag) { return .help(command) }
    switch command {
    case .help: return try help()
    case .models:
      try expectArguments(upTo: 0, for: command)
      return .models
    case .build: return try buildInvocation()
    case .options: return try optionsInvocation()
    case .tree: return try treeInvocation()
    case .count: return try countInvocation()
    case .sample: return try sampleInvocation()
    case .lint: return try lint()
    case .catalog: return try catalog()
    case .builds:
      try expectArguments(upTo: 0, for: command)
      return .builds
    case .show:
      if argumentCount == 1, let number = QuoteNumber.number(in: argument(0)) {
        return .showQuote(number)
      }
      return .show(build: try onlyBuildNumber(for: command))
    case .quotes:
      try expectArguments(upTo: 0, for: command)
      return .quotes
    case .revalidate:
      try expectArguments(upTo: 0, for: command)
      return .revalidate
    case .order: return try order()
    case .orders:
      try expectArguments(upTo: 0, for: command)
      return .orders
    case .remove: return .remove(build: try onlyBuildNumber(for: command))
    case .quote: return try quote()
    case .compare: return try compare()
    case .stock: return try stock()
    case .sales: return try sales()
    case .currency: return try currency()
    case .rates: return try rates()
    case .rate: return try rate()
    case .save: return .save(path: try onlyFile(for: command))
    case .load: return .load(path: try onlyFile(for: command))
    case .read: return .read(path: try onlyFile(for: command))
    case .dealer: return try dealer()
    case .floorplan: return try floorPlan()
    case .export: return try export()
    case .quit, .exit:
      try expectArguments(upTo: 0, for: command)
      return .quit
    case .configure: return .configure(try modelRequest(for: command))
    case .choose:
      guard argumentCount >= 1 else {
        throw .missingArgument(command: "choose", .atom(.command(.choose)))
      }
      return try change(from: 1)
    case .drop: return try drop()
    case .undo, .redo, .car, .done, .discard:
      try expectArguments(upTo: 0, for: command)
      switch command {
      case .undo: return .undo
      case .redo: return .redo
      case .car: return .car
      case .done: return .done
      default: return .discard
      }
    case .fix: return .fix(try onlyWayOutNumber(for: command))
    case .edit: return .edit(build: try onlyBuildNumber(for: command))
    case .why: return try why()
    case .rules: return try rules()
    }
  }

  /// The number of arguments after the command word.
  var argumentCount: Int { words.count - 1 }

  /// Argument `index` (0 is the first after the command word) as text.
  func argument(_ index: Int) -> String { words.string(index + 1) }

  /// Whether argument `index` is `keyword` (lower-case ASCII) in any case.
  func argument(_ index: Int, is keyword: StaticString) -> Bool {
    words.withWord(index + 1) { word in
      ASCII.equalsIgnoringCase(
        word, UnsafeBufferPointer(start: keyword.utf8Start, count: keyword.utf8CodeUnitCount))
    }
  }

  /// A first word that is no command; when it names a value of the working car's model, the
  /// message says how to choose it (a bare first word is not a change: `heated` could be a
  /// mistyped command).
  func unknownFirstWord() -> CommandError {
    let name = words.string(0)
    if let car, let configurator = try? catalogs.configurator(named: car.model.rawValue),
      (try? configurator.line.choices(from: [name])) != nil
    {
      return .unknownCommand(name, hint: .choosable)
    }
    return Self.unknownCommand(name)
  }

  static func unknownCommand(_ name: String) -> CommandError {
    let names = Command.allCases.map(\.rawValue)
    return .unknownCommand(name, hint: .nearest(Suggestion.nearest(to: name, in: names)))
  }

  /// Whether a word is `--help`.
  static func isHelpFlag(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    word.elementsEqual("--help".utf8)
  }

  /// Whether a word changes the working car when it comes first: `+ATOM`, `-ATOM`, `NAME=VALUE`.
  static func isChoiceWord(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = word.first else { return false }
    return first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
      || word.contains(UInt8(ascii: "="))
  }

  /// Refuses arguments past the first `count`.
  func expectArguments(upTo count: Int, for command: Command) throws(CommandError) {
    guard argumentCount > count else { return }
    throw .unexpectedArgument(
      command: command.rawValue, word: argument(count), hint: .usage(.command(command)))
  }

  // MARK: help, lint, catalog

  private func help() throws(CommandError) -> Invocation {
    if argumentCount > 1 {
      throw .unexpectedArgument(command: "help", word: argument(1), hint: .usage(.command(.help)))
    }
    guard argumentCount == 1 else { return .help(nil) }
    let name = argument(0)
    guard let command = Command(rawValue: name.lowercased()) else {
      throw Self.unknownCommand(name)
    }
    return .help(command)
  }

  private func lint() throws(CommandError) -> Invocation {
    try expectArguments(upTo: 1, for: .lint)
    guard argumentCount == 0 else { return .lint([try catalogs.configurator(named: argument(0))]) }
    // Every model in force on the day: one out of force (`--as-of`) has nothing to lint.
    var configurators: [ProductConfigurator] = []
    for model in catalogs.modelIDs {
      do {
        configurators.append(try catalogs.configurator(named: model.rawValue))
      } catch {
        if case .failed(_, let cause) = error, case .notOffered? = cause as? BuildError {
          continue
        }
        throw error
      }
    }
    return .lint(configurators)
  }

  private func catalog() throws(CommandError) -> Invocation {
    if argumentCount >= 1, argument(0, is: "diff") { return try catalogDiff() }
    guard argumentCount == 2, argument(0, is: "load") else {
      throw .usage(command: "catalog", .catalogLoad)
    }
    return .catalogLoad(path: argument(1))
  }

  // MARK: build, options, count

  /// `MODEL [CHOICE…]`, read against the model's product line.
  func modelRequest(for command: Command) throws(CommandError) -> ModelRequest {
    guard argumentCount >= 1 else {
      throw .missingArgument(command: command.rawValue, .model(known: catalogs.modelIDs))
    }
    let configurator = try configurator(word: 1)
    return ModelRequest(configurator: configurator, choices: try choices(of: configurator, from: 2))
  }

  /// The model of a request: the word's model, bytes compared without ASCII case.
  func configurator(word index: Int) throws(CommandError) -> ProductConfigurator {
    var configurator = try catalogs.configurator(word: index, of: words)
    if configurator == nil { configurator = try catalogs.configurator(named: words.string(index)) }
    guard let configurator else { throw Self.unknownCommand(words.string(index)) }
    return configurator
  }

  /// Words `from…` (`count` of them, else all) as choices of a model.
  func choices(of configurator: ProductConfigurator, from first: Int, count: Int? = nil)
    throws(CommandError) -> [Choice]
  {
    do {
      return try configurator.choices(
        count: count ?? max(0, words.count - first), reusing: &words.choiceStorage.pointee
      ) { index in words.bytes(of: index + first) }
    } catch {
      throw .failed(command: nil, error)
    }
  }

  // MARK: build numbers

  /// `N`, the only argument.
  private func onlyBuildNumber(for command: Command) throws(CommandError) -> Int {
    guard argumentCount >= 1 else {
      throw .missingArgument(command: command.rawValue, .buildNumber(.command(command)))
    }
    try expectArguments(upTo: 1, for: command)
    return try buildNumber(0, for: command.rawValue)
  }

  /// Argument `index` as a build number: `3` or `#3` (quoted, since `#` starts a comment).
  func buildNumber(_ index: Int, for command: String) throws(CommandError) -> Int {
    if let number = words.withWord(index + 1, ASCII.positiveNumber) { return number }
    if argument(index, is: "last") { return try last(for: command) }
    let text = argument(index)
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard let number = Int(digits), number > 0, digits.allSatisfy(\.isASCII) else {
      throw .badValue(command: command, .buildNumber, value: text)
    }
    return number
  }

  /// The newest build's number, for `last`.
  func last(for command: String) throws(CommandError) -> Int {
    guard let lastBuild else { throw .notFound(command: command, .lastBuild) }
    return lastBuild
  }

  /// Argument `index` as a quantity: a whole number from 1.
  func quantity(_ index: Int, for command: String) throws(CommandError) -> Int64 {
    if let number = words.withWord(index + 1, ASCII.positiveNumber) { return Int64(number) }
    let text = argument(index)
    guard let value = Int64(text), value > 0, text.allSatisfy(\.isASCII), !text.hasPrefix("+")
    else {
      throw .badValue(command: command, .quantity, value: text)
    }
    return value
  }

  private func compare() throws(CommandError) -> Invocation {
    guard argumentCount == 2 else {
      try expectArguments(upTo: 2, for: .compare)
      throw .usage(command: "compare", .twoBuildNumbers)
    }
    return .compare(try buildNumber(0, for: "compare"), try buildNumber(1, for: "compare"))
  }

  // MARK: files

  /// `FILE`, the only argument.
  private func onlyFile(for command: Command) throws(CommandError) -> String {
    guard argumentCount >= 1 else {
      throw .missingArgument(command: command.rawValue, .file(.command(command)))
    }
    try expectArguments(upTo: 1, for: command)
    return argument(0)
  }
}
