package import CarFactory

/// `count … by=value` and `sample`: the answers of the compiled line (SPEC §17). The model's
/// configurator compiles its line on the first of them and keeps it for the session.
extension Interpreter {
  /// Every value's count and share under the choices: from the compiled line, or by #SAT
  /// within what is left of the time limit when the line did not compile (the result says
  /// so).
  func valueCounts(_ request: ModelRequest) -> CommandResult {
    .valueCounts(
      ValueCountsResult(
        line: request.line, counts: request.configurator.valueCounts(request.choices)))
  }

  /// `count` builds drawn uniformly at random under the choices, the same for the same seed.
  func samples(_ request: ModelRequest, count: Int, seed: UInt64, _ state: SessionState)
    throws(CommandError) -> CommandResult
  {
    let configurator = request.configurator
    let samples: SampledBuilds
    do {
      samples = try configurator.samples(request.choices, count: count, seed: seed)
    } catch {
      throw .failed(command: "sample", error)
    }
    if samples.total.uint64Value == 0 { try refuse(request, state) }
    return .samples(
      SamplesResult(
        line: request.line, samples: samples,
        drawn: drawn(samples.builds, of: request)))
  }

  /// A fleet of valid builds under the choices covering every pair of values some such
  /// build holds together (values held: the pairs SPEC §17 names), with its lower bound.
  func pairs(_ request: ModelRequest, seed: UInt64, _ state: SessionState) throws(CommandError)
    -> CommandResult
  {
    let configurator = request.configurator
    let fleet: PairwiseFleet
    do {
      fleet = try configurator.pairwiseFleet(
        request.choices, coveringAbsentValues: false, seed: seed)
    } catch {
      throw .failed(command: "sample", error)
    }
    if fleet.builds.isEmpty, fleet.feasiblePairs == 0 {
      // No pair at all: choices no build keeps are refused as `build` refuses them.
      try refuse(request, state)
    }
    return .fleet(
      FleetResult(
        line: request.line, fleet: fleet, drawn: drawn(fleet.builds, of: request), seed: seed,
        timeLimit: configurator.timeLimit))
  }

  /// Builds with the choices that give each back through `build`.
  private func drawn(_ builds: [[Int]], of request: ModelRequest) -> DrawnBuilds {
    DrawnBuilds(
      builds: builds,
      choices: request.configurator.replayChoices(for: builds, keeping: request.choices))
  }

  /// Refuses choices that no valid build keeps, with the conflict and its ways out.
  private func refuse(_ request: ModelRequest, _ state: SessionState) throws(CommandError) {
    do {
      _ = try request.configurator.propagate(request.choices)
    } catch {
      throw Self.failure(error, line: request.line, money: state.money)
    }
  }
}
