internal import ConfigurationEngine

/// What a working car's change moved (SPEC §14): the difference of the build before and
/// the build after, each value with its cause and its price difference.
extension ProductConfigurator {
  /// The build ``build(_:)`` would make with the choices, as a working car shows it: price,
  /// totals and the values it holds, from one completion (remembered, so the build of the
  /// choices before a change is the one the change before found).
  ///
  /// - Parameter choices: The user's choices (consistent).
  /// - Returns: The build.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget
  ///   error.
  public func runningBuild(of choices: [Choice]) throws(ConfigurationError) -> RunningBuild {
    let completed = try completion(choices)
    let selected = line.values.map { completed[$0.variable] }
    let price: Price
    if line.pricesBuilds {
      guard let priced = line.price(of: selected) else { throw .priceOverflow }
      price = priced
    } else {
      price = .zero
    }
    let holding = line.attributes.isEmpty ? [] : selected.indices.filter { selected[$0] }
    return RunningBuild(price: price, totals: line.totals(holding: holding), selected: selected)
  }

  /// The values a change moved into or out of the car, in the line's order, each with its
  /// cause and price difference (see ``CarMove``): the difference of the builds before and
  /// after it.
  ///
  /// A cause comes from the step after the change: a value chosen, forced or excluded there
  /// moved for that (its reason the step's); a package's member moved with the package; a
  /// choice taken back let its value go. The rest moved because the build closest to the
  /// defaults changed: a default that gave way did so because the choices with the defaults
  /// the build keeps leave no build with it (a minimal set of those rules and choices, the
  /// kept defaults not cited), and a value in the place of a default left because the default
  /// came back. On a UVL line they are the completion's, in file order.
  ///
  /// - Parameters:
  ///   - before: The build before the change.
  ///   - after: The build after it.
  ///   - previous: The choices before it.
  ///   - step: The step after it (its choices, states and reasons).
  /// - Returns: The moves.
  public func moves(
    from before: RunningBuild, to after: RunningBuild, before previous: [Choice],
    step: ConfigurationStep
  ) -> [CarMove] {
    let count = line.values.count
    guard before.selected.count == count, after.selected.count == count,
      step.states.count == count
    else { return [] }
    let moved = (0..<count).filter { before.selected[$0] != after.selected[$0] }
    guard !moved.isEmpty else { return [] }
    let deadline = ContinuousClock.now.advanced(by: timeLimit)
    let annotated = annotatedReasons(step, values: moved, selected: after.selected)
    let was = Dictionary(previous.map { ($0.value, $0.isChosen) }, uniquingKeysWith: { $1 })
    let now = Dictionary(step.choices.map { ($0.value, $0.isChosen) }, uniquingKeysWith: { $1 })
    var keptDefaults: [Literal]?
    func givingWay(_ literal: Literal) -> Explanation? {
      let kept = keptDefaults ?? self.keptDefaults(after.selected)
      keptDefaults = kept
      return explainGivingWay(literal, choices: step.choices, kept: kept, deadline: deadline)
    }
    // The swaps of slots and `one` groups.
    var partners: [Int: Int] = [:]
    for value in moved where after.selected[value] && isExactlyOne(value) {
      let group = line.values[value].group
      if let other = moved.first(where: {
        line.values[$0].group == group && !after.selected[$0]
      }) {
        partners[value] = other
        partners[other] = value
      }
    }
    var causes: [Int: CarMove.Cause] = [:]
    for value in moved {
      causes[value] = cause(
        of: value, entered: after.selected[value], before: before, after: after, was: was[value],
        now: now[value], step: step, reasons: annotated, partner: partners[value],
        givingWay: givingWay)
    }
    let (differences, settles) = priceDifferences(before.selected, after.selected, moved)
    return moved.map { value in
      CarMove(
        value: value, entered: after.selected[value], cause: causes[value] ?? .completion,
        difference: differences[value] ?? 0, settles: settles[value] ?? [],
        partner: partners[value])
    }
  }

  /// Whether a value's group holds exactly one value: a slot or a `one` group.
  private func isExactlyOne(_ value: Int) -> Bool {
    switch line.groups[line.values[value].group].kind {
    case .slot, .one: true
    case .any, .feature: false
    }
  }

