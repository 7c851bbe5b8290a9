package import CarFactory
package import Support

/// `options` and `tree` read into invocations (SPEC §13, §14): the table's filters
/// (`find=TEXT`, `state=STATE,…`, `group=NAME`) and `by=ATTR` among a model's choices, or
/// alone on the working car; the tree's model, feature and `depth=N`.
extension InvocationParser {
  /// The keys `options` takes among its choices.
  private enum OptionsKey: CaseIterable {
    case by, find, state, group

    var name: StaticString {
      switch self {
      case .by: "by"
      case .find: "find"
      case .state: "state"
      case .group: "group"
      }
    }
  }

  /// The key a word starts with (`find=`), in any ASCII case, if any.
  private func optionsKey(_ index: Int) -> OptionsKey? {
    words.withWord(index) { word in
      OptionsKey.allCases.first { Self.word(word, startsWith: $0.name) }
    }
  }

  /// `options MODEL [CHOICE…] [by=ATTR] [find=TEXT] [state=STATE,…] [group=NAME]`, or
  /// `options [find=TEXT] [state=STATE,…] [group=NAME]` on the working car.
  func optionsInvocation() throws(CommandError) -> Invocation {
    let filterOnly = (1..<words.count).allSatisfy { optionsKey($0).map { $0 != .by } ?? false }
    if filterOnly, car != nil {
      let request = try carRequest(for: .options)
      let keyed = (1..<words.count).compactMap { index in optionsKey(index).map { (index, $0) } }
      return .carOptions(request, filter: try filter(keyed, of: request.line))
    }
    guard argumentCount >= 1, !filterOnly else {
      throw .missingArgument(command: "options", .model(known: catalogs.modelIDs))
    }
    // A filter first, then a word that is none: the car's table takes filters alone.
    if car != nil, let key = optionsKey(1), key != .by,
      let other = (2..<words.count).first(where: { optionsKey($0).map { $0 == .by } ?? true })
    {
      throw .unexpectedArgument(
        command: "options", word: words.string(other), hint: .usage(.command(.options)))
    }
    let configurator = try configurator(word: 1)
    var keyed: [(index: Int, key: OptionsKey)] = []
    var rest: [Int] = []
    for index in 2..<max(2, words.count) {
      if let key = optionsKey(index) { keyed.append((index, key)) } else { rest.append(index) }
    }
    let request = ModelRequest(
      configurator: configurator, choices: try choices(of: configurator, at: rest))
    let line = request.line
    var attribute: String?
    for (index, key) in keyed where key == .by {
      guard attribute == nil else { throw .usage(command: "options", .oneAttributeRange) }
      let name = try self.attribute(
        ("by", value(of: index, after: key)), of: line, for: "options")
      guard let id = line.attributeID(named: name) else {
        throw unknownAttribute(name, of: line, for: "options")
      }
      attribute = id
    }
    let filter = try filter(keyed.filter { $0.key != .by }, of: line)
    return .options(request, by: attribute, filter: filter)
  }

  /// Words (at their positions) as choices of a model (`options`, `count`, `sample`).
  func choices(of configurator: ProductConfigurator, at positions: [Int])
    throws(CommandError) -> [Choice]
  {
    do {
      return try configurator.choices(
        count: positions.count, reusing: &words.choiceStorage.pointee
      ) { words.bytes(of: positions[$0]) }
    } catch {
      throw .failed(command: nil, error)
    }
  }

  /// The text after a word's `KEY=`.
  private func value(of index: Int, after key: OptionsKey) -> String {
    String(words.string(index).dropFirst(key.name.utf8CodeUnitCount + 1))
  }

