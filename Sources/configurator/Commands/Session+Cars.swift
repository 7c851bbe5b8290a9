internal import CarFactory

extension Session {
  // MARK: models

  func models(_ arguments: [String]) throws(CommandError) -> CommandResult {
    try expectNoArguments(arguments, for: .models)
    let rows = registry.models.compactMap { definition -> ModelRow? in
      guard let car = try? Car(factory: registry.factory(for: definition.id)) else { return nil }
      return ModelRow(definition: definition, car: car)
    }
    let featureModels = registry.modelIDs.filter { registry.isFeatureModel($0) }
      .compactMap { try? registry.productLine(for: $0) }
    guard !featureModels.isEmpty else { return .models(rows) }
    // Two tables: the cars, then the UVL models (which have features, not parts).
    emit(.models(rows))
    return .featureModels(featureModels)
  }

  // MARK: build

  func build(_ arguments: [String]) throws(CommandError) -> CommandResult {
    guard let modelName = arguments.first else {
      let names = registry.modelIDs.map(\.rawValue).joined(separator: ", ")
      throw .missingArgument(command: "build", what: "MODEL", hint: "models: \(names)")
    }
    let model = ModelID(modelName.lowercased())
    if needsEngine(model, words: arguments.dropFirst()) { return try configuredBuild(arguments) }
    let factory: any CarPartsFactory
    do {
      factory = try registry.factory(for: model)
    } catch {
      throw .failed(command: nil, BuildError.unknownModel(modelName, known: registry.modelIDs))
    }
    let options = try Self.parseOptions(arguments.dropFirst(), model: factory.definition)
    let car: Car
    do {
      car = try Car(factory: factory, options: options)
    } catch {
      throw .failed(command: nil, error)
    }
    let configuration = builds.intern(
      .init(model: car.model, options: car.options, price: car.price))
    guard let number = builds.add(configuration: configuration) else {
      throw .limit(
        command: "build",
        reason: "no build numbers left (the next one would be \(builds.nextNumber))")
    }
    caches.lastBuildConfiguration = configuration
    return .build(
      number: number,
      configuration: BuildConfiguration(index: configuration, car: car, price: car.price))
  }

  /// Parses `SLOT=VALUE` words; values and slot names are case-insensitive.
  static func parseOptions(_ words: ArraySlice<String>, model: ModelDefinition)
    throws(CommandError) -> PartChoices
  {
    var choices = PartChoices()
    for word in words {
      // By bytes: `=` is ASCII, and ASCII lower-casing needs no Unicode tables.
      guard let equals = word.utf8.firstIndex(of: UInt8(ascii: "=")) else {
        throw .invalid(
          command: nil,
          reason: "bad option '\(word)'; expected SLOT=VALUE, like drive=4wd "
            + "(slots: floorplan, suspension, drive)")
      }
      let name = ASCII.lowercased(word[..<equals])
      let value = ASCII.lowercased(word[word.utf8.index(after: equals)...])
      guard let slot = PartSlot(rawValue: name) else {
        throw .failed(command: nil, BuildError.unknownOption(String(word[..<equals])))
      }
      guard choices[slot] == nil else {
        throw .failed(command: nil, BuildError.repeatedOption(slot))
      }
      let allowed = model.allowedParts(for: slot)
      guard !value.isEmpty else {
        throw .invalid(
          command: nil,
          reason:
            "option '\(slot)' needs a value (allowed: \(allowed.map(\.rawValue).joined(separator: ", ")))"
        )
      }
      choices[slot] = PartID(value)
    }
    return choices
  }

  // MARK: builds, show, remove

  func listBuilds(_ arguments: [String]) throws(CommandError) -> CommandResult {
    try expectNoArguments(arguments, for: .builds)
    // Builds repeat a few configurations: each configuration's car is made once.
    let (numbers, configurations) = builds.listing
    let entries = builds.configurations.map { configuration in
      entry(
        for: BuildRecord(
          number: 0, model: configuration.model, options: configuration.options,
          price: configuration.price, values: configuration.values))
    }
    return .builds(
      BuildListing(numbers: numbers, configurations: configurations, entries: entries))
  }

