import Foundation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// UVL models in the session: what a build and a conflict say about price.
@Suite struct UVLSessionTests {
  private static let roadster = examplesFolder.appendingPathComponent("roadster.uvl").path

  /// A model without prices: every build would cost $0.00, so neither the build nor the ways
  /// out of a conflict name a price.
  @Test func aModelWithoutPricesNamesNoPrice() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try scratch.write(
      """
      features
        Car
          alternative
            Petrol
            Diesel
          optional
            Hitch
      constraints
        Hitch => Diesel
      """, to: "plain.uvl")
    let harness = SessionHarness()
    try harness.run("catalog load \(scratch.path("plain.uvl"))")
    let build = try harness.run("build plain Hitch")
    #expect(
      build
        == "Build #1\nModel: plain (Car)\nFeatures: 3 selected (1 chosen, 2 forced, 0 by default)\n"
        + "  Chosen: Hitch\n  Forced: Car, Diesel\n"
    )
    #expect(
      harness.failure("build plain Hitch Petrol")
        == "Hitch and Petrol conflict (constraint 9: Hitch => Diesel); drop Hitch, or drop Petrol")
  }

  /// A quote of a UVL model priced by its features alone lists the priced features and no
  /// "Base price $0.00" line; the total is their sum (400.00 + 1,250.50, worked by hand).
  @Test func aQuoteOfFeaturePricesHasNoEmptyBasePrice() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try scratch.write(
      """
      features
        Car
          alternative
            Petrol {price 400}
            Diesel {price 1250.50}
          optional
            Hitch
      constraints
        Hitch => Diesel
      """, to: "priced.uvl")
    let harness = SessionHarness()
    try harness.run("catalog load \(scratch.path("priced.uvl"))")
    try harness.run("build priced Hitch")
    let quote = try harness.run("quote 1")
    #expect(!quote.contains("Base price"))
    #expect(DealerQuoteTests.squeezed(quote).contains("Diesel $1,250.50\n"))
    #expect(!quote.contains("Hitch"))  // A feature adding nothing says nothing.
    #expect(DealerQuoteTests.squeezed(quote).contains("Total $1,250.50\n"))
  }

  /// A model with prices names them (the roadster's features carry list prices).
  @Test func aModelWithPricesNamesThem() throws {
    let harness = SessionHarness()
    try harness.run("catalog load \(Self.roadster)")
    #expect(
      harness.failure("build roadster Electric Tow_Bar")
        == "Electric and Tow_Bar conflict (constraint 32: Tow_Bar => !Electric); drop Electric → $700.00, "
        + "or drop Tow_Bar → $11,700.00")
  }

  /// A `price` on the root feature is the model's base price (SPEC §11): every build costs
  /// it, the root shows no surcharge, and a model priced only at its root prices its builds.
  @Test func theRootsPriceIsTheBasePrice() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try scratch.write(
      """
      features
        Car {price 20000.00}
          alternative
            Petrol
            Diesel {price 1500.50}
      """, to: "base.uvl")
    try scratch.write(
      """
      features
        Car {price 20000.00}
          optional
            Hitch
      """, to: "flat.uvl")
    let harness = SessionHarness()
    try harness.run("catalog load \(scratch.path("base.uvl"))")
    try harness.run("catalog load \(scratch.path("flat.uvl"))")
    #expect(try harness.run("build base").hasSuffix("Price: $20,000.00\n"))
    #expect(try harness.run("build base Diesel").hasSuffix("Price: $21,500.50\n"))
    let table = try harness.run("options base")
    #expect(
      table == """
        FEATURE   STATE       SURCHARGE        FROM  REASON
        Car       forced                 $20,000.00  by the model
          Petrol  default                $20,000.00
          Diesel  available  +$1,500.50  $21,500.50
        2 valid builds; price $20,000.00 to $21,500.50

        """)
    #expect(try harness.run("build flat Hitch").hasSuffix("Price: $20,000.00\n"))
  }

  /// A UVL build lists its features by how they came to be there (SPEC §11): the marks of
  /// `build` and of `show` agree with `options` under the same choices (chosen, forced, and
  /// the rest of the build by default), for many choices on the roadster.
  @Test func aBuildMarksEachFeatureAsOptionsStatesIt() throws {
    let harness = SessionHarness(format: .json)
    try harness.run("catalog load \(Self.roadster)")
    let choiceSets = [
      "", "Electric", "Hard_Top Climate", "\"Petrol 3L\" Sport_Package", "-Manual",
      "Tow_Bar Heated_Seats", "Wind_Deflector -Heated_Seats",
    ]
    for (index, choices) in choiceSets.enumerated() {
      let build = try Self.object(try harness.run("build roadster \(choices)"))
      let shown = try Self.object(try harness.run("show \(index + 1)"))
      let options = try Self.object(try harness.run("options roadster \(choices)"))
      var states: [String: String] = [:]
      for case let value as [String: Any] in options["values"] as? [Any] ?? [] {
        if let atom = value["atom"] as? String, let state = value["state"] as? String {
          states[atom] = state
        }
      }
      let features = build["features"] as? [String] ?? []
      #expect(!features.isEmpty)
      let chosen = features.filter { states[$0] == "chosen" }
      let forced = features.filter { states[$0] == "forced" }
      let rest = features.filter { states[$0] != "chosen" && states[$0] != "forced" }
      for object in [build, shown] {
        #expect(object["chosenFeatures"] as? [String] == chosen, "\(choices)")
        #expect(object["forcedFeatures"] as? [String] == forced, "\(choices)")
        #expect(object["defaultFeatures"] as? [String] == rest, "\(choices)")
      }
    }
  }

  private static func object(_ line: String) throws -> [String: Any] {
    let data = Data(line.utf8)
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }
}
