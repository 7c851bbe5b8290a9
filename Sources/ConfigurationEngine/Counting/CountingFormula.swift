/// The clauses of a ``ConstraintModel`` laid out for counting: binary clauses as implication
/// lists, longer clauses in one flat array, and per-variable occurrence lists for finding
/// components. Built once per model and shared by every count.
struct CountingFormula: Sendable {
  /// How many variables the model has.
  let variableCount: Int
  /// Literal codes of the single-literal clauses.
  let units: [UInt32]
  /// Whether the model has an empty clause (no build at all).
  let hasEmptyClause: Bool
  /// Literal codes of every clause of three or more literals, one after another.
  let longLiterals: [UInt32]
  /// Where each long clause starts in `longLiterals`; one more entry marks the end.
  let longStart: [Int]
  /// For each literal code `l`, `implied[impliedStart[l] ..< impliedStart[l + 1]]` are the
  /// literals a binary clause forces when `l` is true.
  let impliedStart: [Int]
  /// See `impliedStart`.
  let implied: [UInt32]
  /// For each variable `v`, `occurrences[occurrenceStart[v] ..< occurrenceStart[v + 1]]` are
  /// the long clauses it occurs in.
  let occurrenceStart: [Int]
  /// See `occurrenceStart`.
  let occurrences: [Int32]
  /// The linear constraints kept as sums (``CountingLinear``); none for clauses alone.
  let linear: CountingLinear

  /// How many long clauses there are.
  var longClauseCount: Int { longStart.count - 1 }

  /// Lays out the model's clauses.
  ///
  /// - Parameter model: The model.
  init(_ model: ConstraintModel) {
    var clauses = ClauseList()
    for clause in model.clauses { clauses.append(clause.lazy.map(\.code)) }
    self.init(variableCount: model.variableCount, clauses: clauses)
  }

  /// Lays out the model with its adder networks kept as their sums
  /// (``ConstraintModel/nativeSums``): a network's clauses are left out and its two linear
  /// constraints, which define its root both ways, kept instead. The network's other
  /// auxiliaries are then in no clause; each has one value in every solution of the model
  /// (its gates define it), so the count fixes them rather than count them free.
  ///
  /// - Parameter model: The model.
  /// - Returns: The formula, and the literal codes that fix the networks' inner auxiliaries.
  static func keepingSums(_ model: ConstraintModel) -> (formula: CountingFormula, fixed: [UInt32]) {
    guard !model.nativeSums.isEmpty else { return (CountingFormula(model), []) }
    var isNetwork = [Bool](repeating: false, count: model.clauses.count)
    var constraints: [(terms: [(UInt32, Int64)], bound: Int64)] = []
    for sum in model.nativeSums where sum.clauses.upperBound <= model.clauses.count {
      for index in sum.clauses { isNetwork[index] = true }
      for constraint in sum.constraints {
        constraints.append(
          (constraint.terms.map { ($0.literal.code, $0.coefficient) }, constraint.bound))
      }
    }
    var isKept = [Bool](repeating: false, count: model.variableCount)
    for constraint in constraints {
      for (literal, _) in constraint.terms { isKept[Int(literal >> 1)] = true }
    }
    var clauses = ClauseList()
    for (index, clause) in model.clauses.enumerated() where !isNetwork[index] {
      clauses.append(clause.lazy.map(\.code))
      for literal in clause { isKept[Int(literal.variable.index)] = true }
    }
    var fixed: [UInt32] = []
    for (index, clause) in model.clauses.enumerated() where isNetwork[index] {
      for literal in clause where !isKept[Int(literal.variable.index)] {
        isKept[Int(literal.variable.index)] = true
        fixed.append(literal.variable.negative.code)
      }
    }
    let linear = CountingLinear(variableCount: model.variableCount, constraints: constraints)
    return (
      CountingFormula(variableCount: model.variableCount, clauses: clauses, linear: linear), fixed
    )
  }

