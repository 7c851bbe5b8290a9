internal import CarFactory

extension Session {
  /// The configurator of a model, made once per session (it holds the model's solver).
  func configurator(for name: String, command: Command) throws(CommandError)
    -> ProductConfigurator
  {
    let model = ModelID(name.lowercased())
    if let known = caches.configurators[model] { return known }
    let line: ProductLine
    do {
      line = try registry.productLine(for: model)
    } catch {
      if case .unknownModel = error {
        throw .failed(command: nil, BuildError.unknownModel(name, known: registry.modelIDs))
      }
      throw .failed(command: nil, error)
    }
    let configurator = ProductConfigurator(line)
    caches.configurators[model] = configurator
    return configurator
  }

  /// The model and the choices after a command word.
  private func modelAndChoices(_ arguments: [String], for command: Command) throws(CommandError)
    -> (ProductConfigurator, [Choice])
  {
    guard let name = arguments.first else {
      let names = registry.modelIDs.map(\.rawValue).joined(separator: ", ")
      throw .missingArgument(command: command.rawValue, what: "MODEL", hint: "models: \(names)")
    }
    let configurator = try configurator(for: name, command: command)
    do {
      return (configurator, try configurator.line.choices(from: arguments.dropFirst()))
    } catch {
      throw .failed(command: nil, error)
    }
  }

  // MARK: options, count, lint

  func options(_ arguments: [String]) throws(CommandError) -> CommandResult {
    let (configurator, choices) = try modelAndChoices(arguments, for: .options)
    do {
      return .options(
        OptionsResult(line: configurator.line, report: try configurator.options(choices)))
    } catch {
      throw failure(error, line: configurator.line)
    }
  }

  func count(_ arguments: [String]) throws(CommandError) -> CommandResult {
    let (configurator, choices) = try modelAndChoices(arguments, for: .count)
    do {
      return .count(
        CountResult(
          line: configurator.line, choices: choices, count: try configurator.count(choices)))
    } catch {
      throw failure(error, line: configurator.line)
    }
  }

  func lint(_ arguments: [String]) throws(CommandError) -> CommandResult {
    guard arguments.count <= 1 else {
      throw .unexpectedArgument(
        command: "lint", word: arguments[1], hint: "usage: \(Command.lint.synopsis)")
    }
    let names = arguments.isEmpty ? registry.modelIDs.map(\.rawValue) : arguments
    var results: [LintResult] = []
    for name in names {
      let configurator = try configurator(for: name, command: .lint)
      do {
        results.append(LintResult(line: configurator.line, findings: try configurator.lint()))
      } catch {
        throw failure(error, line: configurator.line)
      }
    }
    emit(.lint(results))
    let broken = results.filter { !$0.findings.hasBuild }.map(\.line.model.rawValue)
    if !broken.isEmpty {
      throw .conflict(
        command: "lint",
        reason: "\(broken.count == 1 ? "model" : "models") \(broken.joined(separator: ", ")) "
          + "\(broken.count == 1 ? "has" : "have") no valid build")
    }
    return .none
  }

  /// A configuration failure as a command's: a conflict, or a limit (time, count, price).
  func failure(_ error: ConfigurationError, line: ProductLine) -> CommandError {
    if case .conflict = error { return .conflict(command: nil, reason: message(error, line: line)) }
    return .limit(command: nil, reason: message(error, line: line))
  }

  /// The one-line message of a configuration failure: a conflict names the choices and rules
  /// involved and offers the smallest corrections with their prices.
  func message(_ error: ConfigurationError, line: ProductLine) -> String {
    switch error {
    case .conflict(let conflict):
      let choices = conflict.reason.choices.map { line.atom(of: $0) }
      var text =
        choices.isEmpty
        ? "the model has no valid build"
        : choices.count == 1
          ? "\(choices[0]) is not possible" : "\(choices.joined(separator: " and ")) conflict"
      let rules = conflict.reason.rules.map { id in
        guard let message = line.rules.first(where: { $0.id == id })?.message else { return id }
        return "\(id): \(message)"
      }
      if !rules.isEmpty { text += " (\(rules.joined(separator: "; ")))" }
      let ways = conflict.corrections.map { correction in
        let drop = correction.drop.map { line.atom(of: $0) }.joined(separator: " and ")
        // A UVL model without prices prices every build at $0.00: nothing to say.
        let price = line.pricesBuilds ? correction.price : nil
        return "drop \(drop)" + (price.map { " → \(money.usd($0))" } ?? "")
      }
      if !ways.isEmpty { text += "; " + ways.joined(separator: ", or ") }
      return text
    case .budgetExceeded(let what):
      return "\(what) took longer than the time limit of \(timeLimitText) and was stopped"
    case .countUnfinished(let reason):
      return "count: \(reason)"
    case .priceOverflow:
      return "the prices add up to more than can be represented"
    }
  }

