package import CarFactory

/// The working car's steps (SPEC §11, §14): a change applied or refused, `undo` and `redo`
/// (a car `configure` or `edit N` replaced swapped back in), and what each change moved.
extension Interpreter {
  /// `undo` and `redo`: the car's choices before the last change, or after the last undo;
  /// across a `configure` or `edit N`, the car it replaced (or the one it opened) back.
  func step(back: Bool, on request: ModelRequest, _ state: inout SessionState)
    throws(CommandError) -> CommandResult
  {
    guard var car = state.car else { throw .noWorkingCar(command: back ? "undo" : "redo") }
    guard let step = back ? car.undo.popLast() : car.redo.popLast() else {
      throw .notFound(command: back ? "undo" : "redo", back ? .nothingToUndo : .nothingToRedo)
    }
    let edit: CarEdit = back ? .undo(step.edit) : .redo(step.edit)
    if let other = step.replaced {
      return try swap(car, for: other, edit: edit, back: back, &state)
    }
    let choices = try Self.choices(step.choices, of: request.line)
    let result = try change(to: choices, edit: edit, from: request, keeping: [], state)
    let other = WorkingCar.Step(edit: step.edit, choices: car.choices)
    if back { car.redo.append(other) } else { car.undo.append(other) }
    car.choices = step.choices
    car.waysOut = []
    state.car = car
    return result.result
  }

  /// Puts `other` in place of the open car (its step taken off its history), which `redo`
  /// (or `undo`) then swaps back in.
  private func swap(
    _ car: WorkingCar, for other: WorkingCar, edit: CarEdit, back: Bool,
    _ state: inout SessionState
  ) throws(CommandError) -> CommandResult {
    var restored = other
    restored.waysOut = []
    var left = car
    left.waysOut = []
    let step: CarEdit
    switch edit {
    case .undo(let undone), .redo(let undone): step = undone
    default: step = edit
    }
    if back {
      restored.redo.append(WorkingCar.Step(edit: step, replacing: left))
    } else {
      restored.undo.append(WorkingCar.Step(edit: step, replacing: left))
    }
    let request = try carRequest(for: restored, state)
    let view = try Self.view(of: request, opening: .restored(edit: edit, left: car), state)
    state.car = restored
    return .car(view)
  }

  /// Applies new choices as a change: the car's choices before it kept for `undo`; refused,
  /// with its ways out kept for `fix`, when they conflict.
  func apply(
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
  func change(
    to choices: [Choice], edit: CarEdit, from request: ModelRequest, keeping added: [Choice],
    _ state: SessionState
  ) throws(CommandError) -> (result: CommandResult, waysOut: [WorkingCar.WayOut]?) {
    let configurator = request.configurator
    let line = request.line
    let previous = try Self.runningBuild(of: request.choices, configurator, state)
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
        price: previousPrice, previousTotals: previous.totals, totals: previous.totals,
        moves: [], decided: [],
        conflict: CarChange.Refusal(reason: conflict.reason, waysOut: ways))
      return (.carChange(refused), waysOut)
    }
    let running = try Self.runningBuild(of: choices, configurator, state)
    // Every value that entered or left the car, with its cause and price (SPEC §14).
    let moves = configurator.moves(
      from: previous, to: running, before: request.choices, step: change.step)
    let moved = Set(moves.lazy.map(\.value))
    // What else the change decided: values whose state it changed to forced or excluded that
    // did not move, but for the user's own choices and for the rest of a slot or `one` group
    // once one of its values is chosen or forced (that they are out goes without saying).
    let after = change.step.states
    let own = Set(choices.map(\.value))
    let settledGroups = Set(
      line.values.indices.lazy.filter { after[$0] == .chosen || after[$0] == .forced }
        .map { line.values[$0].group }
        .filter { line.groups[$0].kind != .any && line.groups[$0].kind != .feature })
    let decided = change.changed.filter { value in
      (after[value] == .forced || after[value] == .excluded) && !own.contains(value)
        && !moved.contains(value)
        && !(after[value] == .excluded && settledGroups.contains(line.values[value].group))
    }
    let reasons = configurator.annotatedReasons(
      change.step, values: decided, selected: running.selected)
    let result = CarChange(
      line: line, edit: edit, choices: choices, previousPrice: previousPrice,
      price: running.price, previousTotals: previous.totals, totals: running.totals,
      moves: moves,
      decided: decided.map { .init(value: $0, state: after[$0], reason: reasons[$0]) },
      conflict: nil)
    return (.carChange(result), nil)
  }

  /// Every value's state under a request's choices (the car's step, kept for its next change).
  func states(of request: ModelRequest, _ state: SessionState)
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
  static func price(
    of choices: [Choice], _ configurator: ProductConfigurator, _ state: SessionState
  ) throws(CommandError) -> Price {
    guard configurator.line.pricesBuilds else { return .zero }
    do {
      return try configurator.price(of: choices)
    } catch {
      throw failure(error, line: configurator.line, money: state.money)
    }
  }

  /// The build the choices make, as the working car shows it: price (zero for a model
  /// without prices), totals and the values it holds.
  static func runningBuild(
    of choices: [Choice], _ configurator: ProductConfigurator, _ state: SessionState
  ) throws(CommandError) -> RunningBuild {
    do {
      return try configurator.runningBuild(of: choices)
    } catch {
      throw failure(error, line: configurator.line, money: state.money)
    }
  }

  /// The working car of a request as `done` would record it now.
  static func view(
    of request: ModelRequest, opening: CarView.Opening, _ state: SessionState
  ) throws(CommandError) -> CarView {
    let made = try make(request, state)
    let build = BuildView(
      number: 0, configuration: 0, line: request.line, car: made.car,
      selected: made.configuration.values, price: made.configuration.price, notes: made.notes,
      marks: made.marks)
    // What the car held that its model no longer has, said while the car still holds it.
    let gone =
      state.car.flatMap { car in
        car.model == request.line.model ? try? kept(car.choices, of: request.line).gone : nil
      } ?? []
    return CarView(
      line: request.line, choices: request.choices, build: build, opening: opening, gone: gone)
  }

  /// A request's choices as the car keeps them.
  static func atoms(_ request: ModelRequest) -> [String] {
    request.choices.map { request.line.atom(of: $0) }
  }

  /// Atoms the car kept, read again against its model; those naming a group, value or
  /// feature the model no longer has (its catalog changed, SPEC §16) are left out, so the car
  /// still opens and changes (its history keeps them: `undo` over the first change).
  static func choices(_ atoms: [String], of line: ProductLine) throws(CommandError) -> [Choice] {
    do {
      return try kept(atoms, of: line).choices
    } catch {
      throw .failed(command: nil, error)
    }
  }

  /// Atoms the car kept, read against its model: the choices, and the atoms the model no
  /// longer has.
  ///
  /// - Throws: ``ChoiceError`` for an atom that is no choice of any version (malformed,
  ///   repeated, ambiguous).
  package static func kept(_ atoms: [String], of line: ProductLine) throws(ChoiceError)
    -> (choices: [Choice], gone: [String])
  {
    if let choices = try? line.choices(from: atoms) { return (choices, []) }
    var readable: [String] = []
    var gone: [String] = []
    for atom in atoms {
      do {
        _ = try line.choices(from: [atom])
        readable.append(atom)
      } catch {
        switch error {
        case .unknownGroup, .notOffered, .unknownFeature: gone.append(atom)
        default: throw error
        }
      }
    }
    return (try line.choices(from: readable), gone)
  }
}