  /// One moved value's cause (see ``moves(from:to:before:step:)``).
  private func cause(
    of value: Int, entered: Bool, before: RunningBuild, after: RunningBuild, was: Bool?,
    now: Bool?, step: ConfigurationStep, reasons: [Int: Explanation], partner: Int?,
    givingWay: (Literal) -> Explanation?
  ) -> CarMove.Cause {
    let state = step.states[value]
    let info = line.values[value]
    if state == .chosen || now == false { return .chosen }
    if state == .forced || state == .excluded {
      // A package's member came in with it.
      if entered, let package = info.coveredBy.first(where: { after.selected[$0] }) {
        return .package(package)
      }
      return state == .forced ? .forced(reasons[value]) : .excluded(reasons[value])
    }
    // Free now: a choice taken back, a package's member, or the completion.
    if let was, was != entered { return .unchosen }
    if entered, let package = info.coveredBy.first(where: { after.selected[$0] }) {
      return .package(package)
    }
    if !entered,
      let package = info.coveredBy.first(where: { before.selected[$0] && !after.selected[$0] })
    {
      return .package(package)
    }
    guard line.completion == .closest else { return .completion }
    // Towards the default: a slot's or `one` group's default back, or a value in a
    // default's place out again (an `any` group's default is to hold none).
    let towardsDefault = isExactlyOne(value) ? info.isDefault == entered : !entered
    if towardsDefault { return entered ? .defaultAgain : .notNeeded }
    // A default gave way: the default left, or a value entered in its place.
    if isExactlyOne(value) {
      let usual =
        info.isDefault
        ? value : line.groups[info.group].values.first { line.values[$0].isDefault }
      guard let usual else { return .gaveWay(nil) }
      if step.states[usual] == .excluded { return .gaveWay(reasons[usual] ?? step.reasons[usual]) }
      return .gaveWay(givingWay(line.values[usual].variable.negative))
    }
    return .gaveWay(givingWay(info.variable.positive))
  }

  /// The defaults a build keeps, as the literals the closest build prefers (see
  /// ``ProductLine/preferred``): a slot's or `one` group's default held, an `any` group's
  /// value not held.
  func keptDefaults(_ selected: [Bool]) -> [Literal] {
    line.values.indices.compactMap { index in
      let value = line.values[index]
      switch line.groups[value.group].kind {
      case .slot, .one: return value.isDefault && selected[index] ? value.variable.positive : nil
      case .any: return selected[index] ? nil : value.variable.negative
      case .feature: return nil
      }
    }
  }

  /// Why the closest build cannot keep a default: a minimal reason for `literal` (the
  /// default's negation, or an `any` value's presence) under the choices and the defaults the
  /// build keeps, citing the choices and rules only. The closest build violates the fewest
  /// defaults, so the choices with the defaults it keeps leave no build with this one too.
  func explainGivingWay(
    _ literal: Literal, choices: [Choice], kept: [Literal], deadline: ContinuousClock.Instant
  ) -> Explanation? {
    let remaining = deadline - ContinuousClock.now
    guard remaining > .zero,
      let reason = try? space.explain(
        literal, choices: choices.map(self.literal) + kept,
        budget: AnalysisBudget(time: remaining))
    else { return nil }
    return explanation(reason, choices: choices)
  }

  /// Each moved value's price difference, and the unmoved values whose charge a moved
  /// package changed, by the package (see ``CarMove``).
  private func priceDifferences(_ before: [Bool], _ after: [Bool], _ moved: [Int])
    -> (differences: [Int: Int64], settles: [Int: [Int]])
  {
    func charge(_ index: Int, _ selected: [Bool]) -> Int64 {
      let value = line.values[index]
      guard selected[index], value.surcharge.cents != 0,
        !value.coveredBy.contains(where: { selected[$0] })
      else { return 0 }
      return value.surcharge.cents
    }
    var differences: [Int: Int64] = [:]
    var settles: [Int: [Int]] = [:]
    for value in moved {
      differences[value] = charge(value, after) &- charge(value, before)
    }
    // Unmoved values change charge only through a package that moved.
    for (index, value) in line.values.enumerated()
    where !value.coveredBy.isEmpty && before[index] && after[index] {
      let change = charge(index, after) &- charge(index, before)
      guard change != 0 else { continue }
      let nowCovered = change < 0
      guard
        let package = value.coveredBy.first(where: {
          nowCovered ? after[$0] && !before[$0] : before[$0] && !after[$0]
        })
      else { continue }
      differences[package, default: 0] &+= change
      settles[package, default: []].append(index)
    }
    return (differences, settles)
  }
}
