import Foundation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// `--clean` (SPEC §12): no built-in models, no sample stock; a store created clean stays clean.
@Suite struct CleanStartTests {
  private static let lineup = examplesFolder.appendingPathComponent("lineup.json").path

  @Test func aCleanSessionHasNoBuiltInModelsAndNoStock() throws {
    let harness = SessionHarness(clean: true)
    #expect(harness.session.state.catalogs.modelIDs.isEmpty)
    #expect(harness.session.state.stock.lines.isEmpty)
    #expect(try harness.run("stock").hasSuffix("0 Products in Stock. Total Value: $0.00\n"))
    #expect(
      harness.failure("build sports")
        == "unknown model 'sports' (no models are loaded; add them with --catalog FILE)")
    try harness.run("catalog load \(Self.lineup)")
    #expect(harness.session.state.catalogs.modelIDs.map(\.rawValue) == ["hatch", "estate", "van"])
    #expect(
      harness.failure("build sports") == "unknown model 'sports' (models: hatch, estate, van)")
  }

  @Test func theDefaultStartKeepsTheBuiltInModelsAndTheSampleStock() throws {
    let harness = SessionHarness(clean: false)
    #expect(
      harness.session.state.catalogs.modelIDs.map(\.rawValue) == ["compact", "sports", "suv"])
    #expect(
      try harness.run("stock").hasSuffix("26 Products in Stock. Total Value: $1,333,100.00\n"))
  }

  @Test func theCommandLineCleanStartHasOnlyTheCatalogsGiven() throws {
    let models = try BinaryRunner.run(["--clean", "--catalog", Self.lineup, "models"])
    #expect(models.status == 0)
    let ids = models.stdout.split(separator: "\n").dropFirst().map { $0.prefix { $0 != " " } }
    #expect(ids == ["hatch", "estate", "van"])
    let stock = try BinaryRunner.run(["--clean", "stock"])
    #expect(stock.stdout.hasSuffix("0 Products in Stock. Total Value: $0.00\n"))
    let built = try BinaryRunner.run(["--clean", "build", "sports"])
    #expect(built.status == 1)
    #expect(
      built.stderr
        == "configurator: unknown model 'sports' (no models are loaded; add them with --catalog FILE)\n"
    )
  }

  @Test func aStoreCreatedCleanStaysCleanInLaterRuns() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("dealer.json")
    let first = try BinaryRunner.run(
      ["--clean", "--catalog", Self.lineup, "--store", store, "build", "van"])
    #expect(first.status == 0)
    let text = String(decoding: try scratch.bytes("dealer.json"), as: UTF8.self)
    #expect(
      text.hasPrefix(
        "{\n  \"format\": \"configurator-session\",\n  \"version\": 9,\n  \"clean\": true,\n"))
    // A later run without --clean: still no built-in models, and no sample stock.
    let later = try BinaryRunner.run(
      ["--catalog", Self.lineup, "--store", store], stdin: "models\nstock\nbuild sports\n")
    #expect(later.status == 1)
    #expect(!later.stdout.contains("Porsche"))
    #expect(later.stdout.contains("0 Products in Stock. Total Value: $0.00\n"))
    #expect(
      later.stderr == "configurator: line 3: unknown model 'sports' (models: hatch, estate, van)\n")
    // --clean again on the clean store is fine.
    let again = try BinaryRunner.run([
      "--clean", "--catalog", Self.lineup, "--store", store, "builds",
    ])
    #expect(again.status == 0)
    #expect(again.stdout.contains("van"))
  }

  @Test func cleanOnAStoreCreatedWithoutItIsRefusedLeavingTheStore() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("dealer.json")
    _ = try BinaryRunner.run(["--store", store, "build", "sports"])
    let before = try scratch.bytes("dealer.json")
    let result = try BinaryRunner.run(["--clean", "--store", store, "builds"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "configurator: store '\(store)' was created without --clean and keeps the built-in "
        + "models; --clean applies when a store is created (give a new store)\n")
    #expect(try scratch.bytes("dealer.json") == before)
  }

  @Test func aNewStoreIsNotLeftBehindWhenItsCatalogIsRefused() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("dealer.json")
    let result = try BinaryRunner.run(
      ["--clean", "--catalog", scratch.path("missing.json"), "--store", store, "models"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("missing.json: cannot read file (no such file)"))
    #expect(try scratch.names().isEmpty)
  }

  @Test func aVersionTwoStoreStillOpensWithTheBuiltInModels() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try scratch.write(
      """
      {
        "format": "configurator-session",
        "version": 2,
        "builds": [
          {"number":1,"model":"sports","options":{"drive":"4wd"},"price":"76550.00"}
        ],
        "nextBuild": 2,
        "stock": [],
        "currency": "USD",
        "rates": {"base":"EUR","source":"ECB euro reference rates","rates":[{"quote":"USD","value":"1.0411","date":"2025-02-28","source":"ECB euro reference rates"}],"overrides":[]}
      }
      {"record":1,"builds":{"add":[{"number":2,"model":"suv","options":{},"price":"89990.00"}]},"nextBuild":3}

      """, to: "old.json")
    let result = try BinaryRunner.run(
      ["--store", scratch.path("old.json")], stdin: "builds\nmodels\n")
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.contains("Porsche Boxster (4WD)"))
    #expect(result.stdout.contains("Cadillac Escalade"))
  }
}
