package import CarFactory

/// `models`, `build`, `builds`, `show` and `remove`: every model is a product line, built
/// through its configurator, whether it is a car with part slots or a UVL model.
extension Interpreter {
  func models(_ state: SessionState) -> CommandResult {
    let registry = state.catalogs.registry
    let cars = registry.models.compactMap { definition -> ModelListing.Car? in
      guard let car = try? Car(factory: registry.factory(for: definition.id)) else { return nil }
      return ModelListing.Car(definition: definition, car: car)
    }
    return .models(ModelListing(cars: cars, productLines: registry.registeredLines))
  }

  /// `build MODEL [CHOICE…]` (SPEC §7, §8): consistent choices, what they force applied and
  /// noted, the rest completed; conflicting choices refused with corrections.
  func build(_ request: ModelRequest, _ state: inout SessionState) throws(CommandError)
    -> CommandResult
  {
    try record(try Self.make(request, state), of: request, &state)
  }

  /// `build MODEL [CHOICE…] min=ATTR` (or `max=ATTR`, SPEC §13): the valid build with the
  /// choices whose attribute total is lowest (highest), recorded, then a note saying so.
  func build(_ request: ModelRequest, optimising objective: Objective, _ state: inout SessionState)
    throws(CommandError) -> Reply
  {
    let found: (configuration: Configuration, total: Int64)
    do {
      found = try request.configurator.build(request.choices, optimising: objective)
    } catch {
      throw Self.failure(error, line: request.line, money: state.money)
    }
    let made = try Self.make(request, found.configuration, state)
    guard case .build(let view) = try record(made, of: request, &state) else { return Reply([]) }
    return Reply([
      .build(view),
      .event(
        .optimised(
          build: view.number, goal: objective.goal, attribute: objective.attribute,
          total: found.total, scale: objective.scale, unit: objective.unit)),
    ])
  }

  /// Records another build of a configuration the book holds, as the scripted fast path asks
  /// when it has the configuration's block already (a build line it has seen); `nil` when
  /// the book has no build numbers left (the general path then says so).
  ///
  /// - Parameters:
  ///   - configuration: The configuration's index in the book.
  ///   - state: The session, whose book gets the build.
  /// - Returns: The build's number.
  package func record(known configuration: UInt32, on state: inout SessionState) -> Int? {
    state.builds.add(configuration: configuration)
  }

  /// Records a build made of a request in the book and shows it.
  private func record(_ made: Made, of request: ModelRequest, _ state: inout SessionState)
    throws(CommandError) -> CommandResult
  {
    let line = request.line
    let (configuration, car, notes) = (made.configuration, made.car, made.notes)
    let selected = configuration.values
    let (options, atoms) = line.record(of: selected)
    let index = state.builds.intern(
      .init(
        model: line.model, options: options, price: configuration.price, values: atoms,
        notes: notes, carName: car?.stockName,
        choices: request.choices.map { line.atom(of: $0) }))
    guard let number = state.builds.add(configuration: index) else {
      throw .limit(command: "build", .buildNumbers(next: state.builds.nextNumber))
    }
    return .build(
      BuildView(
        number: number, configuration: index, line: line, car: car, selected: selected,
        price: configuration.price, notes: notes, marks: made.marks))
  }

  /// What `build` makes of a request before it is recorded (the working car shows the same).
  struct Made {
    let configuration: Configuration
    /// The car, or `nil` for a product line of features.
    let car: Car?
    /// What the build says of its values, as the book keeps it.
    let notes: BuildNotes
    /// A build of features: which are chosen, forced or there by default.
    let marks: FeatureMarks?
  }

  /// The build of a request: its configuration, its car, its notes and marks.
  static func make(_ request: ModelRequest, _ state: SessionState) throws(CommandError) -> Made {
    let configuration: Configuration
    do {
      configuration = try request.configurator.build(request.choices)
    } catch {
      throw failure(error, line: request.line, money: state.money)
    }
    return try make(request, configuration, state)
  }

  /// The build of a request made of the configuration the configurator settled on.
  static func make(_ request: ModelRequest, _ configuration: Configuration, _ state: SessionState)
    throws(CommandError) -> Made
  {
    let line = request.line
    let car: Car?
    do {
      car = try line.makeCar(holding: configuration.values, price: configuration.price)
    } catch {
      throw .failed(command: nil, error)
    }
    var notes = BuildNotes()
    for (value, note) in configuration.notes {
      notes.reasons[line.values[value].atom] = Self.note(note, line: line)
    }
    if car == nil {
      // A build of features says how many the user chose and the rules forced.
      notes.chosen = request.choices.filter(\.isChosen).count
      notes.forced = configuration.forced.count
    }
    let marks =
      car == nil ? FeatureMarks(choices: request.choices, forced: configuration.forced) : nil
    return Made(configuration: configuration, car: car, notes: notes, marks: marks)
  }

