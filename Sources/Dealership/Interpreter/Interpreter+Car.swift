package import CarFactory

/// The working car (SPEC §11): one car open at a time, shaped by changes that each show the
/// running price and what they decided; a change that conflicts is not applied and offers
/// numbered ways out; `done` records the car as the next build.
extension Interpreter {
  func configure(_ request: ModelRequest, _ state: inout SessionState) throws(CommandError)
    -> CommandResult
  {
    let replaced = state.car?.model
    _ = try states(of: request, state)
    let car = WorkingCar(model: request.line.model, choices: Self.atoms(request))
    state.car = car
    return .car(try Self.view(of: request, opening: .opened(replaced: replaced), state))
  }

  func showCar(_ state: SessionState, request: ModelRequest) throws(CommandError)
    -> CommandResult
  {
    .car(try Self.view(of: request, opening: .shown, state))
  }

  /// `+ATOM`, `-ATOM`, `NAME=VALUE`, `choose ATOM…`: the choices given join the car's; a
  /// value chosen in a slot or `one` group takes the place of the one chosen there before, a
  /// choice of a value replaces the earlier choice of that value.
  func change(
    _ added: [Choice], on request: ModelRequest, _ state: inout SessionState
  ) throws(CommandError) -> CommandResult {
    let line = request.line
    var choices = request.choices
    for choice in added {
      let group = line.values[choice.value].group
      let replacesInGroup = choice.isChosen && line.groups[group].kind != .any
      choices.removeAll { old in
        old.value == choice.value
          || (replacesInGroup && old.isChosen && line.values[old.value].group == group)
      }
      choices.append(choice)
    }
    let edit = CarEdit.choose(added.map { line.atom(of: $0) })
    return try apply(choices, edit: edit, from: request, keeping: added, &state)
  }

  /// `drop ATOM…`: takes back the user's own choices of those values.
  func drop(
    _ values: [Choice], on request: ModelRequest, _ state: inout SessionState
  ) throws(CommandError) -> CommandResult {
    let line = request.line
    for value in values where !request.choices.contains(where: { $0.value == value.value }) {
      throw .notFound(
        command: "drop",
        .unchosen(
          atom: line.values[value.value].atom, choices: request.choices.map { line.atom(of: $0) }))
    }
    let dropped = Set(values.map(\.value))
    let choices = request.choices.filter { !dropped.contains($0.value) }
    return try apply(
      choices, edit: .drop(values.map { line.values[$0.value].atom }), from: request,
      keeping: [], &state)
  }

  /// `undo` and `redo`: the car's choices before the last change, or after the last undo.
  func step(back: Bool, on request: ModelRequest, _ state: inout SessionState)
    throws(CommandError) -> CommandResult
  {
    guard var car = state.car else { throw .noWorkingCar(command: back ? "undo" : "redo") }
    guard let step = back ? car.undo.popLast() : car.redo.popLast() else {
      throw .notFound(command: back ? "undo" : "redo", back ? .nothingToUndo : .nothingToRedo)
    }
    let choices = try Self.choices(step.choices, of: request.line)
    let edit: CarEdit = back ? .undo(step.edit) : .redo(step.edit)
    let result = try change(to: choices, edit: edit, from: request, keeping: [], state)
    let other = WorkingCar.Step(edit: step.edit, choices: car.choices)
    if back { car.redo.append(other) } else { car.undo.append(other) }
    car.choices = step.choices
    car.waysOut = []
    state.car = car
    return result.result
  }

  /// `fix N`: the N-th way out of the last conflict.
  func fix(_ number: Int, on request: ModelRequest, _ state: inout SessionState)
    throws(CommandError) -> CommandResult
  {
    guard let car = state.car, !car.waysOut.isEmpty else {
      throw .notFound(command: "fix", .noConflict)
    }
    guard number <= car.waysOut.count else {
      throw .badValue(command: "fix", .wayOut(count: car.waysOut.count), value: String(number))
    }
    let way = car.waysOut[number - 1]
    let edit = CarEdit.fix(number: number, dropped: way.dropped, then: way.change)
    let choices = try Self.choices(way.choices, of: request.line)
    return try apply(choices, edit: edit, from: request, keeping: [], &state)
  }

