/// Cheap witnesses for backbone filtering: flips a literal in a known model and repairs the
/// clauses that breaks by a short, bounded local search, so one solver model yields many.
///
/// Sound by construction: the count of true literals of every clause is kept exactly, and a
/// repair succeeds only when no clause is left without one; variables of assumptions are
/// never flipped. A failed repair is undone and the caller falls back to the solver.
struct ModelRepair {
  /// Every clause of the model, flat: `starts[i] ..< starts[i + 1]` in `literals`.
  private let literals: [UInt32]
  private let starts: [Int]
  /// The clauses each literal code occurs in.
  private let occurrences: [[Int32]]
  /// The current model, one value per variable.
  private(set) var values: [Bool] = []
  /// How many literals of each clause are true in `values`.
  private var trueCounts: [Int32] = []
  /// Variables that must not flip (assumptions, and those flipped in the running attempt).
  private var locked: [Bool] = []
  private var lockedBase: [Bool] = []

  /// Prepares the clause index of a model.
  init(_ model: ConstraintModel) {
    var literals: [UInt32] = []
    var starts: [Int] = [0]
    var occurrences = [[Int32]](repeating: [], count: 2 * model.variableCount)
    for (index, clause) in model.clauses.enumerated() {
      for literal in clause {
        literals.append(literal.code)
        occurrences[Int(literal.code)].append(Int32(truncatingIfNeeded: index))
      }
      starts.append(literals.count)
    }
    self.literals = literals
    self.starts = starts
    self.occurrences = occurrences
  }

  @inline(__always) private func isTrue(_ literal: UInt32) -> Bool {
    values[Int(literal >> 1)] != (literal & 1 == 1)
  }

  /// Starts from a model of the clauses (the first `variableCount` values of `model`), with
  /// the variables of `fixed` locked.
  mutating func reset(model: [Bool], fixed: [Literal]) {
    let count = occurrences.count / 2
    values = Array(model.prefix(count))
    if values.count < count { values += [Bool](repeating: false, count: count - values.count) }
    trueCounts = [Int32](repeating: 0, count: starts.count - 1)
    for clause in 0..<(starts.count - 1) {
      var trueCount: Int32 = 0
      for position in starts[clause]..<starts[clause + 1] where isTrue(literals[position]) {
        trueCount += 1
      }
      trueCounts[clause] = trueCount
    }
    lockedBase = [Bool](repeating: false, count: count)
    for literal in fixed where (0..<count).contains(Int(literal.variable.index)) {
      lockedBase[Int(literal.variable.index)] = true
    }
    locked = lockedBase
  }

  /// Moves to another model of the clauses by flipping the variables where it differs, so
  /// the cost is the difference, not the whole model (as ``reset(model:fixed:)`` costs).
  /// Locks are left as they are.
  ///
  /// - Parameter model: A model of every clause, one value per variable (at least).
  mutating func move(to model: [Bool]) {
    var ignored: [Int32] = []
    for variable in 0..<min(values.count, model.count) where values[variable] != model[variable] {
      flip(variable, broken: &ignored)
    }
  }

  /// Keeps a variable from flipping from now on (its value is known forced).
  mutating func lock(_ variable: Variable) {
    let index = Int(variable.index)
    guard index >= 0, index < locked.count else { return }
    locked[index] = true
    lockedBase[index] = true
  }

  /// Lets a locked variable flip again.
  mutating func unlock(_ variable: Variable) {
    let index = Int(variable.index)
    guard index >= 0, index < locked.count else { return }
    locked[index] = false
    lockedBase[index] = false
  }

  /// Undoes a successful ``makeTrue(_:limit:)``: flips its variables back, restoring the
  /// model it started from exactly.
  mutating func revert(_ flipped: [Int]) {
    var ignored: [Int32] = []
    for variable in flipped.reversed() { flip(variable, broken: &ignored) }
  }

