/// What a compiling search records as it goes (``CountingSearch/trace``): the circuit built
/// so far, and the entries of every branch still open.
///
/// Branches open and close in stack order, so their entries share one stack: a branch's
/// entries are the top of it from where its frame starts. A branch that closes becomes one
/// entry (an AND of its entries, or the entry itself when it has one); a level that finishes
/// becomes the OR of its two branches, handed to the branch that split it off and to the
/// component cache.
struct CircuitTrace {
  /// One decision level's place in the stack.
  struct Frame {
    /// Where the open branch's entries start in ``pending``.
    var start: Int
    /// The first branch's entry once it is closed.
    var first = Circuit.Entry.falseNode
  }

  /// The circuit so far.
  var circuit: Circuit
  /// The model's variable of each variable of the searched formula.
  let original: [Int32]
  /// Per variable of the searched formula, whether it is a value (its literals are kept).
  let isValue: [Bool]
  /// The entries of the open branches.
  var pending: [UInt32] = []
  /// The open levels, the root's first.
  var frames: [Frame] = []
  /// The most bytes the circuit may take.
  let byteLimit: Int

  /// Whether the circuit has passed its byte limit (the search then stops).
  var isFull: Bool { circuit.bytes > byteLimit }

  /// Closes the open branch of the top frame: the AND of its entries, false when it has no
  /// solution (`count` zero), true when it was a determined component's (no value left).
  mutating func closeBranch(count: BigUInt, isDetermined: Bool) -> Circuit.Entry {
    let start = frames[frames.count - 1].start
    defer { pending.removeSubrange(start...) }
    if count.isZero { return .falseNode }
    if isDetermined { return .trueNode }
    switch pending.count - start {
    case 0: return .trueNode
    case 1: return Circuit.Entry(word: pending[start])
    default: return circuit.makeNode(isOr: false, pending[start...])
    }
  }

  /// Adds an entry to the open branch; the true node adds nothing.
  mutating func append(_ entry: Circuit.Entry) {
    if entry != .trueNode { pending.append(entry.word) }
  }
}
