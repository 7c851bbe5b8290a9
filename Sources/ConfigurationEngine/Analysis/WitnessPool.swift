/// The last few models met during explanations, kept to answer satisfiability checks without
/// the solver: a model of every clause in which all of a check's assumptions hold proves the
/// check satisfiable.
///
/// QuickXplain's checks are mostly subsets of one another (the assumed literal's negation and
/// a few rules), and the solver keeps every rule it may on in the models it finds (phase
/// saving), so one model answers many later checks.
struct WitnessPool {
  /// The models, each one value per variable of the model; at most `capacity`.
  private var models: [[Bool]] = []
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

  /// Forgets every model (the pool belongs to one batch of explanations).
  mutating func removeAll() {
    models.removeAll(keepingCapacity: true)
    next = 0
  }

  /// Keeps a model of every clause.
  ///
  /// - Parameter model: One value per variable (at least the model's own variables).
  mutating func add(_ model: [Bool]) {
    if models.count < capacity {
      models.append(model)
    } else {
      models[next] = model
      next = (next + 1) % capacity
    }
  }

  /// Whether a kept model makes every literal true.
  ///
  /// - Parameter literals: The assumptions of a satisfiability check.
  /// - Returns: `true` when some kept model satisfies them all (a proof); `false` otherwise.
  func satisfies(_ literals: [Literal]) -> Bool {
    models.contains { model in
      literals.allSatisfy { literal in
        let index = Int(literal.variable.index)
        return index >= 0 && index < model.count && model[index] != literal.isNegated
      }
    }
  }
}