  private var timeLimitText: String { "10 s" }
}

extension Session {
  /// `catalog load FILE`: adds a JSON catalog's models or a UVL model.
  func catalog(_ arguments: [String]) throws(CommandError) -> CommandResult {
    guard arguments.count == 2, arguments[0].lowercased() == "load" else {
      throw .usage(
        command: "catalog",
        expected: "'catalog load FILE' (usage: \(Command.catalog.synopsis))")
    }
    let models = try Self.loadCatalog(arguments[1], into: registry)
    // Replaced models get new configurators on next use.
    caches.configurators.removeAll()
    return .event(.catalogLoaded(file: arguments[1], models: models))
  }

  /// Loads a JSON catalog or a `.uvl` model into a registry; returns the models it added or
  /// replaced.
  static func loadCatalog(_ path: String, into registry: CarRegistry) throws(CommandError)
    -> [ModelID]
  {
    if path.lowercased().hasSuffix(".uvl") {
      do {
        return [try registry.loadFeatureModel(contentsOf: path)]
      } catch {
        throw .failed(command: nil, error)
      }
    }
    let before = registry.modelIDs
    do {
      try registry.loadCatalog(contentsOf: path)
    } catch {
      throw .failed(command: nil, error)
    }
    return registry.modelIDs.filter { !before.contains($0) }
  }
}

extension Session {
  /// Whether a build goes through the configuration engine: a UVL model, a model with
  /// equipment or rules, or choices beyond plain `SLOT=VALUE` (`-drive=4wd`, lists). A plain
  /// build of a model without rules is the same either way, and the direct path is faster.
  func needsEngine(_ model: ModelID, words: ArraySlice<String>) -> Bool {
    if registry.isFeatureModel(model) { return true }
    guard let definition = try? registry.factory(for: model).definition else { return false }
    if !definition.equipment.isEmpty || !definition.rules.isEmpty { return true }
    return words.contains { $0.hasPrefix("+") || $0.hasPrefix("-") || $0.contains(",") }
  }

  /// `build` through the engine (SPEC §7, §8): consistent choices, what they force applied
  /// and labelled, the rest completed; conflicting choices refused with corrections.
  func configuredBuild(_ arguments: [String]) throws(CommandError) -> CommandResult {
    let (configurator, choices) = try modelAndChoices(arguments, for: .build)
    let line = configurator.line
    let configuration: Configuration
    do {
      configuration = try configurator.build(choices)
    } catch {
      throw failure(error, line: line)
    }
    var notes: [String: String] = [:]
    for (value, note) in configuration.notes {
      switch note {
      case .forced(let reason):
        if !reason.rules.isEmpty {
          notes[line.values[value].atom] = "forced by \(reason.rules.joined(separator: ", "))"
        } else if !reason.choices.isEmpty {
          let cause = reason.choices.map { line.atom(of: $0) }.joined(separator: ", ")
          notes[line.values[value].atom] = "forced by \(cause)"
        }
      case .replacesDefault(let replaced, let reason):
        let cause =
          reason.map { $0.rules.isEmpty ? $0.choices.map { line.atom(of: $0) } : $0.rules } ?? []
        notes[line.values[value].atom] =
          "instead of \(line.values[replaced].name)"
          + (cause.isEmpty ? "" : ", excluded by \(cause.joined(separator: ", "))")
      }
    }
    var options = PartChoices.none
    var values: [String] = []
    for value in configuration.values {
      let entry = line.values[value]
      if case .slot(let slot) = line.groups[entry.group].kind {
        if !entry.isDefault { options[slot] = PartID(line.valueName(of: value)) }
      } else {
        values.append(entry.atom)
      }
    }
    let chosen = choices.filter(\.isChosen).count
    let kept = BuildNotes(
      reasons: notes, chosen: line.isFeatureModel ? chosen : nil,
      forced: line.isFeatureModel ? configuration.forced.count : nil)
    let index = builds.intern(
      .init(
        model: line.model, options: options, price: configuration.price, values: values,
        notes: kept))
    guard let number = builds.add(configuration: index) else {
      throw .limit(
        command: "build",
        reason: "no build numbers left (the next one would be \(builds.nextNumber))")
    }
    if line.isFeatureModel {
      let priced = line.pricesBuilds
      return .featureBuild(
        number: number,
        FeatureBuild(
          line: line, selected: configuration.values,
          chosen: chosen, forced: configuration.forced.count,
          price: priced ? configuration.price : nil))
    }
    let car: Car
    do {
      car = try configurator.makeCar(configuration, factory: registry.factory(for: line.model))
    } catch {
      throw .failed(command: nil, error)
    }
    return .build(
      number: number,
      configuration: BuildConfiguration(
        index: nil, car: car, price: configuration.price, notes: notes))
  }
}
