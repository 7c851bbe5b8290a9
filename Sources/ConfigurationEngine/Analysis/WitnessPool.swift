/// Models met while explaining, kept to answer later satisfiability checks without the solver.
///
/// A check of an explanation asks whether some build has a literal false while a set of rules
/// and choices hold. A kept model of every clause answers yes when it has the literal false,
/// keeps the choices, and breaks none of the rules: its selectors do not matter, since a rule
/// is in force exactly when its formula holds (the formula's literal is defined by the values).
/// So each model is kept with the rules it breaks, computed once, and a check costs a look at
/// those few rules rather than at every assumption.
struct WitnessPool {
  /// A model and what it breaks.
  struct Witness {
    /// One value per variable of the model.
    let values: [Bool]
    /// The indices of the rules whose formula is false in `values`, in increasing order.
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

  /// Creates an empty pool.
  ///
  /// - Parameter capacity: The most models kept (the oldest is replaced past it).
  init(capacity: Int) {
    self.capacity = max(capacity, 1)
  }

  /// Forgets every model.
  mutating func removeAll() {
    witnesses.removeAll(keepingCapacity: true)
    next = 0
  }

  /// Keeps a model of every clause, with the rules it breaks.
  ///
  /// - Parameters:
  ///   - values: One value per variable of the model.
  ///   - rules: The literal standing for each rule's formula, in the model's rule order.
  mutating func add(_ values: [Bool], rules: [Literal]) {
    var broken: [Int] = []
    for (index, holds) in rules.enumerated() {
      let variable = Int(holds.variable.index)
      if variable < values.count, values[variable] == holds.isNegated { broken.append(index) }
    }
    let witness = Witness(values: values, brokenRules: broken)
    if witnesses.count < capacity {
      witnesses.append(witness)
    } else {
      witnesses[next] = witness
      next = (next + 1) % capacity
    }
  }

  /// The kept model with the smallest `distance`, the newest among equals.
  ///
  /// - Parameter distance: How far a model is from what the caller needs.
  /// - Returns: The model, or `nil` when the pool is empty.
  func nearest(by distance: (Witness) -> Int) -> Witness? {
    var best: (witness: Witness, distance: Int)?
    for offset in 0..<witnesses.count {
      let witness = witnesses[(next + witnesses.count - 1 - offset) % witnesses.count]
      let measured = distance(witness)
      if best == nil || measured < best?.distance ?? 0 { best = (witness, measured) }
    }
    return best?.witness
  }

  /// The first kept model that has `literal` and passes `fits`, newest first.
  ///
  /// - Parameters:
  ///   - literal: A literal the model must have.
  ///   - fits: Whether the model's other properties (its broken rules, its choices) suit.
  /// - Returns: The model, or `nil`.
  func first(having literal: Literal, where fits: (Witness) -> Bool) -> Witness? {
    for offset in 0..<witnesses.count {
      let witness = witnesses[(next + witnesses.count - 1 - offset) % witnesses.count]
      if witness.holds(literal), fits(witness) { return witness }
    }
    return nil
  }
}
