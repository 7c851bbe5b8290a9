/// Splitting a component's unassigned variables into independent components, looking them up
/// in the cache, and choosing the variable to branch on.
extension CountingSearch {
  /// Splits the unassigned variables among `variablePool[variables]` into the connected
  /// components of the unsatisfied clauses. A variable in no such clause doubles the count; a
  /// component in the cache multiplies it by its count; the others are pushed to be counted.
  ///
  /// Each component's variables come out sorted without sorting: they are gathered by
  /// breadth-first search, then laid out in the order of the (sorted) range they came from.
  ///
  /// - Parameter variables: A sorted range of `variablePool`.
  /// - Returns: The product of the free variables' and the cached components' counts (zero
  ///   when a cached component has no solution; nothing is pushed then).
  mutating func split(variables: Range<Int>) -> BigUInt {
    let hasLinear = formula.linear.count > 0
    finder.split(
      variablePool[variables], values: values, formula: formula, clauseLiterals: clauseLiterals,
      linearSum: hasLinear ? linearSum : [], linearOpen: hasLinear ? linearOpen : [])
    let firstChild = components.count
    let variableMark = variablePool.count
    let clauseMark = clausePool.count
    let linearMark = linearPool.count
    var freeVariables = 0
    var factor = BigUInt.one
    for (child, (childVariables, childClauses)) in finder.children.enumerated() {
      let childLinear = hasLinear ? finder.linearRuns[child] : 0..<0
      if childVariables.count == 1, childClauses.isEmpty, childLinear.isEmpty {
        // A lone unassigned variable is in no unsatisfied clause (a clause left with one
        // unassigned literal and no true one would have been propagated).
        freeVariables += 1
        if trace != nil { traceFree(finder.variables[childVariables.lowerBound]) }
        continue
      }
      finder.clauses[childClauses].sort()
      let sums = linearKey(childLinear)
      makeKey(
        variables: finder.variables[childVariables], clauses: finder.clauses[childClauses],
        linear: sums[...])
      let hash = Self.hash(scratch.key)
      if let (count, node) = cache.lookup(hash: hash, key: scratch.key) {
        statistics.cacheHits += 1
        if trace != nil { traceAppend(node) }
        if count.isZero {
          components.removeSubrange(firstChild...)
          variablePool.removeSubrange(variableMark...)
          clausePool.removeSubrange(clauseMark...)
          linearPool.removeSubrange(linearMark...)
          return .zero
        }
        factor *= count
        continue
      }
      let variableStart = variablePool.count
      let clauseStart = clausePool.count
      let linearStart = linearPool.count
      variablePool.append(contentsOf: finder.variables[childVariables])
      clausePool.append(contentsOf: finder.clauses[childClauses])
      linearPool.append(contentsOf: sums)
      components.append(
        PendingComponent(
          variables: variableStart..<variablePool.count, clauses: clauseStart..<clausePool.count,
          hash: hash, linear: linearStart..<linearPool.count))
    }
    return freeVariables == 0 ? factor : factor.shiftedLeft(by: freeVariables)
  }

  /// The key words of a component's linear constraints (those of `finder.linear[run]`),
  /// sorted: per constraint its index with the top bit set (no clause index has it), then
  /// the room it has left in two words. With its unassigned variables all in the component,
  /// a constraint's index and room say all it still asks of them.
  func linearKey(_ run: Range<Int>) -> [UInt32] {
    guard !run.isEmpty else { return [] }
    var words: [UInt32] = []
    words.reserveCapacity(3 * run.count)
    for constraint in finder.linear[run].sorted() {
      let room = formula.linear.bounds[Int(constraint)] - linearSum[Int(constraint)]
      words.append(UInt32(bitPattern: constraint) | 1 << 31)
      words.append(UInt32(truncatingIfNeeded: room))
      words.append(UInt32(truncatingIfNeeded: room >> 32))
    }
    return words
  }

  /// Writes a component's cache key into `scratch.key`: the variable count, the sorted
  /// variables, the sorted shortened clauses, then its linear constraints' words
  /// (``linearKey(_:)``).
  mutating func makeKey(
    variables: ArraySlice<Int32>, clauses: ArraySlice<Int32>, linear: ArraySlice<UInt32> = []
  ) {
    scratch.key.removeAll(keepingCapacity: true)
    scratch.key.append(UInt32(truncatingIfNeeded: variables.count))
    for variable in variables { scratch.key.append(UInt32(bitPattern: variable)) }
    for clause in clauses { scratch.key.append(UInt32(bitPattern: clause)) }
    scratch.key.append(contentsOf: linear)
  }

  /// A hash of key words (a multiply–xorshift mix; the cache compares keys in full).
  static func hash(_ words: [UInt32]) -> Int {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for word in words {
      state = (state ^ UInt64(word)) &* 0xBF58_476D_1CE4_E5B9
      state ^= state >> 29
    }
    return Int(truncatingIfNeeded: state)
  }

  /// The literal to decide first in a component: an independent variable if one is left,
  /// the one ranked first by the decomposition order (sharpSAT-TD), ties broken by the most
  /// unsatisfied clauses plus conflict activity (sharpSAT's VSADS), true first (measured: a
  /// quarter of the decisions on Automotive01 compared with false first).
  ///
  /// - Returns: The literal, and whether its variable is independent.
  func chooseDecision(in variables: Range<Int>) -> (literal: UInt32, isIndependent: Bool) {
    var best = Int(variablePool[variables.lowerBound])
    var bestScore = -1.0
    var bestRank = Int32.max
    var bestIsIndependent = false
    for index in variables {
      let variable = Int(variablePool[index])
      guard values[2 * variable] == 0 else { continue }
      let isIndependent = isIndependent[variable]
      if bestIsIndependent && !isIndependent { continue }
      let rank = rank[variable]
      let score = Double(finder.score[variable]) + activity[variable]
      if (isIndependent && !bestIsIndependent) || rank < bestRank
        || (rank == bestRank && score > bestScore)
      {
        best = variable
        bestScore = score
        bestRank = rank
        bestIsIndependent = isIndependent
      }
    }
    return (UInt32(truncatingIfNeeded: best) << 1, bestIsIndependent)
  }
}
