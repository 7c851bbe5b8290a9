internal import ConfigurationEngine

/// The compiled form as the benchmarks look into it (issue 48): the circuit in c2d's format
/// for other d-DNNF tools, and the verifier's verdict.
extension ProductConfigurator {
  /// The compiled circuit in c2d's `.nnf` format, its variables numbered from one in the
  /// line's value order; `nil` when the line did not compile.
  @_spi(Benchmarks)
  public func compiledC2DText() -> String? {
    guard case .success(let form) = compiledForm() else { return nil }
    return form.circuit.c2dText()
  }

  /// Whether the compiled circuit is a smooth d-DNNF (the verifier's check); `nil` when the
  /// line did not compile, else the first defect found, or `"valid"`.
  @_spi(Benchmarks)
  public func verifyCompiled() -> String? {
    guard case .success(let form) = compiledForm() else { return nil }
    return form.circuit.verify().map { "\($0)" } ?? "valid"
  }
}

extension ProductConfigurator {
  /// Whether the values form a valid build, every other value absent (the solver's check,
  /// independent of the circuit): for checking samples on the public models.
  ///
  /// - Parameter values: The values the build holds (indices into the line's values).
  /// - Returns: Whether it is valid; `false` too when the check ran out of time.
  @_spi(Benchmarks)
  public func isValidBuild(holding values: [Int]) -> Bool {
    let literals = line.pinningChoices(holding: values).map(literal)
    return (try? space.isConsistent(literals, budget: budget)) ?? false
  }
}