  /// Flips one variable and updates the clause counts; returns the clauses left with no true
  /// literal.
  private mutating func flip(_ variable: Int, broken: inout [Int32]) {
    let wasTrue = values[variable]
    values[variable] = !wasTrue
    let nowTrue = UInt32(truncatingIfNeeded: 2 * variable) | (wasTrue ? 1 : 0)
    for clause in occurrences[Int(nowTrue)] { trueCounts[Int(clause)] += 1 }
    for clause in occurrences[Int(nowTrue ^ 1)] {
      trueCounts[Int(clause)] -= 1
      if trueCounts[Int(clause)] == 0 { broken.append(clause) }
    }
  }

  /// How many clauses making `literal` true would leave with no true literal; `Int.max` when
  /// one of them could not be repaired (all its other literals locked).
  private func breakCount(_ literal: UInt32) -> Int {
    var count = 0
    for clause in occurrences[Int(literal ^ 1)] where trueCounts[Int(clause)] == 1 {
      var repairable = false
      for position in starts[Int(clause)]..<starts[Int(clause) + 1] {
        let other = literals[position]
        if other >> 1 != literal >> 1, !locked[Int(other >> 1)] {
          repairable = true
          break
        }
      }
      guard repairable else { return Int.max }
      count += 1
    }
    return count
  }

  /// Tries to make `target` true by flipping at most `limit` variables in all; on success the
  /// repaired model is kept and the flipped variables are returned, otherwise nothing changes.
  mutating func makeTrue(_ target: Literal, limit: Int) -> [Int]? {
    let start = Int(target.variable.index)
    guard start >= 0, start < values.count, !locked[start] else { return nil }
    if isTrue(target.code) { return [] }
    var flipped: [Int] = [start]
    var broken: [Int32] = []
    locked[start] = true
    flip(start, broken: &broken)
    var success = true
    while let clause = broken.popLast() {
      guard trueCounts[Int(clause)] == 0 else { continue }
      var best: (literal: UInt32, cost: Int)?
      for position in starts[Int(clause)]..<starts[Int(clause) + 1] {
        let literal = literals[position]
        guard !locked[Int(literal >> 1)] else { continue }
        let cost = breakCount(literal)
        if best == nil || cost < (best?.cost ?? 0) { best = (literal, cost) }
      }
      guard let choice = best, choice.cost < Int.max, flipped.count < limit else {
        success = false
        break
      }
      let variable = Int(choice.literal >> 1)
      locked[variable] = true
      flipped.append(variable)
      flip(variable, broken: &broken)
    }
    if !success { revert(flipped) }
    for variable in flipped { locked[variable] = lockedBase[variable] }
    return success ? flipped : nil
  }

  /// Moves to a model near the current one with every literal of `literals` true: the
  /// literals already true are held, the others made true one at a time by
  /// ``makeTrue(_:limit:)``, each then held too. On failure the current model is restored.
  ///
  /// `true` is a proof (``values`` is then a model of every clause with the literals true);
  /// `false` only means the repair did not find one, and the caller asks the solver.
  ///
  /// - Parameters:
  ///   - literals: The literals that must hold (assumptions of a satisfiability check).
  ///   - limit: The most flips for each literal made true.
  /// - Returns: Whether such a model was reached.
  mutating func reach(_ literals: [Literal], limit: Int) -> Bool {
    var held: [Int] = []
    var repairs: [[Int]] = []
    var targets: [Literal] = []
    func hold(_ index: Int) {
      guard !locked[index] else { return }
      locked[index] = true
      held.append(index)
    }
    var success = true
    for literal in literals {
      let index = Int(literal.variable.index)
      guard index >= 0, index < values.count else {
        success = false
        break
      }
      if isTrue(literal.code) { hold(index) } else { targets.append(literal) }
    }
    if success {
      for target in targets {
        guard let flipped = makeTrue(target, limit: limit) else {
          success = false
          break
        }
        repairs.append(flipped)
        hold(Int(target.variable.index))
      }
    }
    if !success {
      for flipped in repairs.reversed() { revert(flipped) }
    }
    for index in held { locked[index] = lockedBase[index] }
    return success
  }
}
