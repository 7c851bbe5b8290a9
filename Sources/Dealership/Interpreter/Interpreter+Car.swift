package import CarFactory

/// The working car (SPEC §11): one car open at a time, shaped by changes that each show the
/// running price and what they decided; a change that conflicts is not applied and offers
/// numbered ways out; `done` records the car as the next build.
extension Interpreter {
  func configure(_ request: ModelRequest, _ state: inout SessionState) throws(CommandError)
    -> CommandResult
  {
    let replaced = state.car
    _ = try states(of: request, state)
    let atoms = Self.atoms(request)
    let view = try Self.view(of: request, opening: .opened(replaced: replaced), state)
    // `undo` right after brings the replaced car back (SPEC §14).
    state.car = WorkingCar(model: request.line.model, choices: atoms).replacing(
      replaced, by: .configure(model: request.line.model.rawValue, atoms: atoms))
    return .car(view)
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
    let answer: ValueAnswer
    do {
      // The states `options` shows, `default` included (SPEC §14).
      answer = try request.configurator.answer(for: value, in: try carSteps.step(of: request))
    } catch {
      throw .unanswered(error)
    }
    return .why(
      WhyAnswer(
        line: request.line, value: value, choices: request.choices, state: answer.state,
        reason: answer.reason, defaultReason: answer.defaultReason))
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
    let replaced = state.car
    let view = try Self.view(
      of: request, opening: .edited(build: number, replaced: replaced), state)
    var car = WorkingCar(model: line.model, choices: Self.atoms(request)).replacing(
      replaced, by: .edit(build: number))
    car.editing = number
    state.car = car
    return .car(view)
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
}
