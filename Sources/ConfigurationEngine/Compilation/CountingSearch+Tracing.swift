/// The hooks by which a compiling search records its circuit (``CircuitTrace``): called only
/// when ``CountingSearch/trace`` is set, so a count pays one test per step for them.
extension CountingSearch {
  /// Opens the root's branch: the literals the root fixed (the formula's units) and whatever
  /// the compiler put before them.
  mutating func traceOpenRoot() {
    trace?.frames.append(CircuitTrace.Frame(start: 0))
    traceLiterals(from: 0)
  }

  /// Closes the root: its branch is the whole circuit.
  mutating func traceCloseRoot(_ count: BigUInt) {
    guard var trace = takeTrace() else { return }
    trace.circuit.root = trace.closeBranch(count: count, isDetermined: false)
    trace.frames.removeAll()
    self.trace = trace
  }

  /// Opens a new level's first branch.
  mutating func traceOpenLevel() {
    let start = trace?.pending.count ?? 0
    trace?.frames.append(CircuitTrace.Frame(start: start))
  }

  /// Records the values a branch set: the trail from `start`, its decision first.
  mutating func traceLiterals(from start: Int) {
    guard var trace = takeTrace() else { return }
    for literal in trail[start...] where trace.isValue[Int(literal >> 1)] {
      let variable = UInt32(bitPattern: trace.original[Int(literal >> 1)])
      trace.pending.append(Circuit.Entry.literal(variable << 1 | literal & 1).word)
    }
    self.trace = trace
  }

  /// Records a variable a split found in no unsatisfied clause.
  mutating func traceFree(_ variable: Int32) {
    guard let isValue = trace?.isValue[Int(variable)], isValue,
      let original = trace?.original[Int(variable)]
    else { return }
    trace?.pending.append(Circuit.Entry.free(UInt32(bitPattern: original)).word)
  }

  /// Records a component's entry (a cached one, or one just finished) in the open branch.
  mutating func traceAppend(_ entry: UInt32) {
    trace?.append(Circuit.Entry(word: entry))
  }

  /// Closes a level's first branch.
  mutating func traceCloseBranch(of level: Level) {
    guard var trace = takeTrace() else { return }
    let entry = trace.closeBranch(count: level.branchCount, isDetermined: level.isDetermined)
    trace.frames[trace.frames.count - 1].first = entry
    self.trace = trace
  }

  /// Closes a level's second branch and the level: the OR of its branches.
  ///
  /// - Returns: The component's entry.
  mutating func traceFinish(_ level: Level, total: BigUInt) -> UInt32 {
    guard var trace = takeTrace() else { return Circuit.Entry.falseNode.word }
    defer { self.trace = trace }
    let second = trace.closeBranch(count: level.branchCount, isDetermined: level.isDetermined)
    let first = trace.frames.removeLast().first
    if level.isDetermined { return (total.isZero ? Circuit.Entry.falseNode : .trueNode).word }
    if first == .falseNode { return second.word }
    if second == .falseNode { return first.word }
    return trace.circuit.makeNode(isOr: true, [first.word, second.word]).word
  }

  /// Moves the trace out, so that changing it does not copy its arrays.
  private mutating func takeTrace() -> CircuitTrace? {
    var taken: CircuitTrace?
    swap(&taken, &trace)
    return taken
  }
}
