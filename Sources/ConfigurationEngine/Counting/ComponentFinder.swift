/// Finds the connected components of the unsatisfied clauses among some unassigned
/// variables: the heart of the counter, run after every decision.
///
/// Each component's variables come out sorted without sorting: they are gathered by
/// breadth-first search, then laid out in the order of the (sorted) list they came from.
struct ComponentFinder {
  /// One component found: its runs in ``variables`` and ``clauses``.
  typealias Child = (variables: Range<Int>, clauses: Range<Int>)

  /// The variables of the components found, one sorted run each.
  private(set) var variables: [Int32] = []
  /// The shortened clauses (those with a false literal) of the components found, one run
  /// each, in the order met.
  var clauses: [Int32] = []
  /// The components found, in the order of their smallest variables.
  private(set) var children: [Child] = []
  /// Per variable, its number of unsatisfied clauses in the component it was last found in:
  /// the static part of the branching score.
  private(set) var score: [UInt32]

  /// A variable or clause was met in the current search when its mark equals `epoch`.
  private var variableMark: [UInt32]
  private var clauseMark: [UInt32]
  private var epoch: UInt32 = 0
  /// Per variable, the component of the current search it belongs to.
  private var childOf: [Int32]
  /// The unassigned variables of the clause being read.
  private var members: [Int32] = []

  /// Creates a finder for a formula's variables and clauses.
  ///
  /// - Parameters:
  ///   - variableCount: How many variables there are.
  ///   - clauseCount: How many long clauses there are.
  init(variableCount: Int, clauseCount: Int) {
    score = [UInt32](repeating: 0, count: variableCount)
    variableMark = [UInt32](repeating: 0, count: variableCount)
    clauseMark = [UInt32](repeating: 0, count: clauseCount)
    childOf = [Int32](repeating: 0, count: variableCount)
  }

  /// Finds the components of the unassigned variables among `parent`.
  ///
  /// - Parameters:
  ///   - parent: Variables, sorted; assigned ones are skipped.
  ///   - values: Per literal code, 1 true, -1 false, 0 unassigned; closed under propagation.
  ///   - formula: The clauses.
  ///   - clauseLiterals: The long clauses' literals (in watch order).
  mutating func split(
    _ parent: ArraySlice<Int32>, values: [Int8], formula: CountingFormula,
    clauseLiterals: [UInt32]
  ) {
    if epoch == .max {
      for index in variableMark.indices { variableMark[index] = 0 }
      for index in clauseMark.indices { clauseMark[index] = 0 }
      epoch = 0
    }
    epoch += 1
    let epoch = epoch
    // Work on local arrays: writes to them need no uniqueness checks inside the loops.
    var variableMark = take(&self.variableMark)
    var clauseMark = take(&self.clauseMark)
    var childOf = take(&self.childOf)
    var score = take(&self.score)
    var queue = take(&self.variables)
    var clauses = take(&self.clauses)
    var children = take(&self.children)
    queue.removeAll(keepingCapacity: true)
    clauses.removeAll(keepingCapacity: true)
    children.removeAll(keepingCapacity: true)
    let impliedStart = formula.impliedStart
    let implied = formula.implied
    let occurrenceStart = formula.occurrenceStart
    let occurrences = formula.occurrences
    let longStart = formula.longStart
    var members = take(&self.members)

    for seed in parent {
      if values[2 * Int(seed)] != 0 || variableMark[Int(seed)] == epoch { continue }
      let child = Int32(truncatingIfNeeded: children.count)
      let variableStart = queue.count
      let clauseStart = clauses.count
      variableMark[Int(seed)] = epoch
      childOf[Int(seed)] = child
      score[Int(seed)] = 0
      queue.append(seed)
      var head = variableStart
      while head < queue.count {
        let variable = Int(queue[head])
        head += 1
        // Both literals' implications lie next to each other. An unassigned partner means
        // an unsatisfied clause: a false partner would have forced this variable, a true
        // one satisfies the clause.
        for index in impliedStart[2 * variable]..<impliedStart[2 * variable + 2] {
          let literal = implied[index]
          guard values[Int(literal)] == 0 else { continue }
          score[variable] &+= 1
          let other = Int(literal >> 1)
          if variableMark[other] != epoch {
            variableMark[other] = epoch
            childOf[other] = child
            score[other] = 0
            queue.append(Int32(truncatingIfNeeded: other))
          }
        }
        for index in occurrenceStart[variable]..<occurrenceStart[variable + 1] {
          let clause = Int(occurrences[index])
          if clauseMark[clause] == epoch { continue }
          clauseMark[clause] = epoch
          // One pass: the clause's unassigned variables are kept aside until it is known not
          // to be satisfied.
          var satisfied = false
          var shortened = false
          members.removeAll(keepingCapacity: true)
          for position in longStart[clause]..<longStart[clause + 1] {
            let literal = clauseLiterals[position]
            let value = values[Int(literal)]
            if value == 0 {
              members.append(Int32(truncatingIfNeeded: literal >> 1))
            } else if value == 1 {
              satisfied = true
              break
            } else {
              shortened = true
            }
          }
          if satisfied { continue }
          for member in members {
            let other = Int(member)
            if variableMark[other] != epoch {
              variableMark[other] = epoch
              childOf[other] = child
              score[other] = 0
              queue.append(member)
            }
            score[other] &+= 1
          }
          if shortened { clauses.append(Int32(truncatingIfNeeded: clause)) }
        }
      }
      children.append((variableStart..<queue.count, clauseStart..<clauses.count))
    }
    // Lay the children's variables out in the parent's order, each child in one run.
    var next = children.map(\.variables.lowerBound)
    for variable in parent where values[2 * Int(variable)] == 0 {
      let child = Int(childOf[Int(variable)])
      queue[next[child]] = variable
      next[child] += 1
    }
    self.variableMark = variableMark
    self.clauseMark = clauseMark
    self.childOf = childOf
    self.score = score
    self.variables = queue
    self.clauses = clauses
    self.children = children
    self.members = members
  }
}

/// Moves an array out, leaving an empty one, so that the taker holds the only reference.
private func take<Element>(_ array: inout [Element]) -> [Element] {
  var taken: [Element] = []
  swap(&taken, &array)
  return taken
}