  func show(_ arguments: [String]) throws(CommandError) -> CommandResult {
    let record = try buildArgument(arguments, for: .show)
    // A car shown before (or built in this session) is written from its rendered bytes,
    // without making the car again: `show` costs the same however the build was made (off
    // with the byte reading, whose reference the differential tests compare it with).
    if options.readsBuildsByBytes, record.values.isEmpty, record.notes.isEmpty,
      let index = builds.configurationIndex(of: record.number),
      let bytes = cachedTemplate(for: index), renderer.writesCachedBuilds
    {
      renderer.writeBuild(number: record.number, bytes: bytes)
      return .none
    }
    switch entry(for: record) {
    case .car(let configuration):
      // Its rendering is kept for the next `show` unless the car's price moved since (a
      // catalog replaced the model): the block shows the price recorded.
      let cacheable =
        record.values.isEmpty && record.notes.isEmpty
        && configuration.car.price == configuration.price
      let indexed = BuildConfiguration(
        index: cacheable ? builds.configurationIndex(of: record.number) : nil,
        car: configuration.car, price: configuration.price, notes: configuration.notes)
      return .build(number: record.number, configuration: indexed)
    case .features(let build): return .featureBuild(number: record.number, build)
    case nil:
      throw .unavailable(
        command: "show",
        reason: "build #\(record.number) of model '\(record.model)' can no longer be made")
    }
  }

  func remove(_ arguments: [String]) throws(CommandError) -> CommandResult {
    let record = try buildArgument(arguments, for: .remove)
    _ = builds.remove(record.number)
    return .event(.removed(build: record.number))
  }

  /// The build named by the only argument, or an error naming the bad number.
  func buildArgument(_ arguments: [String], for command: Command) throws(CommandError)
    -> BuildRecord
  {
    guard let text = arguments.first else {
      throw .missingArgument(
        command: command.rawValue, what: "build number", hint: "usage: \(command.synopsis)")
    }
    try expectNoArguments(Array(arguments.dropFirst()), for: command)
    return try buildRecord(text, for: command)
  }

  func buildRecord(_ text: String, for command: Command, label: String? = nil)
    throws(CommandError) -> BuildRecord
  {
    let name = label ?? command.rawValue
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard let number = Int(digits), number > 0, digits.allSatisfy(\.isASCII) else {
      throw .badValue(command: name, what: "build number", value: text, expected: "1, 2, ...")
    }
    guard let record = builds.record(number) else {
      throw .noSuchBuild(
        command: name, number: number, known: builds.numbers(prefix: 10), total: builds.count)
    }
    return record
  }

  /// A recorded build's entry, made once per configuration while the models stay as they are
  /// (``forgetBuildCaches()`` forgets them): `stock add` of a build made before costs no
  /// factory run.
  func madeEntry(for record: BuildRecord) -> BuildEntry? {
    resetCachesIfBookReplaced()
    guard let index = builds.configurationIndex(of: record.number).map(Int.init) else {
      return entry(for: record)
    }
    if index < caches.madeEntries.count, let made = caches.madeEntries[index] { return made }
    let made = entry(for: record)
    if index >= caches.madeEntries.count {
      caches.madeEntries.append(
        contentsOf: repeatElement(nil, count: index + 1 - caches.madeEntries.count))
    }
    caches.madeEntries[index] = made
    return made
  }

  /// Makes a recorded build's car again from its model's factory (with its equipment), or
  /// its UVL features; `nil` when the model is gone or no longer has those values.
  func entry(for record: BuildRecord) -> BuildEntry? {
    guard !record.values.isEmpty else {
      return car(for: record).map {
        .car(
          BuildConfiguration(index: nil, car: $0, price: record.price, notes: record.notes.reasons))
      }
    }
    guard let line = try? registry.productLine(for: record.model) else { return nil }
    var selected: [Int] = []
    for atom in record.values {
      guard let value = line.valueIndex(forAtom: atom) else { return nil }
      selected.append(value)
    }
    if line.isFeatureModel {
      let price: Price? = line.pricesBuilds ? record.price : nil
      return .features(
        FeatureBuild(
          line: line, selected: selected, chosen: record.notes.chosen,
          forced: record.notes.forced, price: price))
    }
    guard let car = car(for: record) else { return nil }
    let held = Set(selected)
    let equipment = selected.map { value in
      let entry = line.values[value]
      return Car.Equipment(
        group: line.groups[entry.group].name, choice: line.valueName(of: value), name: entry.name,
        isDefault: entry.isDefault, isIncluded: entry.coveredBy.contains { held.contains($0) })
    }
    return .car(
      BuildConfiguration(
        index: nil, car: car.equipped(equipment), price: record.price,
        notes: record.notes.reasons))
  }

  /// Makes a recorded build's car again from its model's factory.
  func car(for record: BuildRecord) -> Car? {
    try? Car(model: record.model, options: record.options, registry: registry)
  }
}
