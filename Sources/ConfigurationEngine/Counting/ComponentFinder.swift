/// Finds the connected components of the unsatisfied clauses among some unassigned
/// variables: the heart of the counter, run after every decision.
///
/// Each component's variables come out sorted without sorting: they are gathered by
/// breadth-first search, then laid out in the order of the (sorted) list they came from.
struct ComponentFinder {
  /// One component found: its runs in ``variables`` and ``clauses``.
  typealias Child = (variables: Range<Int>, clauses: Range<Int>)

  /// The variables of the components found, one sorted run each (only the children's runs
  /// are meaningful: the array keeps one entry per variable).
  private(set) var variables: [Int32]
  /// The shortened clauses (those with a false literal) of the components found, one run
  /// each, in the order met (the array keeps one entry per long clause).
  var clauses: [Int32]
  /// The components found, in the order of their smallest variables.
  private(set) var children: [Child] = []
  /// The linear constraints not yet sure to hold of the components found, one run each,
  /// `linear[linearRuns[child]]` (a constraint joins all its unassigned variables).
  private(set) var linear: [Int32] = []
  /// See ``linear``; one run per child.
  private(set) var linearRuns: [Range<Int>] = []
  /// Per variable, its number of unsatisfied clauses in the component it was last found in:
  /// the static part of the branching score.
  private(set) var score: [UInt32]

  /// A variable or clause was met in the current search when its mark equals `epoch`.
  private var variableMark: [UInt32]
  private var clauseMark: [UInt32]
  private var linearMark: [UInt32]
  private var epoch: UInt32 = 0
  /// Per variable, the component of the current search it belongs to.
  private var childOf: [Int32]
  /// Per child, where its next variable goes when the variables are laid out.
  private var next: [Int] = []

  /// Creates a finder for a formula's variables and clauses.
  ///
  /// - Parameters:
  ///   - variableCount: How many variables there are.
  ///   - clauseCount: How many long clauses there are.
  ///   - linearCount: How many linear constraints there are.
  init(variableCount: Int, clauseCount: Int, linearCount: Int = 0) {
    score = [UInt32](repeating: 0, count: variableCount)
    variableMark = [UInt32](repeating: 0, count: variableCount)
    clauseMark = [UInt32](repeating: 0, count: clauseCount)
    linearMark = [UInt32](repeating: 0, count: linearCount)
    childOf = [Int32](repeating: 0, count: variableCount)
    variables = [Int32](repeating: 0, count: variableCount)
    clauses = [Int32](repeating: 0, count: clauseCount)
  }

