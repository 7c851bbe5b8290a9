/// Models met while explaining, kept to answer later satisfiability checks without the solver.
///
/// A check of an explanation asks whether some build has a literal false while a set of rules
/// and choices hold. A kept model of every clause answers yes when it has the literal false,
/// keeps the choices, and breaks none of the rules: its selectors do not matter, since a rule
/// is in force exactly when its formula holds (the formula's literal is defined by the values).
/// So each model is kept with the rules it breaks, computed once, and a check costs a look at
/// those few rules rather than at every assumption.
///
/// Models usually come as their differences from one base model (the build the checks search
/// near): the rules they break are found among the rules on the variables that differ.
struct WitnessPool {
  /// A model and what it breaks.
  struct Witness {
    /// One value per variable.
    let values: [Bool]
    /// The indices of the rules whose formula is false in the model, in increasing order.
    let brokenRules: [Int]

    /// Whether a literal is true in the model.
    @inline(__always) func holds(_ literal: Literal) -> Bool {
      let index = Int(literal.variable.index)
      return index >= 0 && index < values.count && values[index] != literal.isNegated
    }
  }

  /// The models, at most `capacity`, the newest last.
  private(set) var witnesses: [Witness] = []
  /// Where the next model goes once the pool is full.
  private var next = 0
  /// The most models kept.
  let capacity: Int
  /// The literal standing for each rule's formula, in the model's rule order.
  private let rules: [Literal]
  /// The rules whose formula's literal is on each variable: `ruleIndices[ruleStarts[v] ..<
  /// ruleStarts[v + 1]]`.
  private let ruleStarts: [Int]
  private let ruleIndices: [Int]
  /// The base model and the rules it breaks.
  private(set) var base: [Bool] = []
  private var baseBroken: [Int] = []

  /// Creates an empty pool.
  ///
  /// - Parameters:
  ///   - capacity: The most models kept (the oldest is replaced past it).
  ///   - rules: The literal standing for each rule's formula, in the model's rule order.
  ///   - variableCount: How many variables the models have.
  init(capacity: Int, rules: [Literal], variableCount: Int) {
    self.capacity = max(capacity, 1)
    self.rules = rules
    var starts = [Int](repeating: 0, count: variableCount + 1)
    for rule in rules where (0..<variableCount).contains(Int(rule.variable.index)) {
      starts[Int(rule.variable.index) + 1] += 1
    }
    for variable in 0..<variableCount { starts[variable + 1] += starts[variable] }
    var indices = [Int](repeating: 0, count: starts[variableCount])
    var fill = starts
    for (index, rule) in rules.enumerated()
    where (0..<variableCount).contains(Int(rule.variable.index)) {
      indices[fill[Int(rule.variable.index)]] = index
      fill[Int(rule.variable.index)] += 1
    }
    ruleStarts = starts
    ruleIndices = indices
  }

  /// Forgets every model and sets the base the next ones are given against.
  ///
  /// - Parameter base: A model of every clause, one value per variable.
  mutating func reset(base: [Bool]) {
    witnesses.removeAll(keepingCapacity: true)
    next = 0
    self.base = base
    baseBroken = rules.indices.filter { !Self.holds(rules[$0], in: base) }
  }

  /// Keeps a model of every clause given by where it differs from the base.
  ///
  /// - Parameter differences: The literals the model has where the base has their negation.
  mutating func add(differences: [Literal]) {
    var values = base
    var touched: [Int] = []
    for literal in differences {
      let variable = Int(literal.variable.index)
      guard variable >= 0, variable < values.count else { continue }
      values[variable] = !literal.isNegated
      if variable + 1 < ruleStarts.count {
        touched += ruleIndices[ruleStarts[variable]..<ruleStarts[variable + 1]]
      }
    }
    var broken = baseBroken.filter { !touched.contains($0) }
    for rule in touched where !Self.holds(rules[rule], in: values) && !broken.contains(rule) {
      broken.append(rule)
    }
    store(Witness(values: values, brokenRules: broken.sorted()))
  }

  /// Keeps a model of every clause given in full.
  ///
  /// - Parameter values: One value per variable.
  mutating func add(model values: [Bool]) {
    let broken = rules.indices.filter { !Self.holds(rules[$0], in: values) }
    store(Witness(values: values, brokenRules: broken))
  }

  private mutating func store(_ witness: Witness) {
    if witnesses.count < capacity {
      witnesses.append(witness)
    } else {
      witnesses[next] = witness
      next = (next + 1) % capacity
    }
  }

  private static func holds(_ literal: Literal, in values: [Bool]) -> Bool {
    let index = Int(literal.variable.index)
    return index >= 0 && index < values.count && values[index] != literal.isNegated
  }

  /// The first kept model that has `literal` and passes `fits`, newest first.
  ///
  /// - Parameters:
  ///   - literal: A literal the model must have.
  ///   - fits: Whether the model's other properties (its broken rules, its choices) suit.
  /// - Returns: The model, or `nil`.
  func first(having literal: Literal, where fits: (Witness) -> Bool) -> Witness? {
    var offset = 0
    while offset < witnesses.count {
      let witness = witnesses[(next + witnesses.count - 1 - offset) % witnesses.count]
      if witness.holds(literal), fits(witness) { return witness }
      offset += 1
    }
    return nil
  }
}
