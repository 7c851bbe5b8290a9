/// The linear constraints a count keeps as sums rather than clauses (issue 52): each
/// `Σ wᵢ·ℓᵢ ≤ bound` with positive weights, one term per variable, heaviest first, laid out
/// flat, with each literal's occurrences for propagation and each variable's for finding
/// components.
///
/// A model's large sums are adder networks (``ConstraintModel/nativeSums``), whose clauses
/// tell the search a sum is exceeded only once nearly every input is set, and whose gates make
/// every sub-problem look new. Kept as sums, a count propagates them as a solver does (a
/// literal heavier than the room left is false) and caches a component with a sum under its
/// variables and the room left, so counting a knapsack costs about what its dynamic program
/// does: one entry per item and reachable room.
struct CountingLinear: Sendable {
  /// Where each constraint's terms start in ``literals`` and ``weights``; one more entry
  /// marks the end.
  let start: [Int]
  /// The terms' literal codes, each constraint's heaviest first.
  let literals: [UInt32]
  /// The terms' weights, all positive.
  let weights: [Int64]
  /// Each constraint's bound.
  let bounds: [Int64]
  /// For each literal code `l`, `occurrence[occurrenceStart[l] ..< occurrenceStart[l + 1]]`
  /// are the constraints holding `l`, with its weight at the same place in
  /// ``occurrenceWeight``.
  let occurrenceStart: [Int]
  /// See ``occurrenceStart``.
  let occurrence: [Int32]
  /// See ``occurrenceStart``.
  let occurrenceWeight: [Int64]

  /// How many constraints there are.
  var count: Int { bounds.count }

  /// The terms of constraint `index`, as positions in ``literals``.
  func terms(_ index: Int) -> Range<Int> { start[index]..<start[index + 1] }

  /// Where the occurrences of a literal code lie in ``occurrence`` and ``occurrenceWeight``.
  func occurrences(of code: Int) -> Range<Int> {
    occurrenceStart[code]..<occurrenceStart[code + 1]
  }

  /// No constraint.
  init() {
    self.init(variableCount: 0, constraints: [])
  }

  /// Lays out constraints over literal codes.
  ///
  /// - Parameters:
  ///   - variableCount: How many variables there are.
  ///   - constraints: Each constraint's terms (literal code and positive weight, one per
  ///     variable) and bound.
  init(variableCount: Int, constraints: [(terms: [(UInt32, Int64)], bound: Int64)]) {
    var start = [0]
    var literals: [UInt32] = []
    var weights: [Int64] = []
    var bounds: [Int64] = []
    var occurrenceCount = [Int](repeating: 0, count: 2 * variableCount + 1)
    for constraint in constraints {
      for (literal, weight) in constraint.terms.sorted(by: { $0.1 > $1.1 }) {
        literals.append(literal)
        weights.append(weight)
        occurrenceCount[Int(literal) + 1] += 1
      }
      start.append(literals.count)
      bounds.append(constraint.bound)
    }
    for code in 0..<(2 * variableCount) { occurrenceCount[code + 1] += occurrenceCount[code] }
    var occurrence = [Int32](repeating: 0, count: literals.count)
    var occurrenceWeight = [Int64](repeating: 0, count: literals.count)
    var fill = occurrenceCount
    for index in bounds.indices {
      for position in start[index]..<start[index + 1] {
        let code = Int(literals[position])
        occurrence[fill[code]] = Int32(truncatingIfNeeded: index)
        occurrenceWeight[fill[code]] = weights[position]
        fill[code] += 1
      }
    }
    self.start = start
    self.literals = literals
    self.weights = weights
    self.bounds = bounds
    occurrenceStart = occurrenceCount
    self.occurrence = occurrence
    self.occurrenceWeight = occurrenceWeight
  }

  /// The constraints left under a partial assignment: assigned terms gone (a true one's
  /// weight off the bound), constraints no assignment of the rest can break dropped.
  ///
  /// - Parameter values: Per literal code, 1 true, -1 false, 0 unassigned.
  /// - Returns: The constraints left, or `nil` when one is broken already.
  func residual(values: [Int8]) -> [(terms: [(UInt32, Int64)], bound: Int64)]? {
    var result: [(terms: [(UInt32, Int64)], bound: Int64)] = []
    for index in bounds.indices {
      var bound = bounds[index]
      var kept: [(UInt32, Int64)] = []
      var open: Int64 = 0
      for position in terms(index) {
        switch values[Int(literals[position])] {
        case 1: bound -= weights[position]
        case 0:
          kept.append((literals[position], weights[position]))
          open += weights[position]
        default: break
        }
      }
      if bound < 0 { return nil }
      if open > bound { result.append((kept, bound)) }
    }
    return result
  }
}
