internal import ConfigurationEngine

/// The builds of two versions compared by the #SAT counter (SPEC §16), over the union of their
/// values, a value one version lacks false in its builds:
/// - `both` is one count of the union model: both versions' clauses and rules over shared
///   value variables, every value only one side has fixed false;
/// - `onlyOld = count(OLD) − both`, `onlyNew = count(NEW) − both`, each side's count its own
///   (its missing values are false, so it counts the same over the union);
/// - an example of a side is one solver call on that side's model with the other's negated
///   (``ConstraintModel/embedNegation(of:values:orAnyOf:)``), checked against both sides by
///   the counter before it is shown.
extension ProductLine {
  static func compareBuilds(
    _ old: ProductLine, _ new: ProductLine, _ matching: ValueMatching, timeLimit: Duration
  ) -> BuildComparison {
    let deadline = ContinuousClock.now.advanced(by: timeLimit)
    let union = BuildUnion(old: old, new: new, matching: matching)
    func count(_ model: ConstraintModel, choosing choices: [Literal]) -> BigUInt? {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { return nil }
      return ModelCounter(model).countBuilds(
        choosing: choices, budget: CountBudget(timeLimit: left)
      )
      .exactValue
    }
    var unfinished: BuildComparison { .unfinished(timeLimit: timeLimit) }
    guard let oldCount = count(old.constraints, choosing: []),
      let newCount = count(new.constraints, choosing: []),
      let both = count(union.model(embeddingOld: true, new: true), choosing: union.missingFalse)
    else { return unfinished }
    guard let onlyOld = oldCount.subtracting(both), let onlyNew = newCount.subtracting(both)
    else {
      // Cannot happen for exact counts: the shared builds are builds of each side.
      return unfinished
    }
    // The examples come after the counts and are extras: one not found within its share of
    // what is left (the first side half, the second all that remains) is left out, and the
    // counts still stand.
    var examples: [[String]?] = [nil, nil]
    for (index, isOld) in [true, false].enumerated()
    where !(isOld ? onlyOld : onlyNew).isZero {
      let left = ContinuousClock.now.duration(to: deadline)
      let share = index == 0 && !onlyNew.isZero ? left / 2 : left
      guard share > .zero, let found = union.example(onlyOld: isOld, time: share) else {
        continue
      }
      examples[index] = union.checked(found, onlyOld: isOld)
    }
    return .counted(
      BuildCounts(
        onlyOld: BuildCount(onlyOld), onlyNew: BuildCount(onlyNew), both: BuildCount(both),
        exampleOld: examples[0], exampleNew: examples[1]))
  }
}

/// The values of two versions as one set of variables, and the models made over it.
struct BuildUnion {
  let old: ProductLine
  let new: ProductLine
  /// How many union variables there are (every one a value).
  let count: Int
  /// Each old value's union variable.
  let ofOld: [Variable]
  /// Each new value's union variable.
  let ofNew: [Variable]
  /// The union variables of the old values the new version lacks.
  let onlyInOld: [Variable]
  /// The union variables of the new values the old version lacks.
  let onlyInNew: [Variable]

  init(old: ProductLine, new: ProductLine, matching: ValueMatching) {
    self.old = old
    self.new = new
    let ofNew = (0..<new.values.count).map { Variable($0) }
    var next = new.values.count
    var ofOld: [Variable] = []
    var onlyInOld: [Variable] = []
    for partner in matching.newOfOld {
      if let partner {
        ofOld.append(ofNew[partner])
      } else {
        ofOld.append(Variable(next))
        onlyInOld.append(Variable(next))
        next += 1
      }
    }
    self.ofNew = ofNew
    self.ofOld = ofOld
    self.onlyInOld = onlyInOld
    onlyInNew = ofNew.indices.filter { matching.oldOfNew[$0] == nil }.map { ofNew[$0] }
    count = next
  }

  /// The choices that make each side's missing values false.
  var missingFalse: [Literal] { (onlyInOld + onlyInNew).map(\.negative) }

