import Foundation
import Testing

@testable import CarFactory

/// The sample catalog users are pointed to (`Examples/catalog.json`) must stay loadable.
@Suite struct ExampleCatalogTests {
  private static var examplePath: String {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Examples/catalog.json").path
  }

  @Test func exampleCatalogLoadsAndItsVanBuildsWithOptions() throws {
    let path = Self.examplePath
    try #require(FileManager.default.fileExists(atPath: path), "missing \(path)")
    let registry = CarRegistry()
    try registry.loadCatalog(contentsOf: path)
    #expect(registry.modelIDs == ["compact", "sports", "suv", "van"])
    // Values from the example file itself: $41,200.00 + air $1,800.00 + 4wd $2,900.00.
    let van = try Car(
      model: "van", options: PartChoices(suspension: "air", drive: "4wd"), registry: registry)
    #expect(van.carType == "VW Transporter")
    #expect(van.floorplan.seats == 9)
    #expect(van.price.description == "$45,900.00")
    #expect(van.displayName == "VW Transporter (Air, 4WD)")
    // The example replaces the SUV, keeping its price and adding air suspension.
    let suv = try Car(model: "suv", options: PartChoices(suspension: "air"), registry: registry)
    #expect(suv.price.description == "$92,490.00")
  }
}