  /// `why`: a value's state under the choices and its reason.
  func why(_ request: ModelRequest, value: Int) throws(CommandError) -> CommandResult {
    let step: ConfigurationStep
    do {
      step = try carSteps.step(of: request)
    } catch {
      throw .unanswered(error)
    }
    return .why(
      WhyAnswer(
        line: request.line, value: value, choices: request.choices, state: step.states[value],
        reason: step.reasons[value]))
  }

  /// `done`: the car recorded as the next build, and closed.
  func done(_ request: ModelRequest, _ state: inout SessionState) throws(CommandError)
    -> CommandResult
  {
    let result = try build(request, &state)
    state.car = nil
    return result
  }

  /// `edit N`: build N's choices as the working car.
  func edit(_ number: Int, _ state: inout SessionState) throws(CommandError) -> CommandResult {
    let record = try record(number, for: "edit", state)
    let configurator = try state.catalogs.configurator(named: record.model.rawValue)
    let line = configurator.line
    // A build keeps the choices it was made from; one from an older file is opened with the
    // values it holds.
    let atoms =
      record.choices
      ?? (line.selection(options: record.options, atoms: record.values) ?? []).filter {
        !line.values[$0].isDefault
      }.map { line.values[$0].atom }
    let request = ModelRequest(
      configurator: configurator, choices: try Self.choices(atoms, of: line))
    let replaced = state.car?.model
    var car = WorkingCar(model: line.model, choices: Self.atoms(request))
    car.editing = number
    state.car = car
    return .car(
      try Self.view(of: request, opening: .edited(build: number, replaced: replaced), state))
  }

  /// `options` on the working car: its table, and the price of the car with each possible
  /// value added (of the values a filter shows, when one is given).
  func carOptions(_ request: ModelRequest, filter: OptionsFilter?, _ state: SessionState)
    throws(CommandError) -> CommandResult
  {
    let configurator = request.configurator
    let options: OptionsResult
    do {
      // The car's table prices each value as added to the car instead of FROM.
      options = OptionsResult(
        line: request.line, report: try configurator.options(request.choices, from: false),
        filter: filter)
    } catch {
      throw Self.failure(error, line: request.line, money: state.money)
    }
    let price = try Self.price(of: request.choices, configurator, state)
    var pricesWith: [Int: Price] = [:]
    if request.line.pricesBuilds {
      let possible = options.shownEntries.filter { $0.state == .available }.map(\.value)
      let prices = configurator.prices(
        adding: possible, to: request.choices, timeLimit: configurator.carPricesLimit)
      for (value, price) in zip(possible, prices) { pricesWith[value] = price }
    }
    return .carOptions(CarOptions(options: options, price: price, pricesWith: pricesWith))
  }

  // MARK: the steps

  /// Applies new choices as a change: the car's choices before it kept for `undo`; refused,
  /// with its ways out kept for `fix`, when they conflict.
  private func apply(
    _ choices: [Choice], edit: CarEdit, from request: ModelRequest, keeping added: [Choice],
    _ state: inout SessionState
  ) throws(CommandError) -> CommandResult {
    guard let car = state.car else { throw .noWorkingCar(command: edit.command) }
    let outcome = try change(to: choices, edit: edit, from: request, keeping: added, state)
    if let waysOut = outcome.waysOut {
      var refused = car
      refused.waysOut = waysOut
      state.car = refused
    } else {
      state.car = car.changed(to: choices.map { request.line.atom(of: $0) }, by: edit)
    }
    return outcome.result
  }

