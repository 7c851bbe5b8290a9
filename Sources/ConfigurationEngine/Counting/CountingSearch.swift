/// The state of one count: the assignment, the watched literals, the stack of decision levels
/// and the components waiting to be counted.
///
/// The search is sharpSAT's, written as a loop over an explicit stack. Each decision level
/// counts one component: it branches on a variable of the component, and in each branch the
/// component's unassigned variables fall apart into child components, counted one after
/// another by deeper levels; a branch's count is the product of its children's counts (times
/// two for every variable left in no clause), the component's count the sum of its two
/// branches'. Finished components go into the cache.
struct CountingSearch {
  /// One decision level: the component it counts and where it stands.
  struct Level {
    /// The component counted, an index into `components`; -1 for the root, which counts the
    /// whole formula without a decision of its own.
    var component: Int
    /// The literal decided first; its negation is the second branch.
    var decision: UInt32
    /// The trail length before the decision.
    var trailStart: Int
    /// Whether the second branch is under way.
    var isSecondBranch = false
    /// Whether the component has no independent variable unassigned: then it has at most one
    /// solution, and a first branch with one leaves none to the second.
    var isDetermined = false
    /// The first branch's count, once it is known.
    var firstCount = BigUInt.zero
    /// The current branch's count so far: the product of the children finished (and the
    /// free variables and cache hits); zero once a child has no solution.
    var branchCount = BigUInt.one
    /// Where this level's children start in `components`, `variablePool` and `clausePool`
    /// (and `linearPool`).
    var childrenStart: Int
    var variablePoolMark: Int
    var clausePoolMark: Int
    var linearPoolMark = 0
  }

  /// A component waiting to be counted or being counted.
  struct PendingComponent {
    /// Its variables, sorted: `variablePool[variables]`.
    var variables: Range<Int>
    /// Its shortened clauses, sorted: `clausePool[clauses]`.
    var clauses: Range<Int>
    /// The hash of its cache key (the key itself is rebuilt from the pools when needed).
    var hash: Int
    /// Its linear constraints with the room each had left, as key words:
    /// `linearPool[linear]` (see ``CountingSearch/linearKey(_:)``).
    var linear: Range<Int> = 0..<0
    /// How many components it stands for: copies of it merged at the root
    /// (``CountingSearch/mergeRootCopies()``), their count its count to this power.
    var copies = 1
  }

  /// Buffers reused by every split, so that splitting allocates nothing once they have grown.
  struct Scratch {
    /// A cache key being built.
    var key: [UInt32] = []
  }

  let formula: CountingFormula
  /// Per variable, whether it is in the independent set (see ``CountingSimplifier``); the
  /// search branches on these first. Once a component has none left unassigned, the
  /// assignment determines its variables: it has one solution or none.
  let isIndependent: [Bool]
  /// Per variable, its rank in the decision order (``DecompositionOrder``): smaller first.
  let rank: [Int32]
  let budget: CountBudget
  let deadline: ContinuousClock.Instant

  /// Per literal code: 1 true, -1 false, 0 unassigned.
  var values: [Int8]
  /// The literals assigned, in order.
  var trail: [UInt32] = []
  /// How much of the trail has been propagated.
  var propagated = 0
  /// The long clauses' literals, reordered so that the first two of each clause are watched.
  var clauseLiterals: [UInt32]
  /// Per literal code, the long clauses watching it.
  var watches: [[Int32]]
  /// Per variable, how often it took part in a conflict (decayed): the VSIDS part of the
  /// branching score.
  var activity: [Double]
  var activityIncrement = 1.0

  /// Finds the components after each decision.
  var finder: ComponentFinder
  var scratch = Scratch()

  /// The variables of the components on the stack, one range each, the root's first.
  var variablePool: [Int32] = []
  /// The shortened clauses of the components on the stack.
  var clausePool: [Int32] = []
  /// The linear constraints of the components on the stack, as key words.
  var linearPool: [UInt32] = []
  /// Per linear constraint, the weight of its true terms.
  var linearSum: [Int64]
  /// Per linear constraint, the weight of its unassigned terms.
  var linearOpen: [Int64]
  /// The components waiting or being counted, in stack order.
  var components: [PendingComponent] = []
  /// The decision levels, the root first.
  var levels: [Level] = []

  var cache: ComponentCache
  var statistics = CountStatistics()
  /// What a compilation records of the search (``CircuitTrace``); `nil` for a count.
  var trace: CircuitTrace?

