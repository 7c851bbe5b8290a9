/// Search near a reference model: a satisfiability check that decides only what the
/// assumptions' consequences break in a known model, and takes the rest from it.
///
/// The analyses ask many questions of one shape: is there a build with these few rules and
/// choices, and this one literal false? A full search decides every variable (thousands on a
/// real product line) to answer yes. But a model of every clause is at hand (the build with
/// all rules in force), and the answer is usually a small change of it. So, once propagation
/// has settled, the combined assignment — the trail where assigned, the reference elsewhere —
/// is checked for broken clauses, and only those get decisions: a literal of one of them is
/// decided true (the user polarity's literal first, then an auxiliary's, then any), and the
/// search goes on as usual, learning from conflicts. When no clause is broken, the combined
/// assignment is a model: the call answers satisfiable without deciding anything else.
///
/// Only clauses that lost a true literal can be broken, since the reference satisfies them
/// all: the clauses containing the negation of a trail literal that differs from the
/// reference. They are collected as the trail grows (`differenceHead`) and checked when a
/// decision is due; a backjump below what was scanned starts the scan again, since a clause
/// found satisfied may have relied on an undone literal, and a clause mended by a decision
/// stays a candidate (the decision lies past the scan, so undoing it restarts nothing).
/// Learned clauses follow from the
/// originals, so a model of the originals satisfies them too. If the first round of the
/// search meets its restart, the call goes on as an ordinary search.
extension Solver {
  /// Sets the reference model, checked to satisfy every clause first.
  ///
  /// - Parameter model: One value per variable (more are ignored).
  /// - Returns: Whether it is a model of the clauses (otherwise no reference is set, and
  ///   calls asking to complete it search as usual).
  @discardableResult
  package mutating func setReference(_ model: [Bool]) -> Bool {
    hasReference = false
    guard model.count >= variableCount, isConsistent, !isExhausted else { return false }
    referenceTrue.count = 0
    for variable in 0..<variableCount {
      referenceTrue.append(model[variable] ? 1 : 0)
      referenceTrue.append(model[variable] ? 0 : 1)
    }
    guard referenceIsAModel() else { return false }
    startReference()
    return true
  }

  /// Whether `referenceTrue` satisfies every original clause, the units at level 0 and the
  /// linear constraints.
  private mutating func referenceIsAModel() -> Bool {
    coverOccurrences()
    for index in 0..<originals.count where !isSatisfiedByReference(originals[index]) {
      return false
    }
    // Unit clauses live on the trail at level 0 only.
    let levelZeroEnd = decisionLevel == 0 ? trail.count : Int(trailLimits[0])
    for index in 0..<levelZeroEnd where referenceTrue[Int(trail[index])] == 0 { return false }
    return linearReferenceDecision(onTrail: false) == nil
  }

  /// Makes the model of the last satisfiable call the reference (no check needed). When that
  /// model completed the reference, only its differences change, and the scan of the trail
  /// stays as it is if none of them is assigned now: after a call the trail holds the levels
  /// of its assumptions, on which every model of them agrees. So a loop that moves the
  /// reference to each model found (checks one after another in the same neighbourhood) pays
  /// for the differences only.
  ///
  /// - Returns: Whether there was a model to take.
  @discardableResult
  package mutating func setReferenceToModel() -> Bool {
    if hasReference, hasModel, modelFollowsReference, referenceTrue.count == 2 * variableCount {
      var assigned = false
      for literal in modelDifferences {
        referenceTrue[Int(literal.code)] = 1
        referenceTrue[Int(literal.code ^ 1)] = 0
        if values[Int(literal.code)] != 0 { assigned = true }
      }
      if assigned { startReference() }
      modelFollowsReference = true
      modelDifferences = []
      return true
    }
    hasReference = false
    guard hasModel, model.count == variableCount, isConsistent, !isExhausted else { return false }
    referenceTrue.count = 0
    for variable in 0..<variableCount {
      let isTrue: UInt8 = model[variable] > 0 ? 1 : 0
      referenceTrue.append(isTrue)
      referenceTrue.append(1 - isTrue)
    }
    coverOccurrences()
    startReference()
    modelFollowsReference = true
    modelDifferences = []
    return true
  }

