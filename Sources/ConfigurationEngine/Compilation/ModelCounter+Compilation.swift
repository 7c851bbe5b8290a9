/// Compiling a model into a ``Circuit`` by the counter's own search (``CircuitTrace``).
extension ModelCounter {
  /// Compiles the model with every rule in force into a d-DNNF over its values.
  ///
  /// The stages are the count's (``count(assuming:budget:)``), with two differences: the
  /// simplifier keeps the values as they are (it may eliminate or replace helpers only), so
  /// that every value the circuit speaks of is a variable of its own; and the search records
  /// its trace. The values the simplifier fixed and those it left in no clause are the
  /// root's literals and free variables.
  ///
  /// - Parameter budget: How long and how much memory the compilation may take.
  /// - Returns: The circuit, or why the compilation stopped.
  package func compile(budget: CompilationBudget) -> Compilation {
    let variableCount = formula.variableCount
    guard variableCount < Circuit.maximumVariableCount else {
      return .unfinished(CompilationInterruption(limit: .variables(variableCount)))
    }
    var isValue = isIndependent
    for literal in ruleAssumptions { isValue[Int(literal.variable.index)] = false }
    let unsatisfiable = Circuit(variableCount: variableCount, isVariable: isValue)
    let deadline = ContinuousClock.now.advanced(by: budget.timeLimit)
    let countBudget = CountBudget(
      timeLimit: budget.timeLimit, memoryLimit: budget.memoryLimit,
      decisionLimit: budget.decisionLimit, cancellation: budget.cancellation)
    let stopped = CompilationInterruption(
      limit: budget.cancellation?.isCancelled == true ? .cancelled : .time(budget.timeLimit))
    let simplified: SimplifiedFormula
    switch simplify(
      assuming: ruleAssumptions.map(\.code), budget: countBudget, deadline: deadline,
      keepingIndependent: true)
    {
    case .formula(let formula): simplified = formula
    case .noSolution: return .compiled(unsatisfiable)
    case .outOfTime: return .unfinished(stopped)
    }
    let rank = DecompositionOrder.ranks(of: simplified.formula)
    guard !countBudget.mustStop(by: deadline) else { return .unfinished(stopped) }
    let searchIsValue = simplified.variables.map { isValue[Int($0)] }
    var search = CountingSearch(
      formula: simplified.formula, isIndependent: searchIsValue, rank: rank,
      budget: countBudget, deadline: deadline)
    search.trace = CircuitTrace(
      circuit: unsatisfiable, original: simplified.variables, isValue: searchIsValue,
      pending: Self.rootEntries(simplified, isValue: isValue), byteLimit: budget.circuitBytes)
    guard search.assume([]) else { return .compiled(unsatisfiable) }
    switch search.run() {
    case .exact:
      guard let trace = search.trace else { return .unfinished(stopped) }
      return .compiled(trace.circuit)
    case .unknown(let interruption):
      if search.trace?.isFull == true {
        return .unfinished(
          CompilationInterruption(
            limit: .circuit(budget.circuitBytes), statistics: interruption.statistics))
      }
      let limit: CompilationInterruption.Limit =
        switch interruption.limit {
        case .time(let duration): .time(duration)
        case .memory(let bytes): .memory(bytes)
        case .decisions(let count): .decisions(count)
        case .cancelled: .cancelled
        }
      return .unfinished(
        CompilationInterruption(limit: limit, statistics: interruption.statistics))
    }
  }

  /// The root's entries the simplifier decided: each value it fixed as a literal, each value
  /// it left in no clause as a free variable.
  private static func rootEntries(_ simplified: SimplifiedFormula, isValue: [Bool]) -> [UInt32] {
    var isSearched = [Bool](repeating: false, count: isValue.count)
    for variable in simplified.variables { isSearched[Int(variable)] = true }
    var entries: [UInt32] = []
    for variable in isValue.indices where isValue[variable] {
      let code = UInt32(truncatingIfNeeded: variable) << 1
      switch simplified.values[Int(code)] {
      case 1: entries.append(Circuit.Entry.literal(code).word)
      case -1: entries.append(Circuit.Entry.literal(code | 1).word)
      default:
        if !isSearched[variable] { entries.append(Circuit.Entry.free(code >> 1).word) }
      }
    }
    return entries
  }
}