  /// Sets up a count.
  ///
  /// - Parameters:
  ///   - formula: The clauses.
  ///   - isIndependent: Per variable, whether it is in the independent set.
  ///   - rank: Per variable, its rank in the decision order; all equal when `nil`.
  ///   - budget: The limits.
  ///   - deadline: When the count must stop.
  ///   - values: Per literal code, values fixed before the search (1 true, -1 false); these
  ///     variables must be in no clause of `formula` that is not satisfied.
  init(
    formula: CountingFormula, isIndependent: [Bool], rank: [Int32]? = nil, budget: CountBudget,
    deadline: ContinuousClock.Instant, values: [Int8]? = nil
  ) {
    self.formula = formula
    self.isIndependent = isIndependent
    self.rank = rank ?? [Int32](repeating: 0, count: formula.variableCount)
    self.budget = budget
    self.deadline = deadline
    let variableCount = formula.variableCount
    self.values = values ?? [Int8](repeating: 0, count: 2 * variableCount)
    clauseLiterals = formula.longLiterals
    watches = [[Int32]](repeating: [], count: 2 * variableCount)
    for clause in 0..<formula.longClauseCount {
      let start = formula.longStart[clause]
      let id = Int32(truncatingIfNeeded: clause)
      watches[Int(clauseLiterals[start])].append(id)
      watches[Int(clauseLiterals[start + 1])].append(id)
    }
    activity = [Double](repeating: 0, count: variableCount)
    finder = ComponentFinder(
      variableCount: variableCount, clauseCount: formula.longClauseCount,
      linearCount: formula.linear.count)
    cache = ComponentCache(capacity: budget.memoryLimit / 2)
    let linear = formula.linear
    linearSum = [Int64](repeating: 0, count: linear.count)
    linearOpen = [Int64](repeating: 0, count: linear.count)
    for index in 0..<linear.count {
      for position in linear.terms(index) {
        switch self.values[Int(linear.literals[position])] {
        case 1: linearSum[index] += linear.weights[position]
        case 0: linearOpen[index] += linear.weights[position]
        default: break
        }
      }
    }
  }

  /// Fixes the formula's unit clauses and the given literals, and propagates.
  ///
  /// - Parameter literals: Literal codes to make true.
  /// - Returns: `false` when they contradict the formula (no solution).
  mutating func assume(_ literals: [UInt32]) -> Bool {
    if formula.hasEmptyClause { return false }
    for literal in formula.units + literals {
      switch values[Int(literal)] {
      case -1: return false
      case 0: assign(literal)
      default: break
      }
    }
    // A sum may be broken, or leave a term no room, before anything is assigned.
    for constraint in 0..<formula.linear.count where !propagateLinear(constraint) {
      return false
    }
    return propagate()
  }

  /// Counts the solutions that extend the current assignment (closed by ``assume(_:)``).
  ///
  /// - Returns: The count, or why it stopped.
  mutating func run() -> ModelCount {
    defer {
      statistics.cachedComponents = cache.count
      statistics.evictions = cache.evictions
    }
    variablePool = (0..<formula.variableCount).compactMap { variable in
      values[2 * variable] == 0 ? Int32(truncatingIfNeeded: variable) : nil
    }
    var root = Level(
      component: -1, decision: 0, trailStart: trail.count, childrenStart: 0,
      variablePoolMark: variablePool.count, clausePoolMark: 0, linearPoolMark: 0)
    if trace != nil { traceOpenRoot() }
    root.branchCount = split(variables: 0..<variablePool.count)
    levels.append(root)
    if !root.branchCount.isZero { mergeRootCopies() }

    while true {
      // The limits are read every step: a step splits one component, which on a large model
      // (Linux 2.6.33.3) takes milliseconds, so reading the clock only every 16 steps let a
      // quarter-second limit run to two seconds; a clock read costs tens of nanoseconds.
      if let limit = exhaustedLimit() { return .unknown(limit) }
      let top = levels.count - 1
      if !levels[top].branchCount.isZero, components.count > levels[top].childrenStart {
        descend()
        continue
      }
      // The current branch of the top level is finished.
      dropChildren(of: top)
      if top == 0 {
        if trace != nil { traceCloseRoot(levels[0].branchCount) }
        return .exact(levels[0].branchCount)
      }
      if !levels[top].isSecondBranch {
        if trace != nil { traceCloseBranch(of: levels[top]) }
        if levels[top].isDetermined, !levels[top].branchCount.isZero {
          levels[top].firstCount = levels[top].branchCount
          levels[top].branchCount = .zero
          levels[top].isSecondBranch = true
        } else {
          startSecondBranch(of: top)
          continue
        }
      }
      finish(top)
    }
  }