  /// What a change to `choices` comes to: its block, and the ways out when it conflicts.
  private func change(
    to choices: [Choice], edit: CarEdit, from request: ModelRequest, keeping added: [Choice],
    _ state: SessionState
  ) throws(CommandError) -> (result: CommandResult, waysOut: [WorkingCar.WayOut]?) {
    let configurator = request.configurator
    let line = request.line
    let previous = try Self.runningTotals(of: request.choices, configurator, state)
    let previousPrice = previous.price
    let change: ConfigurationChange
    do {
      change = try carSteps.change(request, to: choices)
    } catch {
      guard case .conflict(let conflict) = error else { throw .unanswered(error) }
      // Ways out that keep what was just chosen, then always: keep the car as it is.
      let kept = Set(added)
      var ways: [CarChange.WayOut] = []
      var waysOut: [WorkingCar.WayOut] = []
      for correction in conflict.corrections where !correction.drop.contains(where: kept.contains) {
        let dropped = correction.drop.map { line.atom(of: $0) }
        let remaining = choices.filter { !correction.drop.contains($0) }
        ways.append(CarChange.WayOut(dropped: dropped, price: correction.price))
        waysOut.append(
          .init(
            dropped: dropped, choices: remaining.map { line.atom(of: $0) }, change: edit))
      }
      ways.append(CarChange.WayOut(dropped: [], price: previousPrice))
      waysOut.append(.init(dropped: [], choices: request.choices.map { line.atom(of: $0) }))
      let refused = CarChange(
        line: line, edit: edit, choices: request.choices, previousPrice: previousPrice,
        price: previousPrice, previousTotals: previous.totals, totals: previous.totals, decided: [],
        conflict: CarChange.Refusal(reason: conflict.reason, waysOut: ways))
      return (.carChange(refused), waysOut)
    }
    let running = try Self.runningTotals(of: choices, configurator, state)
    // What the change decided: values whose state it changed to forced or excluded, but for
    // the user's own choices and for the rest of a slot or `one` group once one of its values
    // is chosen or forced (that they are out goes without saying).
    let after = change.step.states
    let own = Set(choices.map(\.value))
    let settledGroups = Set(
      line.values.indices.lazy.filter { after[$0] == .chosen || after[$0] == .forced }
        .map { line.values[$0].group }
        .filter { line.groups[$0].kind != .any && line.groups[$0].kind != .feature })
    let decided = change.changed.filter { value in
      (after[value] == .forced || after[value] == .excluded) && !own.contains(value)
        && !(after[value] == .excluded && settledGroups.contains(line.values[value].group))
    }
    let result = CarChange(
      line: line, edit: edit, choices: choices, previousPrice: previousPrice,
      price: running.price, previousTotals: previous.totals, totals: running.totals,
      decided: decided.map { .init(value: $0, state: after[$0], reason: change.step.reasons[$0]) },
      conflict: nil)
    return (.carChange(result), nil)
  }

  /// Every value's state under a request's choices (the car's step, kept for its next change).
  private func states(of request: ModelRequest, _ state: SessionState)
    throws(CommandError) -> [OptionsReport.State]
  {
    do {
      return try carSteps.step(of: request).states
    } catch {
      throw Self.failure(error, line: request.line, money: state.money)
    }
  }

  /// The price of the build the choices make; zero, not worked out, for a model without
  /// prices.
  private static func price(
    of choices: [Choice], _ configurator: ProductConfigurator, _ state: SessionState
  ) throws(CommandError) -> Price {
    guard configurator.line.pricesBuilds else { return .zero }
    do {
      return try configurator.price(of: choices)
    } catch {
      throw failure(error, line: configurator.line, money: state.money)
    }
  }

  /// The price and attribute totals of the build the choices make; a price of zero, not
  /// worked out, for a model without prices (its totals then come from the build itself).
  private static func runningTotals(
    of choices: [Choice], _ configurator: ProductConfigurator, _ state: SessionState
  ) throws(CommandError) -> RunningTotals {
    let line = configurator.line
    guard line.pricesBuilds || !line.attributes.isEmpty else {
      return RunningTotals(price: .zero, totals: [])
    }
    do {
      let running = try configurator.runningTotals(of: choices)
      return line.pricesBuilds ? running : RunningTotals(price: .zero, totals: running.totals)
    } catch {
      throw failure(error, line: line, money: state.money)
    }
  }

  /// The working car of a request as `done` would record it now.
  private static func view(
    of request: ModelRequest, opening: CarView.Opening, _ state: SessionState
  ) throws(CommandError) -> CarView {
    let made = try make(request, state)
    let build = BuildView(
      number: 0, configuration: 0, line: request.line, car: made.car,
      selected: made.configuration.values, price: made.configuration.price, notes: made.notes,
      marks: made.marks)
    return CarView(line: request.line, choices: request.choices, build: build, opening: opening)
  }

  /// A request's choices as the car keeps them.
  static func atoms(_ request: ModelRequest) -> [String] {
    request.choices.map { request.line.atom(of: $0) }
  }

  /// Atoms the car kept, read again against its model.
  static func choices(_ atoms: [String], of line: ProductLine) throws(CommandError) -> [Choice] {
    do {
      return try line.choices(from: atoms)
    } catch {
      throw .failed(command: nil, error)
    }
  }
}
