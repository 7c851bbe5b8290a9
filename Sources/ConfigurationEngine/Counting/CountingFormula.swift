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

  /// How many long clauses there are.
  var longClauseCount: Int { longStart.count - 1 }

  /// Lays out the model's clauses.
  ///
  /// - Parameter model: The model.
  init(_ model: ConstraintModel) {
    let variableCount = model.variableCount
    var units: [UInt32] = []
    var hasEmptyClause = false
    var longLiterals: [UInt32] = []
    var longStart: [Int] = [0]
    var impliedCount = [Int](repeating: 0, count: 2 * variableCount)
    var occurrenceCount = [Int](repeating: 0, count: variableCount)
    for clause in model.clauses {
      switch clause.count {
      case 0: hasEmptyClause = true
      case 1: units.append(clause[0].code)
      case 2:
        impliedCount[Int((!clause[0]).code)] += 1
        impliedCount[Int((!clause[1]).code)] += 1
      default:
        for literal in clause {
          longLiterals.append(literal.code)
          occurrenceCount[Int(literal.variable.index)] += 1
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
    for clause in model.clauses where clause.count == 2 {
      let first = Int((!clause[0]).code)
      implied[impliedFill[first]] = clause[1].code
      impliedFill[first] += 1
      let second = Int((!clause[1]).code)
      implied[impliedFill[second]] = clause[0].code
      impliedFill[second] += 1
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