  /// Finds the components of the unassigned variables among `parent`.
  ///
  /// - Parameters:
  ///   - parent: Variables, sorted; assigned ones are skipped.
  ///   - values: Per literal code, 1 true, -1 false, 0 unassigned; closed under propagation.
  ///   - formula: The clauses.
  ///   - clauseLiterals: The long clauses' literals (in watch order).
  ///   - linearSum: Per linear constraint, the weight of its true terms; empty without
  ///     constraints.
  ///   - linearOpen: Per linear constraint, the weight of its unassigned terms. A constraint
  ///     may still break, and joins its variables, while the two pass its bound.
  mutating func split(
    _ parent: ArraySlice<Int32>, values: [Int8], formula: CountingFormula,
    clauseLiterals: [UInt32], linearSum: [Int64] = [], linearOpen: [Int64] = []
  ) {
    if epoch == .max {
      for index in variableMark.indices { variableMark[index] = 0 }
      for index in clauseMark.indices { clauseMark[index] = 0 }
      for index in linearMark.indices { linearMark[index] = 0 }
      epoch = 0
    }
    linear.removeAll(keepingCapacity: true)
    linearRuns.removeAll(keepingCapacity: true)
    let linearConstraints = formula.linear
    let hasLinear = !linearSum.isEmpty
    epoch += 1
    let epoch = epoch
    // The loops read and write without bounds checks (a third of the count's instructions
    // on Automotive01 went to checks and uniqueness tests). Every index is in range by
    // construction: these sizes hold, `CountingFormula` traps on building a clause with a
    // literal beyond its variables, a parent variable is checked once (its value), and each
    // variable and clause is marked at most once a split, so at most `variableCount`
    // variables and `clauseCount` clauses are written.
    let variableCount = variableMark.count
    precondition(
      values.count == 2 * variableCount && formula.variableCount == variableCount
        && formula.impliedStart.count == 2 * variableCount + 1
        && formula.occurrenceStart.count == variableCount + 1
        && formula.longStart.count == clauseMark.count + 1
        && clauseLiterals.count == formula.longLiterals.count,
      "a split reads a formula of another size")
    // Work on local arrays, through spans: no uniqueness check, retain or release inside the
    // loops. `variables` and `clauses` keep their full size, so the loops write them by
    // position.
    var variableMarkArray = take(&self.variableMark)
    var clauseMarkArray = take(&self.clauseMark)
    var childOfArray = take(&self.childOf)
    var scoreArray = take(&self.score)
    var queueArray = take(&self.variables)
    var clausesArray = take(&self.clauses)
    var children = take(&self.children)
    children.removeAll(keepingCapacity: true)
    var next = take(&self.next)
    do {
      let parent = parent.span
      let values = values.span
      let impliedStart = formula.impliedStart.span
      let implied = formula.implied.span
      let occurrenceStart = formula.occurrenceStart.span
      let occurrences = formula.occurrences.span
      let longStart = formula.longStart.span
      let clauseLiterals = clauseLiterals.span
      var variableMark = variableMarkArray.mutableSpan
      var clauseMark = clauseMarkArray.mutableSpan
      var childOf = childOfArray.mutableSpan
      var score = scoreArray.mutableSpan
      var queue = queueArray.mutableSpan
      var clauses = clausesArray.mutableSpan
      var queueCount = 0
      var clauseCount = 0

      for seedIndex in parent.indices {
        let seed = Int(parent[unchecked: seedIndex])
        if values[2 * seed] != 0 || variableMark[unchecked: seed] == epoch { continue }
        let child = Int32(truncatingIfNeeded: children.count)
        let variableStart = queueCount
        let clauseStart = clauseCount
        let linearStart = linear.count
        variableMark[unchecked: seed] = epoch
        childOf[unchecked: seed] = child
        score[unchecked: seed] = 0
        queue[unchecked: queueCount] = Int32(truncatingIfNeeded: seed)
        queueCount += 1
        var head = variableStart
        while head < queueCount {
          let variable = Int(queue[unchecked: head])
          head += 1
          // Both literals' implications lie next to each other. An unassigned partner means
          // an unsatisfied clause: a false partner would have forced this variable, a true
          // one satisfies the clause.
          var variableScore: UInt32 = 0
          for index in impliedStart[
            unchecked: 2 * variable]..<impliedStart[unchecked: 2 * variable + 2]
          {
            let literal = implied[unchecked: index]
            guard values[unchecked: Int(literal)] == 0 else { continue }
            variableScore &+= 1
            let other = Int(literal >> 1)
            if variableMark[unchecked: other] != epoch {
              variableMark[unchecked: other] = epoch
              childOf[unchecked: other] = child
              score[unchecked: other] = 0
              queue[unchecked: queueCount] = Int32(truncatingIfNeeded: other)
              queueCount += 1
            }
          }
          score[unchecked: variable] &+= variableScore
          for index in occurrenceStart[
            unchecked: variable]..<occurrenceStart[unchecked: variable + 1]
          {
            let clause = Int(occurrences[unchecked: index])
            if clauseMark[unchecked: clause] == epoch { continue }
            clauseMark[unchecked: clause] = epoch
            // First whether the clause is satisfied (or shortened), then its unassigned
            // variables.
            let range = longStart[unchecked: clause]..<longStart[unchecked: clause + 1]
            var satisfied = false
            var shortened = false
            for position in range {
              let value = values[unchecked: Int(clauseLiterals[unchecked: position])]
              if value == 1 {
                satisfied = true
                break
              }
              if value == -1 { shortened = true }
            }
            if satisfied { continue }
            for position in range {
              let literal = clauseLiterals[unchecked: position]
              guard values[unchecked: Int(literal)] == 0 else { continue }
              let other = Int(literal >> 1)
              if variableMark[unchecked: other] != epoch {
                variableMark[unchecked: other] = epoch
                childOf[unchecked: other] = child
                score[unchecked: other] = 0
                queue[unchecked: queueCount] = Int32(truncatingIfNeeded: other)
                queueCount += 1
              }
              score[unchecked: other] &+= 1
            }
            if shortened {
              clauses[unchecked: clauseCount] = Int32(truncatingIfNeeded: clause)
              clauseCount += 1
            }
          }
          guard hasLinear else { continue }
          // A sum that may still break joins every unassigned variable it holds.
          for code in 2 * variable...2 * variable + 1 {
            for index in linearConstraints.occurrences(of: code) {
              let constraint = Int(linearConstraints.occurrence[index])
              guard linearMark[constraint] != epoch,
                linearSum[constraint] + linearOpen[constraint]
                  > linearConstraints.bounds[constraint]
              else { continue }
              linearMark[constraint] = epoch
              linear.append(Int32(truncatingIfNeeded: constraint))
              for position in linearConstraints.terms(constraint) {
                let literal = linearConstraints.literals[position]
                guard values[unchecked: Int(literal)] == 0 else { continue }
                let other = Int(literal >> 1)
                if variableMark[unchecked: other] != epoch {
                  variableMark[unchecked: other] = epoch
                  childOf[unchecked: other] = child
                  score[unchecked: other] = 0
                  queue[unchecked: queueCount] = Int32(truncatingIfNeeded: other)
                  queueCount += 1
                }
                score[unchecked: other] &+= 1
              }
            }
          }
        }
        children.append((variableStart..<queueCount, clauseStart..<clauseCount))
        linearRuns.append(linearStart..<linear.count)
      }
      // Lay the children's variables out in the parent's order, each child in one run.
      next.removeAll(keepingCapacity: true)
      for child in children { next.append(child.variables.lowerBound) }
      var nextSpan = next.mutableSpan
      for index in parent.indices {
        let variable = parent[unchecked: index]
        guard values[2 * Int(variable)] == 0 else { continue }
        let child = Int(childOf[unchecked: Int(variable)])
        queue[unchecked: nextSpan[unchecked: child]] = variable
        nextSpan[unchecked: child] += 1
      }
    }
    self.variableMark = variableMarkArray
    self.clauseMark = clauseMarkArray
    self.childOf = childOfArray
    self.score = scoreArray
    self.variables = queueArray
    self.clauses = clausesArray
    self.children = children
    self.next = next
  }
}

/// Moves an array out, leaving an empty one, so that the taker holds the only reference.
private func take<Element>(_ array: inout [Element]) -> [Element] {
  var taken: [Element] = []
  swap(&taken, &array)
  return taken
}
