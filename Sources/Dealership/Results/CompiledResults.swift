package import CarFactory

/// `count MODEL [CHOICE…] by=value`: every value's count and share of the valid builds under
/// the choices (SPEC §17), from the compiled line or, when it did not compile, by #SAT.
package struct ValueCountsResult {
  package let line: ProductLine
  /// The counts, with how they were made (``ValueCounts/status``, and the #SAT counts' time
  /// limit when the line did not compile).
  package let counts: ValueCounts

  /// How many values have a count (all of them when the line compiled).
  package var countedValues: Int { counts.counts.lazy.filter { $0 != nil }.count }
}

/// Valid builds drawn for `sample`, each with the choices of a `build` line that gives it
/// back.
package struct DrawnBuilds {
  /// The builds, each the values it holds (indices into the line's values, in order).
  package let builds: [[Int]]
  /// For each build, its choices (the user's first): `build MODEL` with them makes it.
  package let choices: [[Choice]]
}

/// `sample MODEL [CHOICE…] N [seed=S]`: builds drawn uniformly at random.
package struct SamplesResult {
  package let line: ProductLine
  /// What the library drew: the choices, the seed, the number of valid builds.
  package let samples: SampledBuilds
  package let drawn: DrawnBuilds
}

/// `sample MODEL [CHOICE…] pairs`: a fleet covering every pair of values some valid build
/// holds together, with its lower bound.
package struct FleetResult {
  package let line: ProductLine
  /// The fleet as the library made it: its pairs covered, feasible and bounding.
  package let fleet: PairwiseFleet
  package let drawn: DrawnBuilds
  /// The seed of the fleet's tie-breaks.
  package let seed: UInt64
  /// How long making the fleet could take (a fleet cut short says how many pairs it covers).
  package let timeLimit: Duration
}
