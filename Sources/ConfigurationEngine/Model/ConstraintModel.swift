/// A product line as the engine sees it: Boolean variables, the clauses that always hold, and
/// the rules, each a citeable group of clauses switched on by its own selector variable.
///
/// Readers (catalogs, UVL) build one with the encoding methods of
/// `ConstraintModel+Encoding.swift`. Every auxiliary variable those methods introduce is
/// *defined* (equivalent to a formula over the model's own values, its selector fixed), so with
/// all selectors on, the solutions over all variables are in one-to-one correspondence with
/// the valid assignments of the values: counting solutions counts builds.
package struct ConstraintModel: Sendable {
  /// One rule: the user-visible id, and the variables that switch it on and stand for it.
  package struct Rule: Hashable, Sendable {
    /// The id explanations cite (`tow-needs-4wd`).
    package let id: String
    /// The rule is in force when this variable is true; analyses assume it.
    package let selector: Variable
    /// A literal equivalent to the rule's formula, whether or not the rule is in force.
    package let holds: Literal
  }

  /// How many variables there are, values and auxiliaries together.
  package private(set) var variableCount = 0
  /// Whether each variable is an auxiliary (encoding, selector) rather than one of the values.
  package private(set) var isAuxiliary: [Bool] = []
  /// Every clause; a rule's clause `¬selector ∨ holds` is among them.
  package private(set) var clauses: [[Literal]] = []
  /// Per clause, whether it is a requirement (the model's own constraint) rather than part of
  /// an auxiliary's definition: with every auxiliary at its defined value, the definitions
  /// hold for any values, so a build breaks the model exactly when it breaks a requirement
  /// (how `catalog diff` negates a model, `ConstraintModel+Union.swift`).
  package private(set) var isRequirement: [Bool] = []
  /// How deep the encoding is inside a definition (``define(_:)``): clauses added there
  /// define an auxiliary; clauses added at depth 0 are requirements.
  var definitionDepth = 0
  /// The rules, in the order they were added.
  package private(set) var rules: [Rule] = []
  /// A variable fixed true, made on first need (constants in formulas).
  var truth: Literal?
  /// How many more diagram nodes linear constraints may add (``defineAtMost(_:)``); `nil`
  /// for no limit. A reader of untrusted models sets it and refuses the model once
  /// ``linearNodesExhausted`` is true: what was encoded after that point is not exact.
  package var linearNodeBudget: Int?

  /// Whether linear constraints ran out of ``linearNodeBudget``.
  package var linearNodesExhausted: Bool { linearNodeBudget.map { $0 <= 0 } ?? false }

  /// How linear constraints are encoded (see `ConstraintModel+Linear.swift`); tests and
  /// benchmarks force one, readers leave the choice by size.
  package var linearEncoding = LinearEncoding.bySize

  /// An encoding forced on every model built in this task, over ``linearEncoding``: lets the
  /// differential tests of readers (UVL, catalogs) run their models through each encoding.
  @TaskLocal package static var forcedLinearEncoding: LinearEncoding?

  /// The encodings of linear constraints (diagrams and adder networks) as their sums: a
  /// solver replaces an adder network by native propagation of its sum
  /// (`Solver+Linear.swift`, where ``NativeSum/solverPropagates``), and the counter replaces
  /// every one (`CountingLinear`), each defining its root as the clauses did.
  package internal(set) var nativeSums: [NativeSum] = []

  /// The feature tree the clauses encode, where the reader declared it
  /// (`ConstraintModel+Hierarchy.swift`); empty for models without one.
  package internal(set) var hierarchy = Hierarchy()

  /// Whether adder networks are offered to the solver as native sums (on by default; tests
  /// and benchmarks compare with and without).
  package var propagatesSumsNatively = true

  /// One encoded linear constraint as a pair of linear constraints over its inputs and root.
  package struct NativeSum: Sendable {
    /// The encoding's clauses (indices into ``ConstraintModel/clauses``): they define only
    /// the encoding's own auxiliaries and its root, so a solver or a counter may leave them
    /// out.
    package let clauses: Range<Int>
    /// `root ⇒ Σ ≤ bound` and `¬root ⇒ Σ > bound` as `Σ ≤ bound` constraints with positive
    /// coefficients, one term per variable: together, `root ⇔ Σ ≤ bound`.
    package let constraints: [LinearSum]
    /// Whether a solver propagates the sum instead of the clauses: an adder network, while
    /// ``ConstraintModel/propagatesSumsNatively`` (a diagram's clauses propagate completely).
    package let solverPropagates: Bool
  }

  /// The encodings of a linear constraint `Σ aᵢ·xᵢ ≤ K`; every one gives a root literal
  /// equivalent to the constraint and auxiliary variables defined by the values.
  package enum LinearEncoding: Hashable, Sendable {
    /// The diagram while its estimated size is at most
    /// ``ConstraintModel/diagramNodeLimit`` nodes, the adder network beyond.
    case bySize
    /// Always the reduced ordered BDD (propagates completely, can be large).
    case diagram
    /// Always the adder network (near-linear size, propagates less).
    case adder
  }

  /// Creates an empty model.
  package init() {}

  /// Adds a variable.
  ///
  /// - Parameter auxiliary: Whether it is an encoding helper rather than a value.
  /// - Returns: The new variable.
  package mutating func newVariable(auxiliary: Bool = false) -> Variable {
    let variable = Variable(variableCount)
    variableCount += 1
    isAuxiliary.append(auxiliary)
    return variable
  }

  /// Adds a clause: at least one of its literals holds. Duplicate literals are dropped and a
  /// clause with a literal and its negation (always true) is skipped.
  ///
  /// - Parameter literals: The clause; empty makes the model unsatisfiable.
  package mutating func addClause(_ literals: [Literal]) {
    if literals.count <= 16, Self.hasDistinctVariables(literals) {
      // The common clause, kept as given: no copy.
      clauses.append(literals)
      isRequirement.append(definitionDepth == 0)
      return
    }
    var clause: [Literal] = []
    clause.reserveCapacity(literals.count)
    if literals.count <= 16 {
      for literal in literals {
        if clause.contains(!literal) { return }
        if !clause.contains(literal) { clause.append(literal) }
      }
    } else {
      // Long clauses (wide UVL groups) dedupe through a set, so adding stays linear.
      var seen = Set<Literal>(minimumCapacity: literals.count)
      for literal in literals {
        if seen.contains(!literal) { return }
        if seen.insert(literal).inserted { clause.append(literal) }
      }
    }
    clauses.append(clause)
    isRequirement.append(definitionDepth == 0)
  }

  /// Appends a clause of another model as it is (already free of duplicates), keeping whether
  /// it is a requirement (``embed(_:values:)``).
  mutating func appendCopied(_ clause: [Literal], requirement: Bool) {
    clauses.append(clause)
    isRequirement.append(requirement)
  }

  /// Appends a rule of another model, its variables already mapped into this one.
  mutating func appendCopied(_ rule: Rule) {
    rules.append(rule)
  }

  /// Whether no two literals share a variable: no duplicate to drop, no tautology.
  private static func hasDistinctVariables(_ literals: [Literal]) -> Bool {
    for i in literals.indices {
      for j in literals.indices where j < i && literals[j].variable == literals[i].variable {
        return false
      }
    }
    return true
  }

  /// The literal that is always true.
  package mutating func trueLiteral() -> Literal {
    if let truth { return truth }
    let literal = newVariable(auxiliary: true).positive
    // The constant defines its variable wherever it is first asked for.
    definitionDepth += 1
    addClause([literal])
    definitionDepth -= 1
    truth = literal
    return literal
  }

  /// Adds a rule: `formula` holds whenever the rule's selector is on.
  ///
  /// - Parameters:
  ///   - id: The id explanations cite.
  ///   - formula: What the rule says.
  /// - Returns: The rule, with its selector and the literal that stands for its formula.
  @discardableResult
  package mutating func addRule(id: String, _ formula: Formula) -> Rule {
    let holds = define(formula)
    let selector = newVariable(auxiliary: true)
    addClause([selector.negative, holds])
    let rule = Rule(id: id, selector: selector, holds: holds)
    rules.append(rule)
    return rule
  }

  /// The assumptions that put every rule in force.
  package var ruleAssumptions: [Literal] { rules.map(\.selector.positive) }
}