  /// Counts the last waiting component at a new level: decides one of its variables and
  /// splits what remains.
  private mutating func descend() {
    let index = components.count - 1
    let component = components[index]
    let (decision, isIndependentDecision) = chooseDecision(in: component.variables)
    var level = Level(
      component: index, decision: decision, trailStart: trail.count,
      childrenStart: components.count, variablePoolMark: variablePool.count,
      clausePoolMark: clausePool.count, linearPoolMark: linearPool.count)
    level.isDetermined = !isIndependentDecision
    statistics.decisions += 1
    statistics.maximumDepth = max(statistics.maximumDepth, levels.count)
    if trace != nil { traceOpenLevel() }
    assign(decision)
    level.branchCount = takeBranch(component.variables, from: level.trailStart)
    levels.append(level)
  }

  /// Undoes the first branch of a level and takes the second.
  private mutating func startSecondBranch(of top: Int) {
    let component = components[levels[top].component]
    levels[top].firstCount = levels[top].branchCount
    levels[top].isSecondBranch = true
    backtrack(to: levels[top].trailStart)
    assign(levels[top].decision ^ 1)
    levels[top].branchCount = takeBranch(component.variables, from: levels[top].trailStart)
  }

  /// Propagates a branch's decision and splits what is left of its component.
  ///
  /// - Returns: The branch's count so far (zero on a conflict).
  private mutating func takeBranch(_ variables: Range<Int>, from trailStart: Int) -> BigUInt {
    guard propagate() else { return conflict() }
    if trace != nil { traceLiterals(from: trailStart) }
    return split(variables: variables)
  }

  /// Both branches of the top level are done: caches its component's count, pops the level
  /// and the component, and multiplies the count into the parent's branch.
  private mutating func finish(_ top: Int) {
    let level = levels[top]
    let total = level.firstCount + level.branchCount
    let component = components[level.component]
    let node = trace != nil ? traceFinish(level, total: total) : 0
    makeKey(
      variables: variablePool[component.variables], clauses: clausePool[component.clauses],
      linear: linearPool[component.linear])
    cache.store(total, hash: component.hash, key: scratch.key, node: node)
    statistics.componentsCounted += 1
    backtrack(to: level.trailStart)
    levels.removeLast()
    // The component counted is the last one waiting; its pool ranges are the pools' ends.
    components.removeLast()
    variablePool.removeSubrange(component.variables)
    clausePool.removeSubrange(component.clauses)
    linearPool.removeSubrange(component.linear)
    levels[top - 1].branchCount *= component.copies == 1 ? total : total.power(component.copies)
    if trace != nil { traceAppend(node) }
  }

  /// Forgets a level's children (all counted, or not needed after a child with no solution).
  private mutating func dropChildren(of index: Int) {
    let level = levels[index]
    components.removeSubrange(level.childrenStart...)
    variablePool.removeSubrange(level.variablePoolMark...)
    clausePool.removeSubrange(level.clausePoolMark...)
    linearPool.removeSubrange(level.linearPoolMark...)
  }

  /// The limit the count has reached, if any.
  private func exhaustedLimit() -> CountInterruption? {
    var limit: CountInterruption.Limit?
    if statistics.decisions >= budget.decisionLimit {
      limit = .decisions(budget.decisionLimit)
    } else if budget.mustStop(by: deadline) {
      limit = budget.cancellation?.isCancelled == true ? .cancelled : .time(budget.timeLimit)
    } else if stackBytes > budget.memoryLimit / 2 || trace?.isFull == true {
      limit = .memory(budget.memoryLimit)
    }
    guard let limit else { return nil }
    var statistics = statistics
    statistics.cachedComponents = cache.count
    statistics.evictions = cache.evictions
    return CountInterruption(limit: limit, statistics: statistics)
  }

  /// The bytes the search stack holds beyond the fixed per-variable arrays.
  private var stackBytes: Int {
    // Pool entries, and the same again for the cache keys built from them.
    variablePool.count * 8 + clausePool.count * 8 + linearPool.count * 8
      + components.count * MemoryLayout<PendingComponent>.stride
      + levels.count * (MemoryLayout<Level>.stride + 64)
  }
}
