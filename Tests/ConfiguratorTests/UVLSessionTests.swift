import Foundation
import Testing

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
    )
    #expect(
      harness.failure("build plain Hitch Petrol")
        == "Hitch and Petrol conflict (constraint 9); drop Hitch, or drop Petrol")
  }

  /// A model with prices names them (the roadster's features carry list prices).
  @Test func aModelWithPricesNamesThem() throws {
    let harness = SessionHarness()
    try harness.run("catalog load \(Self.roadster)")
    #expect(
      harness.failure("build roadster Electric Tow_Bar")
        == "Electric and Tow_Bar conflict (constraint 32); drop Electric → $700.00, "
        + "or drop Tow_Bar → $11,700.00")
  }
}
