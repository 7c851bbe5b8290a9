internal import ConfigurationEngine

/// Uniform samples and pairwise fleets from the compiled line (SPEC §17).
extension ProductConfigurator {
  /// The most values whose pairs a fleet covers: the pair table holds a bit per pair of
  /// values held or not (8,000 values: 32 MiB).
  public static var pairValueLimit: Int { 8_000 }

  /// The most builds one call of ``samples(_:count:seed:)`` draws (each holds a flag per
  /// value: 100,000 builds of 18,000 values are 1.8 GB while they are drawn).
  public static var sampleLimit: Int { 100_000 }

  /// Builds drawn uniformly at random among the valid builds with the choices: every such
  /// build equally likely in every draw, the same seed giving the same builds.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - count: How many builds to draw (none for a count not above zero).
  ///   - seed: The seed.
  /// - Returns: The builds, with the number they were drawn from.
  /// - Throws: ``CompiledAnswerError/notCompiled(_:)`` when the line did not compile,
  ///   ``CompiledAnswerError/tooManySamples(requested:limit:)`` past ``sampleLimit``.
  public func samples(_ choices: [Choice], count: Int, seed: UInt64 = 0)
    throws(CompiledAnswerError) -> SampledBuilds
  {
    guard count <= Self.sampleLimit else {
      throw .tooManySamples(requested: count, limit: Self.sampleLimit)
    }
    let circuit = try compiledCircuit()
    let literals = choices.map(literal)
    var random = SampleRandom(seed: seed)
    let models = circuit.samples(max(count, 0), assuming: literals, using: &random)
    return SampledBuilds(
      choices: choices, seed: seed, total: BuildCount(circuit.count(assuming: literals)),
      builds: models.map(values(in:)))
  }

  /// A fleet of valid builds with the choices covering every pair of values some such build
  /// has together, built greedily, with a lower bound on the size of any such fleet.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - coveringAbsentValues: Whether a pair may be of values held or not (`a` with `b`
  ///     absent counts as a pair), as pairwise testing of feature models takes it; else
  ///     pairs of values held only.
  ///   - seed: The seed of the greedy's tie-breaks and completions.
  ///   - timeLimit: How long building the fleet may take; the configurator's ``timeLimit``
  ///     by default. A fleet cut short says how many pairs it covers.
  /// - Returns: The fleet.
  /// - Throws: ``CompiledAnswerError`` when the line did not compile or has too many values.
  public func pairwiseFleet(
    _ choices: [Choice], coveringAbsentValues: Bool = true, seed: UInt64 = 0,
    timeLimit: Duration? = nil
  ) throws(CompiledAnswerError) -> PairwiseFleet {
    let start = ContinuousClock.now
    guard line.values.count <= Self.pairValueLimit else {
      throw .tooManyValuesForPairs(values: line.values.count, limit: Self.pairValueLimit)
    }
    let circuit = try compiledCircuit()
    var literals: [Literal] = []
    var choiceOf: [Choice] = []
    for (index, value) in line.values.enumerated() {
      literals.append(value.variable.positive)
      choiceOf.append(Choice(value: index, isChosen: true))
      if coveringAbsentValues {
        literals.append(value.variable.negative)
        choiceOf.append(Choice(value: index, isChosen: false))
      }
    }
    let cover = circuit.pairwiseCover(
      of: literals, assuming: choices.map(literal), seed: seed,
      deadline: start.advanced(by: timeLimit ?? self.timeLimit))
    return PairwiseFleet(
      choices: choices, coversAbsentValues: coveringAbsentValues,
      builds: cover.builds.map(values(in:)), feasiblePairs: cover.feasiblePairs,
      coveredPairs: cover.feasiblePairs - cover.uncoveredPairs,
      boundPairs: cover.boundPairs.map {
        PairwiseFleet.Pair(first: choiceOf[$0.first], second: choiceOf[$0.second])
      })
  }

  /// The compiled circuit, compiling first if need be.
  private func compiledCircuit() throws(CompiledAnswerError) -> Circuit {
    switch compiledForm() {
    case .success(let form): return form.circuit
    case .failure(let failure): throw .notCompiled(failure.stop)
    }
  }

  /// The values a model of the circuit holds, in the line's order.
  private func values(in model: [Bool]) -> [Int] {
    line.values.indices.filter { model[Int(line.values[$0].variable.index)] }
  }
}
