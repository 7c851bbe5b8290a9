internal import ConfigurationEngine

/// The compiled answers (SPEC §17): the line compiled once into a d-DNNF and kept, every
/// value's count under the choices from it, and #SAT per value when it does not compile.
extension ProductConfigurator {
  /// How long a compilation may take unless told otherwise: half the configurator's
  /// ``timeLimit``, so that a command which falls back to #SAT (`count … by=value`) still has
  /// the other half and stops within its limit (SPEC §10).
  public var compilationLimit: Duration { timeLimit / 2 }

  /// Compiles the product line, once: later calls return the kept outcome, except that a
  /// compilation that stopped is tried again with a longer limit.
  ///
  /// - Parameter timeLimit: How long the compilation may take; ``compilationLimit`` by
  ///   default.
  /// - Returns: The circuit's size, or why the line did not compile.
  @discardableResult
  public func compile(timeLimit: Duration? = nil) -> CompilationStatus {
    status(of: compiledForm(timeLimit: timeLimit))
  }

  /// The kept compiled form, compiling first if need be.
  func compiledForm(timeLimit: Duration? = nil) -> Result<CompiledForm, CompilationFailure> {
    compiledSlot.form(for: line.constraints, timeLimit: timeLimit ?? compilationLimit)
  }

  /// The status users see of a compiled form.
  func status(of form: Result<CompiledForm, CompilationFailure>) -> CompilationStatus {
    switch form {
    case .success(let form): .compiled(form.size)
    case .failure(let failure): .unfinished(failure.stop)
    }
  }

  /// How many valid builds hold each value under the choices, exactly: from the compiled
  /// line in one pass up and one down; when the line did not compile, by one #SAT count per
  /// value within `fallbackLimit` (values not reached are unknown), and the status says so.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - fallbackLimit: How long the #SAT counts may take together; by default what is left
  ///     of the configurator's ``timeLimit`` after this call's compilation, if it compiled
  ///     (so the whole call stops within the limit).
  /// - Returns: The total and every value's count.
  public func valueCounts(_ choices: [Choice], fallbackLimit: Duration? = nil) -> ValueCounts {
    let start = ContinuousClock.now
    let form = compiledForm()
    guard case .success(let compiled) = form else {
      let limit = fallbackLimit ?? max(.zero, timeLimit - (ContinuousClock.now - start))
      return countedValues(choices, limit: limit, status: status(of: form))
    }
    let counts = compiled.circuit.literalCounts(assuming: choices.map(literal))
    return ValueCounts(
      choices: choices, total: BuildCount(counts.total),
      counts: line.values.map { BuildCount(counts[$0.variable.positive]) },
      status: status(of: form), fallbackLimit: nil)
  }

  /// Every value's count by #SAT, the total first, each taking what is left of the limit.
  private func countedValues(_ choices: [Choice], limit: Duration, status: CompilationStatus)
    -> ValueCounts
  {
    let deadline = ContinuousClock.now.advanced(by: limit)
    func counted(_ extra: [Choice]) -> BuildCount? {
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return nil }
      return try? count(choices + extra, timeLimit: left)
    }
    let total = counted([])
    let counts = line.values.indices.map { counted([Choice(value: $0, isChosen: true)]) }
    return ValueCounts(
      choices: choices, total: total, counts: counts, status: status, fallbackLimit: limit)
  }
}