  /// For each of a line's engine variables, its union variable (auxiliaries have none).
  private func values(of line: ProductLine, _ union: [Variable]) -> [Variable?] {
    var map = [Variable?](repeating: nil, count: line.constraints.variableCount)
    for (index, value) in line.values.enumerated() {
      map[Int(value.variable.index)] = union[index]
    }
    return map
  }

  /// The union's value variables alone.
  private func emptyModel() -> ConstraintModel {
    var model = ConstraintModel()
    for _ in 0..<count { _ = model.newVariable() }
    return model
  }

  /// The union model with the sides asked for.
  func model(embeddingOld withOld: Bool, new withNew: Bool) -> ConstraintModel {
    var model = emptyModel()
    if withOld { model.embed(old.constraints, values: values(of: old, ofOld)) }
    if withNew { model.embed(new.constraints, values: values(of: new, ofNew)) }
    return model
  }

  /// A build of one side that the other does not allow, as each union variable's value; `nil`
  /// when the solver ran out of time (or, should the counts have been wrong, found none).
  func example(onlyOld: Bool, time: Duration) -> [Bool]? {
    var model = emptyModel()
    let (side, other) = onlyOld ? (old, new) : (new, old)
    let (sideUnion, otherUnion) = onlyOld ? (ofOld, ofNew) : (ofNew, ofOld)
    let (sideLacks, otherLacks) = onlyOld ? (onlyInNew, onlyInOld) : (onlyInOld, onlyInNew)
    model.embed(side.constraints, values: values(of: side, sideUnion))
    // The easy way first: a build of this side holding a value the other lacks is none of
    // the other's, and finding one is a plain call on this side with one clause more (the
    // negation of the other side below is a hard problem on large lines).
    let start = ContinuousClock.now
    if !otherLacks.isEmpty {
      var easy = model
      easy.addClause(otherLacks.map(\.positive))
      if case .consistent(let build)? = try? ConfigurationSpace(easy).consistency(
        choices: sideLacks.map(\.negative), budget: AnalysisBudget(time: time / 4))
      {
        return (0..<count).map { build[Variable($0)] }
      }
    }
    let left = time - start.duration(to: .now)
    guard left > .zero else { return nil }
    // The other side is broken by a value it lacks, or by one of its own requirements.
    let selectors = model.embedNegation(
      of: other.constraints, values: values(of: other, otherUnion),
      orAnyOf: otherLacks.map(\.positive))
    let space = ConfigurationSpace(model)
    let choices = sideLacks.map(\.negative) + selectors
    guard
      case .consistent(let build)? = try? space.consistency(
        choices: choices, budget: AnalysisBudget(time: left))
    else { return nil }
    return (0..<count).map { build[Variable($0)] }
  }

  /// The example's atoms on its side, if the counter agrees that its side allows it and the
  /// other does not; `nil` otherwise (never a build shown on the wrong side).
  func checked(_ build: [Bool], onlyOld: Bool) -> [String]? {
    func allows(_ line: ProductLine, _ union: [Variable], lacks: [Variable]) -> Bool {
      if lacks.contains(where: { build[Int($0.index)] }) { return false }
      let choices = line.values.indices.map { index in
        Literal(line.values[index].variable, negated: !build[Int(union[index].index)])
      }
      let counted = ModelCounter(line.constraints).countBuilds(
        choosing: choices, budget: CountBudget(timeLimit: .seconds(10)))
      return counted.exactValue == .one
    }
    let inOld = allows(old, ofOld, lacks: onlyInNew)
    let inNew = allows(new, ofNew, lacks: onlyInOld)
    guard inOld == onlyOld, inNew == !onlyOld else { return nil }
    let (line, union) = onlyOld ? (old, ofOld) : (new, ofNew)
    return line.values.indices.filter { build[Int(union[$0].index)] }.map { line.values[$0].atom }
  }
}
