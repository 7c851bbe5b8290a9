internal import ConfigurationEngine

extension ProductConfigurator {
  /// The reason of every forced or excluded value of `states`, as `options` shows them,
  /// within a deadline; values not explained by then get `nil`.
  ///
  /// A value the user ruled out is excluded by that choice. A value in the same state with and
  /// without the choices gets its *model-level* reason (rules only, no choice): computed once
  /// per model, all at once, and kept, since a minimal set of rules that decides a value
  /// without any choice still decides it, and is still minimal, under any consistent choices.
  /// The values the choices changed — the news — are explained first, under the choices.
  ///
  /// - Parameters:
  ///   - states: Every value's state under the choices.
  ///   - choices: The user's choices (consistent).
  ///   - deadline: When explaining stops.
  ///   - sharing: Whether part of the work goes to the second space, if there is one.
  /// - Returns: One reason per value, `nil` for values neither forced nor excluded.
  func reasons(
    for states: [OptionsReport.State], choices: [Choice], deadline: ContinuousClock.Instant,
    sharing: Bool = false
  ) -> [Explanation?] {
    let literals = choices.map(literal)
    let ruledOut = Set(literals.filter(\.isNegated))
    let withoutChoices = literals.isEmpty ? states : statesWithoutChoices()
    var reasons = [Explanation?](repeating: nil, count: states.count)
    var changed: [Int] = []
    var unchanged: [Int] = []
    for index in states.indices where states[index] == .forced || states[index] == .excluded {
      let negative = line.values[index].variable.negative
      if ruledOut.contains(negative) {
        reasons[index] = Explanation(
          choices: choices.filter { literal($0) == negative }, rules: [])
      } else if withoutChoices?[index] == states[index] {
        unchanged.append(index)
      } else {
        changed.append(index)
      }
    }
    func decided(_ index: Int) -> Literal {
      let positive = line.values[index].variable.positive
      return states[index] == .forced ? positive : !positive
    }
    if !changed.isEmpty {
      let found = explainEach(
        changed.map(decided), choices: choices, deadline: deadline, sharing: sharing)
      for (index, reason) in zip(changed, found) { reasons[index] = reason }
    }
    let missing = unchanged.map(decided).filter { modelReasons[$0] == nil }
    if !missing.isEmpty {
      _ = explainEach(missing, choices: [], deadline: deadline, sharing: sharing)
    }
    for index in unchanged { reasons[index] = modelReasons[decided(index)] }
    return reasons
  }

  /// Why each literal holds in every build with the choices, all at once within a deadline
  /// (``ConfigurationSpace/explainEach(_:choices:budget:)``); reasons citing no choice are
  /// kept as model-level reasons.
  ///
  /// When `sharing` and there is a second space (the working car's first step on a large
  /// line), the cores are found here, then part of them is made minimal there, on another
  /// thread, while this one does the rest (each core's search is independent of the others').
  private func explainEach(
    _ literals: [Literal], choices: [Choice], deadline: ContinuousClock.Instant, sharing: Bool
  ) -> [Explanation?] {
    let remaining = deadline - ContinuousClock.now
    guard remaining > .zero else { return literals.map { modelReasons[$0] } }
    var work = space.startExplaining(
      literals, choices: choices.map(literal), budget: AnalysisBudget(time: remaining))
    let cores = work.cores.indices
    let split =
      sharing && work.weight(of: cores) >= self.sharing.reasonChecks ? takeHelperSpace() : nil
    if let split {
      let middle = work.cut(cores, leaving: Self.reasonShare)
      let theirs = middle..<cores.upperBound
      let copy = work
      let job = BackgroundWork { () -> ReasonWork in
        var copy = copy
        split.space.finishExplaining(
          &copy, cores: theirs, budget: AnalysisBudget(time: deadline - ContinuousClock.now))
        return copy
      }
      space.finishExplaining(
        &work, cores: cores.lowerBound..<middle,
        budget: AnalysisBudget(time: deadline - ContinuousClock.now))
      // The other part stops at the same deadline; a thread that overran it by far (a
      // starved core) keeps its space, and a later question makes another.
      if let done = job.wait(until: deadline.advanced(by: .seconds(1))) {
        work.merge(done, cores: theirs)
        helper = .ready(split)
      }
    } else {
      space.finishExplaining(
        &work, cores: cores, budget: AnalysisBudget(time: deadline - ContinuousClock.now))
    }
    return zip(literals, work.reasons).map { literal, reason in
      guard let reason else { return modelReasons[literal] }
      let explanation = self.explanation(reason, choices: choices)
      if explanation.choices.isEmpty { modelReasons[literal] = explanation }
      return explanation
    }
  }

  /// The share of the reasons' checks the second space takes, in hundredths: the second
  /// space joins later (it is made first), and cores found last cost less.
  static let reasonShare = 45

  /// Starts making the second space in the background, on a line large enough to need it
  /// (see ``explainEach(_:choices:deadline:sharing:)``), so it is ready when the reasons are.
  func prepareHelperSpace() {
    guard helper == nil, line.values.count >= sharing.values else { return }
    let constraints = line.constraints
    helper = .building(BackgroundWork { SpaceHandoff(ConfigurationSpace(constraints)) })
  }

  /// Takes the second space (waited for if it is being made) to lend it to another thread;
  /// the lender puts it back once the thread is done with it. `nil` if there is none.
  private func takeHelperSpace() -> SpaceHandoff? {
    defer { helper = nil }
    switch helper {
    case .ready(let handoff): return handoff
    case .building(let work):
      // Made from the constraints alone, it takes a fraction of what the reasons do.
      return work.wait(until: .now.advanced(by: .seconds(10)))
    case nil: return nil
    }
  }
}

/// The second space of a ``ProductConfigurator``, handed to one thread at a time: made on
/// another thread, then used either by the configurator or, while the configurator waits for
/// it, by the one thread it hands the work to. Never shared: `@unchecked` says so.
final class SpaceHandoff: @unchecked Sendable {
  let space: ConfigurationSpace

  init(_ space: ConfigurationSpace) {
    self.space = space
  }
}

/// Where the second space stands.
enum HelperSpace {
  case building(BackgroundWork<SpaceHandoff>)
  case ready(SpaceHandoff)
}

/// When the working car's first step shares its work with a second space: below these sizes
/// the work costs less than handing it over (a catalog's reasons take a handful of checks).
/// Tests lower them to share the work of small lines.
struct WorkSharing {
  /// How many values a line must have before a first step prepares a second space.
  var values = 500
  /// How many checks a batch of reasons must be expected to take (one per item of a core).
  var reasonChecks = 256
}