  /// Makes the last reference model the reference again (after ``clearReference()``), checked
  /// to satisfy every clause first, as ``setReference(_:)`` does.
  ///
  /// - Returns: Whether there was one and it is still a model of the clauses.
  @discardableResult
  package mutating func reuseReference() -> Bool {
    guard !hasReference else { return true }
    guard referenceTrue.count == 2 * variableCount, isConsistent, !isExhausted,
      referenceIsAModel()
    else { return false }
    startReference()
    return true
  }

  /// Forgets the reference model.
  package mutating func clearReference() {
    hasReference = false
  }

  /// Where the model of the last call differs from the reference, as the literals the model
  /// has; `nil` unless the call answered satisfiable by completing the reference.
  package var differencesFromReference: [Literal]? { referenceDifferences }

  /// Marks the reference as valid and the scan as not started.
  private mutating func startReference() {
    hasReference = true
    modelFollowsReference = false
    differenceHead = 0
    differingPositions.count = 0
    brokenCandidates.count = 0
  }

  /// Whether a clause has a literal true in the reference.
  private func isSatisfiedByReference(_ reference: UInt32) -> Bool {
    for position in 0..<clauseSize(reference)
    where referenceTrue[Int(clauseLiteral(reference, position))] == 1 {
      return true
    }
    return false
  }

  /// Makes the occurrence lists cover every original clause and every variable: built again
  /// after new clauses, given empty rows after new variables alone (an objective bound's
  /// guard is in no original clause).
  private mutating func coverOccurrences() {
    guard occurrencesCover == originals.count, occurrenceStarts.count > 0 else {
      buildOccurrences()
      return
    }
    let end = occurrenceStarts[occurrenceStarts.count - 1]
    while occurrenceStarts.count < 2 * variableCount + 1 { occurrenceStarts.append(end) }
  }

  /// Indexes the original clauses by literal (compressed rows, two passes).
  private mutating func buildOccurrences() {
    let codes = 2 * variableCount
    occurrenceStarts.count = 0
    occurrenceStarts.resize(to: codes + 1, filling: 0)
    for index in 0..<originals.count {
      let reference = originals[index]
      for position in 0..<clauseSize(reference) {
        occurrenceStarts[Int(clauseLiteral(reference, position)) + 1] += 1
      }
    }
    for code in 0..<codes { occurrenceStarts[code + 1] += occurrenceStarts[code] }
    occurrences.count = 0
    occurrences.resize(to: Int(occurrenceStarts[codes]), filling: 0)
    var next = RawVector<Int32>(capacity: codes)
    for code in 0..<codes { next.append(occurrenceStarts[code]) }
    for index in 0..<originals.count {
      let reference = originals[index]
      for position in 0..<clauseSize(reference) {
        let code = Int(clauseLiteral(reference, position))
        occurrences[Int(next[code])] = UInt32(truncatingIfNeeded: index)
        next[code] += 1
      }
    }
    occurrencesCover = originals.count
  }

  /// Takes the scan back to `trailPosition` when a backjump undoes assignments it looked at.
  /// A clause found satisfied may have relied on an undone literal, so every clause of the
  /// differences that stay is a candidate again (few: the assumptions' levels mostly agree
  /// with the reference).
  @inline(__always) mutating func restartReferenceScan(below trailPosition: Int) {
    guard differenceHead > trailPosition else { return }
    differenceHead = trailPosition
    brokenCandidates.count = 0
    while differingPositions.count > 0,
      Int(differingPositions[differingPositions.count - 1]) >= trailPosition
    {
      differingPositions.count -= 1
    }
    for index in 0..<differingPositions.count {
      pushOccurrences(ofFalsified: trail[Int(differingPositions[index])] ^ 1)
    }
  }