  /// The clauses that still matter under a partial assignment that propagation has closed:
  /// satisfied clauses dropped, false literals removed. No clause becomes empty or a unit
  /// (propagation would have found it), so many long clauses become binary ones.
  ///
  /// - Parameters:
  ///   - values: Per literal code, 1 true, -1 false, 0 unassigned.
  ///   - clauseLiterals: The long clauses' literals (in any order within each clause).
  /// - Returns: The remaining clauses.
  func residualClauses(values: [Int8], clauseLiterals: [UInt32]) -> ClauseList {
    var clauses = ClauseList()
    clauses.reserveCapacity(
      clauses: implied.count / 2 + longClauseCount, literals: implied.count + longLiterals.count)
    for literal in 0..<2 * variableCount where values[literal] == 0 {
      for index in impliedStart[literal]..<impliedStart[literal + 1] {
        let implied = implied[index]
        // Each binary clause appears twice; keep it from its smaller literal's side.
        if values[Int(implied)] == 0, UInt32(literal ^ 1) < implied {
          clauses.append([UInt32(literal ^ 1), implied])
        }
      }
    }
    for clause in 0..<longClauseCount {
      let literals = clauseLiterals[longStart[clause]..<longStart[clause + 1]]
      if literals.contains(where: { values[Int($0)] == 1 }) { continue }
      clauses.append(literals.lazy.filter { values[Int($0)] == 0 })
    }
    return clauses
  }

  /// Lays out clauses given as literal codes.
  ///
  /// - Parameters:
  ///   - variableCount: How many variables there are.
  ///   - clauses: The clauses.
  ///   - linear: Linear constraints over the same variables; none by default.
  init(variableCount: Int, clauses: [[UInt32]], linear: CountingLinear = CountingLinear()) {
    var list = ClauseList()
    for clause in clauses { list.append(clause) }
    self.init(variableCount: variableCount, clauses: list, linear: linear)
  }

  /// Lays out clauses given as literal codes.
  ///
  /// - Parameters:
  ///   - variableCount: How many variables there are.
  ///   - clauses: The clauses.
  ///   - linear: Linear constraints over the same variables; none by default.
  init(variableCount: Int, clauses: ClauseList, linear: CountingLinear = CountingLinear()) {
    var units: [UInt32] = []
    var hasEmptyClause = false
    var longLiterals: [UInt32] = []
    var longStart: [Int] = [0]
    var impliedCount = [Int](repeating: 0, count: 2 * variableCount)
    var occurrenceCount = [Int](repeating: 0, count: variableCount)
    for index in 0..<clauses.count {
      let clause = clauses[index]
      switch clause.count {
      case 0: hasEmptyClause = true
      case 1: units.append(clause[clause.startIndex])
      case 2:
        impliedCount[Int(clause[clause.startIndex] ^ 1)] += 1
        impliedCount[Int(clause[clause.startIndex + 1] ^ 1)] += 1
      default:
        for literal in clause {
          longLiterals.append(literal)
          occurrenceCount[Int(literal >> 1)] += 1
        }
        longStart.append(longLiterals.count)
      }
    }
    // Prefix sums turn the counts into start offsets; filling then walks them forward.
    let impliedStart = Self.prefixSums(impliedCount)
    var implied = [UInt32](repeating: 0, count: impliedStart[impliedStart.count - 1])
    let occurrenceStart = Self.prefixSums(occurrenceCount)
    var occurrences = [Int32](repeating: 0, count: occurrenceStart[occurrenceStart.count - 1])
    var impliedFill = impliedStart
    for index in 0..<clauses.count where clauses[index].count == 2 {
      let clause = clauses[index]
      let (a, b) = (clause[clause.startIndex], clause[clause.startIndex + 1])
      implied[impliedFill[Int(a ^ 1)]] = b
      impliedFill[Int(a ^ 1)] += 1
      implied[impliedFill[Int(b ^ 1)]] = a
      impliedFill[Int(b ^ 1)] += 1
    }
    var occurrenceFill = occurrenceStart
    for clauseIndex in 0..<(longStart.count - 1) {
      for position in longStart[clauseIndex]..<longStart[clauseIndex + 1] {
        let variable = Int(longLiterals[position] >> 1)
        occurrences[occurrenceFill[variable]] = Int32(truncatingIfNeeded: clauseIndex)
        occurrenceFill[variable] += 1
      }
    }
    self.variableCount = variableCount
    self.units = units
    self.hasEmptyClause = hasEmptyClause
    self.longLiterals = longLiterals
    self.longStart = longStart
    self.impliedStart = impliedStart
    self.implied = implied
    self.occurrenceStart = occurrenceStart
    self.occurrences = occurrences
    self.linear = linear
  }

  /// `[0, c0, c0 + c1, …]`: one more entry than `counts` has.
  private static func prefixSums(_ counts: [Int]) -> [Int] {
    var sums: [Int] = [0]
    sums.reserveCapacity(counts.count + 1)
    var total = 0
    for count in counts {
      total += count
      sums.append(total)
    }
    return sums
  }
}
