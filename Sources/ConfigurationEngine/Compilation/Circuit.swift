/// A product line compiled into a d-DNNF: a circuit of AND and OR nodes over the model's
/// values whose models are exactly the valid builds (SPEC §17), from which counts per value,
/// uniform samples and pairwise fleets follow in passes over the nodes.
///
/// Made by ``ModelCounter/compile(budget:)`` from the counter's own search: a decision is an
/// OR of its two branches, a branch the AND of the literals it sets, the variables it leaves
/// free and the components it splits into; a component met again (the counter's cache) is
/// the same node. Only the model's values appear: its encoding helpers are defined by the
/// values, so leaving their literals out (forgetting them) keeps every count.
///
/// Properties the compiler guarantees and ``verify(solverCheckLimit:)`` checks:
/// - **decomposable**: the children of an AND share no variable;
/// - **deterministic**: the children of an OR have no model in common (a decision's branches
///   hold a literal and its negation);
/// - **smooth**: the children of an OR speak of the same variables, and the root of every
///   value. No node is added for that: a branch lists the variables it leaves free, one word
///   each, and a query counts such a variable twice (once when an assumption fixes it).
///
/// Storage is flat: every node's entries lie in one array of words, the nodes in
/// topological order (children first), so a pass is a loop over the array. An entry is a
/// node, a literal or a free variable, tagged in its two low bits.
package struct Circuit: Sendable {
  /// One word of a node's entries: a child node, a literal, or a variable left free.
  package struct Entry: Hashable, Sendable {
    /// The payload shifted left by two, the kind in the two low bits.
    package let word: UInt32

    /// The entry of a node.
    static func node(_ index: Int) -> Entry { Entry(word: UInt32(truncatingIfNeeded: index) << 2) }
    /// The entry of a literal.
    static func literal(_ code: UInt32) -> Entry { Entry(word: code << 2 | 1) }
    /// The entry of a variable left free (either value).
    static func free(_ variable: UInt32) -> Entry { Entry(word: variable << 2 | 2) }

    /// The node the entry refers to, if it is a node.
    package var node: Int? { word & 3 == 0 ? Int(word >> 2) : nil }
    /// The literal, if the entry is one.
    package var literal: Literal? { word & 3 == 1 ? Literal(code: word >> 2) : nil }
    /// The variable left free, if the entry is one.
    package var freeVariable: Variable? {
      word & 3 == 2 ? Variable(Int32(truncatingIfNeeded: word >> 2)) : nil
    }

    /// The always-false node's entry.
    static let falseNode = Entry.node(0)
    /// The always-true node's entry.
    static let trueNode = Entry.node(1)
  }

  /// The largest variable number a circuit holds (literal codes fit an entry's 30 bits).
  static let maximumVariableCount = 1 << 29

  /// How many variables the model has (values and helpers).
  package let variableCount: Int
  /// Per variable, whether the circuit speaks of it: the model's values.
  package let isVariable: [Bool]
  /// Per node, where its entries start in ``entries``; one more marks the end.
  private(set) var starts: [UInt32] = [0, 0, 0]
  /// Per node, whether it is an OR (else an AND). Node 0 is the empty OR (false), node 1
  /// the empty AND (true).
  private(set) var isOr: [Bool] = [true, false]
  /// Every node's entries, node after node.
  private(set) var entries: [UInt32] = []
  /// The circuit as a whole: a node, or a single literal or free variable.
  package internal(set) var root = Entry.falseNode

  /// Creates the circuit that is false (no node but the constants), over a model's variables.
  ///
  /// - Parameters:
  ///   - variableCount: How many variables the model has.
  ///   - isVariable: Per variable, whether the circuit speaks of it.
  init(variableCount: Int, isVariable: [Bool]) {
    self.variableCount = variableCount
    self.isVariable = isVariable
  }

  /// How many nodes there are, the two constants included.
  package var nodeCount: Int { isOr.count }
  /// How many entries the nodes have in all.
  package var entryCount: Int { entries.count }
  /// The bytes the circuit's arrays hold (their capacity).
  package var bytes: Int {
    starts.capacity * 4 + isOr.capacity + entries.capacity * 4 + isVariable.capacity
  }
  /// How many variables the circuit speaks of.
  package var circuitVariableCount: Int { isVariable.lazy.filter { $0 }.count }

  /// A node's entries.
  func entries(of node: Int) -> ArraySlice<UInt32> {
    entries[Int(starts[node])..<Int(starts[node + 1])]
  }

  /// Adds a node.
  ///
  /// - Parameters:
  ///   - isOr: Whether it is an OR (else an AND).
  ///   - children: Its entries.
  /// - Returns: The node's entry.
  mutating func makeNode<Entries: Sequence<UInt32>>(isOr: Bool, _ children: Entries) -> Entry {
    let index = self.isOr.count
    self.isOr.append(isOr)
    entries.append(contentsOf: children)
    starts.append(UInt32(truncatingIfNeeded: entries.count))
    return .node(index)
  }

  /// Builds a circuit from its parts, for tests of the verifier and the queries.
  ///
  /// - Parameters:
  ///   - variableCount: How many variables the model has.
  ///   - isVariable: Per variable, whether the circuit speaks of it.
  ///   - nodes: Each node after the two constants: whether it is an OR, and its entries
  ///     (referring only to earlier nodes).
  ///   - root: The root entry.
  init(
    variableCount: Int, isVariable: [Bool], nodes: [(isOr: Bool, entries: [Entry])],
    root: Entry
  ) {
    self.init(variableCount: variableCount, isVariable: isVariable)
    for node in nodes { _ = makeNode(isOr: node.isOr, node.entries.map(\.word)) }
    self.root = root
  }
}