  /// Makes the clauses containing `literal` (true in the reference, false now) candidates.
  @inline(__always) private mutating func pushOccurrences(ofFalsified literal: UInt32) {
    let code = Int(literal)
    for position in Int(occurrenceStarts[code])..<Int(occurrenceStarts[code + 1]) {
      brokenCandidates.append(occurrences[position])
    }
  }

  /// The next decision of a search completing the reference: a literal of a clause the
  /// combined assignment breaks, or `UInt32.max` when it breaks none (a model).
  mutating func referenceDecision() -> UInt32 {
    while differenceHead < trail.count {
      let literal = trail[differenceHead]
      differenceHead += 1
      guard referenceTrue[Int(literal)] == 0 else { continue }
      differingPositions.append(Int32(truncatingIfNeeded: differenceHead - 1))
      // `literal ^ 1` was true in the reference and is false now.
      pushOccurrences(ofFalsified: literal ^ 1)
    }
    while !brokenCandidates.isEmpty {
      let index = brokenCandidates.removeLast()
      let reference = originals[Int(index)]
      var best = UInt32.max
      var bestRank = Int.max
      var satisfied = false
      for position in 0..<clauseSize(reference) {
        let literal = clauseLiteral(reference, position)
        let value = values[Int(literal)]
        if value > 0 || (value == 0 && referenceTrue[Int(literal)] == 1) {
          satisfied = true
          break
        }
        guard value == 0 else { continue }
        let rank = decisionRank(literal)
        if rank < bestRank {
          best = literal
          bestRank = rank
        }
      }
      guard !satisfied else { continue }
      if best != UInt32.max {
        // The clause stays a candidate: the decision about to mend it sits just past the
        // scanned trail, so a backjump that undoes it does not restart the scan, and the
        // clause, broken again, would otherwise never be looked at (issue 52: checks that
        // answered satisfiable with a broken clause, so lint missed redundant rules).
        brokenCandidates.append(index)
        return best
      }
      // Every literal false on the trail: propagation would have met this conflict. Should
      // it ever happen, the call goes on as an ordinary search, which decides everything.
      completesReference = false
      return pickBranchLiteral()
    }
    if let repair = linearReferenceDecision(onTrail: true) { return repair }
    return UInt32.max
  }

  /// How much a literal is preferred to mend a broken clause (lower first): the literal of a
  /// variable's user polarity (a rule not assumed is switched off rather than obeyed), then an
  /// auxiliary's (a definition follows its inputs), then any, and last the opposite of a user
  /// polarity.
  @inline(__always) func decisionRank(_ literal: UInt32) -> Int {
    let variable = Int(literal >> 1)
    let fixed = userPolarity[variable]
    if fixed != UInt32.max { return fixed == literal & 1 ? 0 : 3 }
    return isDecision[variable] == 0 ? 1 : 2
  }

  /// Stores the model of a search that completed the reference: the trail where assigned,
  /// the reference elsewhere, and where the two differ. The scan is complete (no clause is
  /// broken), so the differences are the scanned ones; the stored model is the previous
  /// one's differences undone and these applied, not a copy of every variable.
  mutating func storeCompletedModel() {
    var differences: [Literal] = []
    differences.reserveCapacity(differingPositions.count)
    for index in 0..<differingPositions.count {
      differences.append(Literal(code: trail[Int(differingPositions[index])]))
    }
    if !modelFollowsReference {
      for variable in 0..<variableCount {
        model[variable] = referenceTrue[2 * variable] == 1 ? 1 : -1
      }
      modelFollowsReference = true
      modelDifferences = []
    }
    for literal in modelDifferences {
      let variable = Int(literal.variable.index)
      model[variable] = referenceTrue[2 * variable] == 1 ? 1 : -1
    }
    for literal in differences { model[Int(literal.variable.index)] = literal.isNegated ? -1 : 1 }
    modelDifferences = differences
    referenceDifferences = differences
    statistics.referenceModels += 1
  }
}
