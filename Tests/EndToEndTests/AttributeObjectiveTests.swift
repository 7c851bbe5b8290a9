import Foundation
import TestSupport
import Testing

/// `min=`/`max=`/`by=` over a declared attribute (SPEC §13), on a kart whose six valid builds
/// are worked out by hand: weights 120.5 base, 4WD +30.25, roof +12, seat +8.5, and a rule
/// `sum(weight) <= 160`. Rear: 120.5, 132.5, 129, 141; 4WD: 150.75, 159.25 (with the roof,
/// 162.75 and 171.25 break the rule).
@Suite struct AttributeObjectiveTests {
  /// The kart, also the fixture of ``AttributeTotalsTests``.
  static let catalog = """
    {"version": 2, "attributes": [{"id": "weight", "name": "Weight", "unit": "kg"}],
     "models": [{"id": "kart", "carType": "Go Kart", "basePrice": "1500.00",
      "attributes": {"weight": "120.5"},
      "floorplan": "short", "suspension": "firm", "drive": "rear",
      "alternatives": [{"slot": "drive", "part": "4wd", "surcharge": "300.00",
        "attributes": {"weight": "30.25"}}],
      "equipment": [{"group": "extras", "select": "any", "choices": [
         {"id": "roof", "name": "Roof", "surcharge": "100.00", "attributes": {"weight": "12"}},
         {"id": "seat", "name": "Seat", "surcharge": "50.00", "attributes": {"weight": "8.5"}}]}],
      "rules": [{"id": "light", "rule": "sum(weight) <= 160"}]}]}
    """

  private func run(_ words: [String]) throws -> BinaryRunner.Result {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("attribute-objective-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("kart.json")
    try Self.catalog.write(to: file, atomically: true, encoding: .utf8)
    return try BinaryRunner.run(["--clean", "--catalog", file.path] + words)
  }

  @Test func heaviestAndLightestBuildsAreTheHandWorkedOnes() throws {
    let heaviest = try run(["build", "kart", "max=weight"])
    #expect(heaviest.status == 0)
    #expect(heaviest.stdout.contains("Drive: 4WD"))
    #expect(heaviest.stdout.contains("Extras: Seat"))
    #expect(
      heaviest.stdout.hasSuffix(
        "Build #1 has the highest total weight (159.25 kg) of the valid builds with these choices.\n"
      ))
    let lightest = try run(["build", "kart", "min=WEIGHT"])
    #expect(lightest.stdout.hasSuffix("(120.50 kg) of the valid builds with these choices.\n"))
    let roof = try run(["--format", "json", "build", "kart", "extras=roof", "max=weight"])
    #expect(roof.stdout.hasSuffix(#""goal":"max","attribute":"weight","total":"141.00"}"# + "\n"))
  }

  @Test func rangeAndRefusalsNameTheAttribute() throws {
    let range = try run(["options", "kart", "by=weight"])
    #expect(range.stdout.hasSuffix("lowest weight 120.50 kg, highest 159.25 kg\n"))
    let unknown = try run(["build", "kart", "min=mass"])
    #expect(unknown.status != 0)
    #expect(
      unknown.stderr
        == "configurator: build: unknown attribute 'mass' of model 'kart' (attributes: price, weight)\n"
    )
  }
}