  /// An engine note as the book keeps it: atoms and rule ids; `nil` for a value forced by
  /// the model's structure alone, which is no news.
  static func note(_ note: Configuration.Note, line: ProductLine) -> BuildNote? {
    switch note {
    case .forced(let reason):
      guard !reason.rules.isEmpty || !reason.choices.isEmpty else { return nil }
      return .forced(choices: reason.choices.map { line.atom(of: $0) }, rules: reason.rules)
    case .replacesDefault(let replaced, let reason):
      return .replacesDefault(
        line.values[replaced].atom, choices: reason?.choices.map { line.atom(of: $0) } ?? [],
        rules: reason?.rules ?? [])
    }
  }

  func listBuilds(_ state: SessionState) -> CommandResult {
    // Builds repeat a few configurations: each configuration's view is made once.
    let (numbers, configurations) = state.builds.listing
    // A listing shows each build's car (or features) and price, not what it said of them.
    let views = state.builds.configurations.indices.map { index in
      var configuration = state.builds.configurations[index]
      configuration.notes = BuildNotes()
      return view(of: configuration, number: 0, index: UInt32(index), state)
    }
    return .builds(
      BuildListing(numbers: numbers, configurations: configurations, views: views))
  }

  func show(_ number: Int, _ state: SessionState) throws(CommandError) -> CommandResult {
    .build(try view(ofBuild: number, for: "show", state))
  }

  func remove(_ number: Int, _ state: inout SessionState) throws(CommandError) -> CommandResult {
    _ = try record(number, for: "remove", state)
    _ = state.builds.remove(number)
    return .event(.removed(build: number))
  }

  /// Build `number`, or an error naming the builds there are.
  func record(_ number: Int, for command: String, _ state: SessionState) throws(CommandError)
    -> BuildRecord
  {
    guard let record = state.builds.record(number) else {
      throw Self.noSuchBuild(number, for: command, state)
    }
    return record
  }

  /// The failure of a command naming a build there is not.
  static func noSuchBuild(_ number: Int, for command: String, _ state: SessionState)
    -> CommandError
  {
    .noSuchBuild(
      command: command, number: number, known: state.builds.numbers(prefix: 10),
      total: state.builds.count)
  }

  /// Build `number` made again for its detail block, or an error: no such build, or its
  /// model can no longer make it.
  func view(ofBuild number: Int, for command: String, _ state: SessionState)
    throws(CommandError) -> BuildView
  {
    let record = try record(number, for: command, state)
    guard let index = state.builds.configurationIndex(of: number),
      let view = view(
        of: state.builds.configurations[Int(index)], number: number, index: index, state,
        marked: true)
    else {
      throw .unavailable(command: command, .modelGone(build: record.number, model: record.model))
    }
    return view
  }

  /// A configuration's view under the models in force, or `nil` when its model is gone or
  /// no longer has its values; `marked`, with how a build of features came by each one.
  func view(
    of configuration: BuildBook.Configuration, number: Int, index: UInt32, _ state: SessionState,
    marked: Bool = false
  ) -> BuildView? {
    guard let line = state.catalogs.line(configuration.model),
      let selected = line.selection(options: configuration.options, atoms: configuration.values)
    else { return nil }
    let car: Car?
    do {
      car = try line.makeCar(holding: selected, price: configuration.price)
    } catch {
      return nil
    }
    return BuildView(
      number: number, configuration: index, line: line, car: car, selected: selected,
      price: configuration.price, notes: configuration.notes,
      marks: marked && car == nil ? marks(of: configuration, state) : nil)
  }

  /// How a recorded build of features came by each one: its choices propagated again (a
  /// build from a file written before choices were kept has no marks).
  private func marks(of configuration: BuildBook.Configuration, _ state: SessionState)
    -> FeatureMarks?
  {
    guard let atoms = configuration.choices,
      let configurator = try? state.catalogs.configurator(named: configuration.model.rawValue),
      let choices = try? configurator.line.choices(from: atoms),
      let states = try? configurator.propagate(choices)
    else { return nil }
    return FeatureMarks(choices: choices, forced: states.indices.filter { states[$0] == .forced })
  }
}
