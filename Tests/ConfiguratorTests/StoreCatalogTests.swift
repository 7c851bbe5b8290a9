import Foundation
import Support
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// A store remembers its catalogs (SPEC §12): path and SHA-256, loaded again when it is opened
/// without `--catalog`; a missing or changed file is one line naming it.
@Suite struct StoreCatalogTests {
  private static let lineup = examplesFolder.appendingPathComponent("lineup.json")
  private static let roadster = examplesFolder.appendingPathComponent("roadster.uvl")

  /// A scratch folder with copies of the example catalogs, which the tests may change.
  private static func scratchWithCatalogs() throws -> ScratchDirectory {
    let scratch = try ScratchDirectory()
    try FileManager.default.copyItem(atPath: lineup.path, toPath: scratch.path("lineup.json"))
    try FileManager.default.copyItem(atPath: roadster.path, toPath: scratch.path("roadster.uvl"))
    return scratch
  }

  private static func digest(_ path: String) throws -> String {
    SHA256.hexDigest(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
  }

  /// `catalog load` of a file that replaces a model: the builds made of it before were made
  /// under the old file, and a session file says so (SPEC §16); those made after leave it to
  /// the file's list of catalogs.
  @Test func buildsMadeBeforeACatalogReplacesTheirModelKeepTheOldDigest() throws {
    let scratch = try Self.scratchWithCatalogs()
    defer { scratch.remove() }
    let lineup = scratch.path("lineup.json")
    var catalog = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: lineup)))
        as? [String: Any])
    var models = try #require(catalog["models"] as? [[String: Any]])
    models = models.filter { $0["id"] as? String == "van" }
    models[0]["replace"] = true
    catalog["models"] = models
    catalog["parts"] = nil  // the parts are the first file's
    let replacing = scratch.path("van.json")
    try JSONSerialization.data(withJSONObject: catalog).write(to: URL(fileURLWithPath: replacing))
    let harness = SessionHarness(clean: true)
    try harness.run("catalog load \(lineup)")
    try harness.run("build van")
    try harness.run("build hatch")
    try harness.run("catalog load \(replacing)")
    try harness.run("build van")
    let old = try Self.digest(lineup)
    #expect(harness.session.state.builds.records.map(\.catalog) == [old, nil, nil])
    let text = String(decoding: SessionFile.encode(harness.session.state), as: UTF8.self)
    let stamped = text.split(separator: "\n").filter { $0.contains(#""catalog":"#) }
    #expect(stamped.count == 1)
    #expect(stamped.first?.contains(#"{"number":1,"model":"van""#) == true)
    #expect(stamped.first?.contains(#""catalog":"\#(old)""#) == true)
  }

  @Test func catalogsAreRememberedAcrossProcesses() throws {
    let scratch = try Self.scratchWithCatalogs()
    defer { scratch.remove() }
    // Relative paths, from the scratch folder: the store keeps them absolute.
    let first = try BinaryRunner.run(
      ["--catalog", "lineup.json", "--catalog", "roadster.uvl", "--store", "dealer.json"],
      stdin: "build van\nbuild roadster Electric\n", directory: scratch.url)
    #expect(first.status == 0)
    #expect(first.stderr.isEmpty)
    let text = String(decoding: try scratch.bytes("dealer.json"), as: UTF8.self)
    let lineup = URL(fileURLWithPath: scratch.path("lineup.json")).standardizedFileURL.path
    let roadster = URL(fileURLWithPath: scratch.path("roadster.uvl")).standardizedFileURL.path
    let lineupDigest = try Self.digest(lineup)
    // A store whose catalogs change is written whole (see `StoreKeeper.commit`).
    #expect(
      text.contains(
        "\"catalogs\": [\n    "
          + #"{"path":"\#(lineup)","sha256":"\#(lineupDigest)"},"# + "\n    "
          + #"{"path":"\#(roadster)","sha256":"\#(try Self.digest(roadster))"}"# + "\n  ]"))
    // Another process, elsewhere, without --catalog: the models are there.
    let second = try BinaryRunner.run(
      ["--store", scratch.path("dealer.json")], stdin: "builds\nbuild hatch\n")
    #expect(second.status == 0)
    #expect(second.stderr.isEmpty)
    #expect(second.stdout.contains("van"))
    #expect(second.stdout.contains("roadster"))
    #expect(second.stdout.contains("Build #3"))
    // Opening it again changes nothing in the file.
    let before = try scratch.bytes("dealer.json")
    _ = try BinaryRunner.run(["--store", scratch.path("dealer.json"), "models"])
    _ = try BinaryRunner.run(
      [
        "--catalog", lineup, "--catalog", roadster, "--store", scratch.path("dealer.json"),
        "models",
      ])
    #expect(try scratch.bytes("dealer.json") == before)
  }

  @Test func aChangedCatalogIsOneLineNamingItUntilItIsGivenAgain() throws {
    let scratch = try Self.scratchWithCatalogs()
    defer { scratch.remove() }
    let store = scratch.path("dealer.json")
    let lineup = URL(fileURLWithPath: scratch.path("lineup.json")).standardizedFileURL.path
    let old = try Self.digest(lineup)
    #expect(
      try BinaryRunner.run(["--catalog", lineup, "--store", store, "build", "van"]).status == 0)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: lineup))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("\n".utf8))
    try handle.close()
    let new = try Self.digest(lineup)
    let before = try scratch.bytes("dealer.json")
    let refused = try BinaryRunner.run(["--store", store, "builds"])
    #expect(refused.status == 1)
    #expect(refused.stdout.isEmpty)
    #expect(
      refused.stderr
        == "configurator: store '\(store)': catalog '\(lineup)' has changed since it was recorded "
        + "(SHA-256 \(old.prefix(12))…, now \(new.prefix(12))…); give it with --catalog FILE to "
        + "use it as it is now\n")
    #expect(try scratch.bytes("dealer.json") == before)
    // Given again, the file is taken as it is now: one entry, the new digest.
    let again = try BinaryRunner.run(["--catalog", lineup, "--store", store, "builds"])
    #expect(again.status == 0)
    let text = String(decoding: try scratch.bytes("dealer.json"), as: UTF8.self)
    #expect(
      text.contains(
        "\"catalogs\": [\n    " + #"{"path":"\#(lineup)","sha256":"\#(new)"}"# + "\n  ]"))
    #expect(!text.contains(#""sha256":"\#(old)""#))
    // The build made under the old bytes names them; one made now leaves it to the list.
    #expect(text.contains(#""catalog":"\#(old)""#))
    #expect(try BinaryRunner.run(["--store", store, "builds"]).status == 0)
  }

  @Test func aMissingCatalogIsOneLineNamingIt() throws {
    let scratch = try Self.scratchWithCatalogs()
    defer { scratch.remove() }
    let store = scratch.path("dealer.json")
    let roadster = URL(fileURLWithPath: scratch.path("roadster.uvl")).standardizedFileURL.path
    #expect(
      try BinaryRunner.run(["--catalog", roadster, "--store", store, "build", "roadster"]).status
        == 0)
    try FileManager.default.removeItem(atPath: roadster)
    let before = try scratch.bytes("dealer.json")
    let refused = try BinaryRunner.run(["--store", store, "--format", "json", "builds"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains(
        "store '\(store)': catalog '\(roadster)' is missing; give the catalogs with --catalog FILE"
      ))
    #expect(refused.stderr.split(separator: "\n").count == 1)
    #expect(try scratch.bytes("dealer.json") == before)
  }

  @Test func catalogLoadAtThePromptIsRemembered() throws {
    let scratch = try Self.scratchWithCatalogs()
    defer { scratch.remove() }
    let store = scratch.path("dealer.json")
    let lineup = scratch.path("lineup.json")
    let first = try BinaryRunner.run(
      ["--clean", "--store", store], stdin: "catalog load \(lineup)\ncatalog load \(lineup)\n")
    // Loaded twice: refused the second time, by any path; remembered once.
    #expect(first.status == 1)
    #expect(
      first.stderr
        == "configurator: line 2: catalog '\(lineup)' is loaded already (its models are in force; "
        + "to take a changed file, start again with --catalog FILE)\n")
    let text = String(decoding: try scratch.bytes("dealer.json"), as: UTF8.self)
    #expect(text.components(separatedBy: "lineup.json").count == 2)
    let second = try BinaryRunner.run(["--store", store, "build", "hatch"])
    #expect(second.status == 0)
    #expect(second.stdout.contains("Build #1"))
  }

  @Test func anOldStoreOfACatalogModelStillOpensAndThenRemembersIt() throws {
    let scratch = try Self.scratchWithCatalogs()
    defer { scratch.remove() }
    try scratch.write(
      """
      {
        "format": "configurator-session",
        "version": 2,
        "builds": [
          {"number":1,"model":"van","options":{},"price":"41200.00","values":["paint=white"],"choices":[]}
        ],
        "nextBuild": 2,
        "stock": [],
        "currency": "USD",
        "rates": {"base":"EUR","source":"ECB euro reference rates","rates":[{"quote":"USD","value":"1.0411","date":"2025-02-28","source":"ECB euro reference rates"}],"overrides":[]}
      }

      """, to: "old.json")
    let store = scratch.path("old.json")
    let without = try BinaryRunner.run(["--store", store, "builds"])
    #expect(without.status == 1)
    #expect(
      without.stderr.contains(
        "builds[0].model: unknown model 'van' (models: compact, sports, suv); is its catalog missing?"
      ))
    let with = try BinaryRunner.run([
      "--catalog", scratch.path("lineup.json"), "--store", store, "builds",
    ])
    #expect(with.status == 0)
    #expect(with.stdout.contains("VW Transporter"))
    let later = try BinaryRunner.run(["--store", store, "builds"])
    #expect(later.status == 0)
    #expect(later.stdout.contains("VW Transporter"))
  }

  @Test func theCatalogListRoundTripsAndABadDigestIsRefused() throws {
    let harness = SessionHarness()
    try harness.run("catalog load \(Self.lineup.path)")
    try harness.run("build van")
    let bytes = SessionFile.encode(harness.session.state)
    let catalogs = try Catalogs.starting(clean: false).loading(
      Self.lineup.path, in: ProcessEnvironment()
    ).catalogs
    let decoded = try SessionFileDecoder(file: "d.json", catalogs: catalogs).decode(bytes)
    #expect(decoded.catalogs == harness.session.state.catalogs.files)
    #expect(decoded.catalogs.map(\.sha256) == [try Self.digest(Self.lineup.path)])
    #expect(SessionFile.encode(decoded, sources: catalogs.modelSources) == bytes)
    let text = String(decoding: bytes, as: UTF8.self)
      .replacingOccurrences(of: #""sha256":""#, with: #""sha256":"X"#)
    #expect(throws: SessionFileError.self) {
      _ = try SessionFileDecoder(file: "d.json", catalogs: catalogs).decode(Array(text.utf8))
    }
    do {
      _ = try SessionFileDecoder(file: "d.json", catalogs: catalogs).decode(Array(text.utf8))
    } catch {
      #expect(
        error.description
          == "d.json: catalogs[0].sha256: expected 64 lower-case hexadecimal digits")
    }
  }
}