  /// The filter of `find=`, `state=` and `group=` words, each given at most once; `nil` when
  /// there are none.
  private func filter(_ keyed: [(index: Int, key: OptionsKey)], of line: ProductLine)
    throws(CommandError) -> OptionsFilter?
  {
    guard !keyed.isEmpty else { return nil }
    var filter = OptionsFilter()
    var given: Set<String> = []
    for (index, key) in keyed {
      let keyName = "\(key.name)"
      guard given.insert(keyName).inserted else {
        throw .invalid(command: "options", .keyTwice(keyName))
      }
      let text = value(of: index, after: key)
      switch key {
      case .find:
        guard !text.isEmpty else {
          throw .missingArgument(command: "options", .filterValue(key: keyName, known: []))
        }
        filter.text = text
      case .state:
        filter.states = try Self.states(text)
      case .group:
        guard !text.isEmpty else {
          throw .missingArgument(
            command: "options", .filterValue(key: keyName, known: line.groups.map(\.name)))
        }
        filter.group = try Self.group(named: text, of: line, for: "options")
      case .by:
        continue
      }
    }
    return filter
  }

  /// `state=A,B`: states by name in any case, each once, in the order given.
  private static func states(_ text: String) throws(CommandError) -> [OptionsReport.State] {
    guard !text.isEmpty else {
      throw .missingArgument(
        command: "options", .filterValue(key: "state", known: OptionsFilter.stateNames))
    }
    var states: [OptionsReport.State] = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let state = OptionsReport.State(rawValue: name.lowercased()) else {
        throw .badValue(
          command: "options", .state(known: OptionsFilter.stateNames), value: String(name))
      }
      if !states.contains(state) { states.append(state) }
    }
    return states
  }

  /// The group a name means (any case): a catalog's slot or equipment group, or a UVL
  /// feature; an error naming the nearest.
  static func group(named name: String, of line: ProductLine, for command: String)
    throws(CommandError) -> Int
  {
    if let group = line.groupIndex(named: name) { return group }
    let names = line.groups.map(\.name)
    throw .notFound(
      command: command,
      .group(
        name, model: line.model, nearest: Suggestion.nearest(to: name, in: names),
        names: names, features: line.buildsAreFeatures))
  }

  // MARK: tree

  /// `tree MODEL [FEATURE] [depth=N]`, or `tree [FEATURE] [depth=N]` on the working car: a
  /// first word that names a model is the model (as for `why`).
  func treeInvocation() throws(CommandError) -> Invocation {
    var depth: Int?
    var rest: [Int] = []
    for index in 1..<words.count {
      guard words.withWord(index, { Self.word($0, startsWith: "depth") }) else {
        rest.append(index)
        continue
      }
      guard depth == nil else { throw .invalid(command: "tree", .keyTwice("depth")) }
      let text = String(words.string(index).dropFirst("depth=".count))
      guard let levels = Int(text), levels >= 1, text.allSatisfy(\.isASCII),
        !text.hasPrefix("+")
      else {
        throw .badValue(command: "tree", .depth, value: text)
      }
      depth = levels
    }
    let request: ModelRequest
    var feature: Int?
    if let first = rest.first, let configurator = try model(word: first) {
      request = ModelRequest(configurator: configurator, choices: [])
      feature = rest.dropFirst().first
      if rest.count > 2 { throw unexpected(rest[2]) }
    } else if car != nil {
      request = try carRequest(for: .tree)
      feature = rest.first
      if rest.count > 1 { throw unexpected(rest[1]) }
    } else if let first = rest.first {
      // Not a model, and no car: the model's error (`unknown model`).
      request = ModelRequest(configurator: try configurator(word: first), choices: [])
    } else {
      throw .missingArgument(command: "tree", .model(known: catalogs.modelIDs))
    }
    let top = try feature.map { (index) throws(CommandError) in
      try Self.group(named: words.string(index), of: request.line, for: "tree")
    }
    return .tree(request, top: top, depth: depth)
  }

  /// The model a word names, if it names one.
  private func model(word index: Int) throws(CommandError) -> ProductConfigurator? {
    if let configurator = try catalogs.configurator(word: index, of: words) { return configurator }
    let name = words.string(index)
    guard catalogs.modelIDs.contains(ModelID(name.lowercased())) else { return nil }
    return try catalogs.configurator(named: name)
  }

  private func unexpected(_ index: Int) -> CommandError {
    .unexpectedArgument(command: "tree", word: words.string(index), hint: .usage(.command(.tree)))
  }
}
