import CarFactory
import CatalogFixtures
import Support
import Testing

@testable import Dealership

/// `count … by=value` and `sample` on the working car, and their typed refusals: each names
/// the bad word or the limit, as data (SPEC §17, the brief's "typed errors").
@Suite struct CompiledCommandRefusalTests {
  typealias Case = CompiledCommandTests.Case

  @Test func theWorkingCarsCountsAndSamplesAreThoseOfItsChoices() throws {
    let test = try Case(catalogSeed: 6)
    var random = SeededGenerator(state: 6)
    var choices: [Choice] = []
    // Choices some build keeps, so the car opens.
    while test.builds(with: choices).isEmpty || choices.isEmpty {
      choices = test.randomChoices(using: &random)
    }
    let words = choices.map(test.word).joined(separator: " ")
    try test.run("configure random " + words)
    guard case .valueCounts(let onCar) = try test.run("count by=value").first,
      case .valueCounts(let onModel) = try test.run("count random \(words) by=value").first
    else {
      Issue.record("not value counts")
      return
    }
    #expect(onCar.counts.choices == onModel.counts.choices)
    #expect(onCar.counts.counts == onModel.counts.counts)
    guard case .samples(let carSamples) = try test.run("sample 5 seed=9").first,
      case .samples(let modelSamples) = try test.run("sample random \(words) 5 seed=9").first,
      case .fleet(let carFleet) = try test.run("sample pairs").first,
      case .fleet(let modelFleet) = try test.run("sample random \(words) pairs").first
    else {
      Issue.record("not samples")
      return
    }
    #expect(carSamples.drawn.builds == modelSamples.drawn.builds)
    #expect(carSamples.drawn.choices == modelSamples.drawn.choices)
    #expect(carFleet.drawn.builds == modelFleet.drawn.builds)
    // A model named first is that model, even with a car open.
    guard case .samples(let other) = try test.run("sample random 5 seed=9").first else {
      Issue.record("not samples")
      return
    }
    #expect(other.samples.choices.isEmpty)
  }

  @Test func theCommandsChangeNothingSoReadersOfAHeldStoreMayRunThem() throws {
    let test = try Case(catalogSeed: 2)
    let edits = test.state.edits
    for line in ["count random by=value", "sample random 3", "sample random pairs"] {
      var bytes = Array(line.utf8)
      let read = try bytes.withUnsafeMutableBufferPointer { buffer throws(CommandError) in
        try InvocationParser.read(UnsafeBufferPointer(buffer), into: test.words, of: &test.state)
      }
      let invocation = try #require(read?.invocation)
      #expect(invocation.changesNothing, "\(line)")
      try test.run(line)
    }
    #expect(test.state.edits == edits)
  }

  @Test func badSizesSeedsAndBasesAreNamed() throws {
    let test = try Case(catalogSeed: 3)
    let limit = ProductConfigurator.sampleLimit
    for size in ["0", "x", "-3", "1.5", "12345678901234567890"] {
      guard
        case .badValue("sample", .sampleSize(limit), let value) = test.failure(
          "sample random \(size)")
      else {
        Issue.record("'\(size)' was not refused as a number of builds")
        continue
      }
      #expect(value == size)
    }
    for seed in ["", "-1", "x", "18446744073709551616", "+4"] {
      guard
        case .badValue("sample", .seed, let value) = test.failure("sample random 2 seed=\(seed)")
      else {
        Issue.record("seed '\(seed)' was not refused")
        continue
      }
      #expect(value == seed)
    }
    guard case .invalid("sample", .keyTwice("seed")) = test.failure("sample random 2 seed=1 seed=2")
    else {
      Issue.record("two seeds were taken")
      return
    }
    guard case .badValue("count", .countBy, "weight") = test.failure("count random by=weight"),
      case .invalid("count", .keyTwice("by")) = test.failure("count random by=value by=value"),
      case .missingArgument("sample", .sampleSize) = test.failure("sample random"),
      case .missingArgument("sample", .model) = test.failure("sample")
    else {
      Issue.record("a bad count or sample was taken")
      return
    }
    // With no car open, a line without a model says so.
    guard case .missingArgument("count", .modelWithoutCar) = test.failure("count by=value"),
      case .missingArgument("sample", .modelWithoutCar) = test.failure("sample 3"),
      case .missingArgument("sample", .modelWithoutCar) = test.failure("sample pairs")
    else {
      Issue.record("a line without a model or car was taken")
      return
    }
    try test.run("configure random")
    guard case .unexpectedArgument("sample", "extra", _) = test.failure("sample 3 extra"),
      case .unexpectedArgument("count", "extra", _) = test.failure("count by=value extra")
    else {
      Issue.record("words after the car's size were taken")
      return
    }
  }

  @Test func tooManySamplesAreRefusedWithTheLimitBeforeAnythingIsDrawn() throws {
    let test = try Case(catalogSeed: 3)
    let limit = ProductConfigurator.sampleLimit
    guard
      case .failed("sample", let error as CompiledAnswerError) = test.failure(
        "sample random \(limit + 1)")
    else {
      Issue.record("too many samples were drawn")
      return
    }
    #expect(error == .tooManySamples(requested: limit + 1, limit: limit))
  }

  @Test func aModelThatDidNotCompileSaysSoForCountsAndRefusesSamples() throws {
    let test = try Case(catalogSeed: 3)
    let configurator = try test.state.catalogs.configurator(named: "random")
    configurator.timeLimit = .zero
    guard case .valueCounts(let result) = try test.run("count random by=value").first else {
      Issue.record("not value counts")
      return
    }
    #expect(result.counts.status == .unfinished(.timeLimit(.zero)))
    // No time was left for #SAT either: nothing is known, and nothing is made up.
    #expect(result.counts.fallbackLimit == .zero)
    #expect(result.countedValues == 0 && result.counts.total == nil)
    for line in ["sample random 3", "sample random pairs"] {
      guard case .failed("sample", let error as CompiledAnswerError) = test.failure(line) else {
        Issue.record("\(line) was answered without the compiled form")
        continue
      }
      #expect(error == .notCompiled(.timeLimit(.zero)))
    }
  }

  @Test func pairsOfAModelPastTheValueLimitAreRefusedWithTheLimit() throws {
    let test = try Case(treeSeed: 1)
    let limit = ProductConfigurator.pairValueLimit
    test.environment.files["wide.uvl"] = Array(
      ("features\n  root\n    optional\n" + (0..<limit).map { "      f\($0)\n" }.joined()).utf8)
    try test.run("catalog load wide.uvl")
    guard
      case .failed("sample", let error as CompiledAnswerError) = test.failure("sample wide pairs")
    else {
      Issue.record("pairs of a wide model were made")
      return
    }
    #expect(error == .tooManyValuesForPairs(values: limit + 1, limit: limit))
  }

  @Test func choicesNoBuildKeepsAreRefusedWithTheirConflict() throws {
    let test = try Case(catalogSeed: 1)
    // Every part of a slot ruled out leaves no build.
    let slot = try #require(
      test.line.groups.first { group in
        if case .slot = group.kind { return true }
        return false
      })
    let words = slot.values.map { "-" + test.line.values[$0].atom }.joined(separator: " ")
    for size in ["3", "pairs"] {
      guard case .conflict(let conflict) = test.failure("sample random \(words) \(size)") else {
        Issue.record("choices without a build were sampled")
        continue
      }
      #expect(!conflict.conflict.reason.choices.isEmpty)
    }
  }
}
