/// Builds drawn uniformly at random from the valid builds under some choices (SPEC §17's
/// `sample MODEL [CHOICE…] N [seed=S]`).
public struct SampledBuilds: Hashable, Sendable {
  /// The choices every build keeps.
  public let choices: [Choice]
  /// The seed: the same seed, choices and line give the same builds.
  public let seed: UInt64
  /// The number of valid builds they were drawn from.
  public let total: BuildCount
  /// The builds, each the values it holds (indices into ``ProductLine/values``, in order);
  /// empty when no build keeps the choices.
  public let builds: [[Int]]
}

/// A fleet of valid builds covering every pair of values that some valid build has
/// together (SPEC §17's `sample MODEL [CHOICE…] pairs`), with a lower bound on the size of
/// any such fleet.
public struct PairwiseFleet: Hashable, Sendable {
  /// Two values as a build has them: each held, or (for pairs over absent values too) not.
  public struct Pair: Hashable, Sendable {
    /// The first value, held (`isChosen`) or not.
    public let first: Choice
    /// The second value.
    public let second: Choice
  }

  /// The choices every build keeps.
  public let choices: [Choice]
  /// Whether the pairs are over each value held or not (else over values held only).
  public let coversAbsentValues: Bool
  /// The builds, each the values it holds (indices into ``ProductLine/values``).
  public let builds: [[Int]]
  /// How many pairs some valid build has.
  public let feasiblePairs: Int
  /// How many of them the builds have (all, unless the time limit cut the fleet short).
  public let coveredPairs: Int
  /// Feasible pairs of which no valid build has two: any covering fleet has a build per
  /// pair, so their number is a lower bound on its size.
  public let boundPairs: [Pair]

  /// The lower bound on the number of builds of any covering fleet.
  public var lowerBound: Int { boundPairs.count }
  /// Whether every feasible pair is covered.
  public var isComplete: Bool { coveredPairs == feasiblePairs }
}

/// Why a compiled answer could not be given.
public enum CompiledAnswerError: Error, Hashable, Sendable {
  /// The product line did not compile within its budget (samples and fleets need it).
  case notCompiled(CompilationStop)
  /// A pairwise fleet over this many values would need a pair table past the limit.
  case tooManyValuesForPairs(values: Int, limit: Int)
  /// More samples were asked for than one answer holds.
  case tooManySamples(requested: Int, limit: Int)
}

extension ProductLine {
  /// The choices that make `build` exactly the given build: every value it holds chosen,
  /// every other ruled out (so a script's `build` line gives it back, whatever the
  /// defaults).
  ///
  /// - Parameter values: The values a build holds (indices into ``values``).
  /// - Returns: One choice per value of the line, in the line's order.
  public func pinningChoices(holding values: [Int]) -> [Choice] {
    var held = [Bool](repeating: false, count: self.values.count)
    for value in values where held.indices.contains(value) { held[value] = true }
    return held.indices.map { Choice(value: $0, isChosen: held[$0]) }
  }
}
