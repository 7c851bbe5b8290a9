import CarFactory
import CatalogFixtures
import Foundation
import Testing

@testable import Dealership
@testable import configurator

/// The working car (SPEC §11) on generated catalogs, against the brute-force enumeration of
/// ``CatalogReference`` (which reads the catalog's meaning, not its clauses): after any random
/// sequence of changes, undos, redos and fixes, every running price is the price of the build
/// the reference makes of the car's choices, a refused change really has no build, each way
/// out leads to a build at the price it shows and drops no choice it could keep, and `done`
/// records the build a fresh `build` makes of the same choices.
@Suite struct WorkingCarDifferentialTests {
  private static let seeds: [UInt64] = Array(1...80)

  private struct Case {
    let harness: SessionHarness
    let line: ProductLine
    let reference: CatalogReference

    init(seed: UInt64) throws {
      let registry = CarRegistry()
      let definition = try RandomCatalog.register(seed: seed, in: registry)
      harness = SessionHarness(format: .json, registry: registry)
      line = try registry.productLine(for: definition.id)
      reference = CatalogReference(definition: definition, line: line)
    }

    /// The choices of atoms as the car keeps them (`g0=c1`, `-drive=4wd`).
    func choices(_ atoms: [String]) -> [Choice] {
      atoms.compactMap { atom in
        let negative = atom.hasPrefix("-")
        let name = negative ? String(atom.dropFirst()) : atom
        return line.valueIndex(forAtom: name).map { Choice(value: $0, isChosen: !negative) }
      }
    }

    /// The price in cents of the build the reference makes of atoms, nil if it makes none.
    func price(_ atoms: [String]) -> Int64? {
      reference.closest(with: choices(atoms))?.cents
    }
  }

  private static func object(_ text: String) -> [String: Any] {
    let first = text.split(separator: "\n").first.map(String.init) ?? ""
    return (try? JSONSerialization.jsonObject(with: Data(first.utf8))) as? [String: Any] ?? [:]
  }

  private static func cents(_ value: Any?) -> Int64? {
    ((value as? [String: Any])?["minorUnits"] as? NSNumber)?.int64Value
  }

  @Test(arguments: seeds)
  func randomWalksAgreeWithTheEnumeration(seed: UInt64) throws {
    _ = try Self.walk(seed: seed)
  }

  /// The walks meet conflicts and take their ways out, so the checks on them are exercised.
  @Test func walksMeetConflictsAndTakeWaysOut() throws {
    let refusals = try Self.seeds.prefix(20).reduce(0) { $0 + (try Self.walk(seed: $1)) }
    #expect(refusals >= 10)
  }

  /// A walk of 30 random changes on the model of a seed, each checked; returns how many
  /// changes were refused.
  private static func walk(seed: UInt64) throws -> Int {
    let test = try Case(seed: seed)
    let atoms = test.line.values.map(\.atom)
    var random = SeededGenerator(state: seed &* 104_729)
    guard !test.reference.builds.isEmpty else {
      // A model with no build at all: the car cannot be opened, and says why.
      #expect(test.harness.error("configure random") != nil, "seed \(seed)")
      return 0
    }
    let opened = Self.object(try test.harness.run("configure random"))
    #expect(Self.cents(opened["price"]) == test.price([]), "seed \(seed)")
    var choices: [String] = []
    var refusals = 0
    for step in 0..<30 {
      let roll = Int.random(in: 0..<20, using: &random)
      let line: String
      switch roll {
      case 0..<10: line = "+" + (atoms.randomElement(using: &random) ?? "")
      case 10..<13: line = "-" + (atoms.randomElement(using: &random) ?? "")
      case 13..<15 where !choices.isEmpty:
        line = "drop " + (choices.randomElement(using: &random) ?? "")
      case 15..<18: line = "undo"
      default: line = "redo"
      }
      let context = "seed \(seed) step \(step): \(line) on \(choices)"
      let waysBefore = test.harness.session.state.car?.waysOut ?? []
      guard let text = try? test.harness.run(line) else {
        // Refused as a command (nothing to undo or redo): the car is as it was.
        #expect(line == "undo" || line == "redo", "\(context)")
        #expect(test.harness.session.state.car?.choices == choices, "\(context)")
        #expect(test.harness.session.state.car?.waysOut == waysBefore, "\(context)")
        continue
      }
      let reply = Self.object(text)
      let after = reply["choices"] as? [String] ?? []
      if reply["event"] as? String == "refused" {
        refusals += 1
        // The car is as it was, and the choices in conflict really have no build.
        #expect(after == choices, "\(context)")
        let conflict = reply["conflict"] as? [String: Any] ?? [:]
        let cited = conflict["choices"] as? [String] ?? []
        #expect(!cited.isEmpty && test.price(cited) == nil, "\(context): \(cited)")
        try checkWaysOut(test, reply: reply, context: context, random: &random)
        choices = test.harness.session.state.car?.choices ?? []
        continue
      }
      #expect(reply["event"] as? String == "changed", "\(context)")
      choices = after
      // The running price is the reference's price of the build of these choices.
      #expect(test.price(choices) != nil, "\(context): no build holds \(choices)")
      #expect(Self.cents(reply["price"]) == test.price(choices), "\(context)")
    }
    // `done` records what a fresh `build` makes of the same choices.
    let shown = Self.object(try test.harness.run("car"))
    #expect(shown["choices"] as? [String] == choices)
    var recorded = Self.object(try test.harness.run("done"))
    let spelled = choices.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
    var fresh = Self.object(try test.harness.run("build random \(spelled)"))
    #expect(recorded["type"] as? String == "build" && fresh["type"] as? String == "build")
    #expect(Self.cents(recorded["price"]) == test.price(choices), "seed \(seed)")
    recorded["build"] = nil
    fresh["build"] = nil
    #expect(NSDictionary(dictionary: recorded) == NSDictionary(dictionary: fresh), "seed \(seed)")
    #expect(test.harness.session.state.car == nil)
    return refusals
  }

  /// Each way out of the conflict just refused leads to a build at the price it shows, and
  /// drops no choice it could keep; then one of them (or none) is taken.
  private static func checkWaysOut(
    _ test: Case, reply: [String: Any], context: String, random: inout SeededGenerator
  ) throws {
    let ways = test.harness.session.state.car?.waysOut ?? []
    let shown = (reply["conflict"] as? [String: Any])?["waysOut"] as? [[String: Any]] ?? []
    #expect(ways.count == shown.count && !ways.isEmpty, "\(context)")
    #expect(ways.last?.dropped == [] && ways.last?.choices == reply["choices"] as? [String])
    for (way, offered) in zip(ways, shown) {
      #expect(offered["drop"] as? [String] == way.dropped, "\(context)")
      // Sufficient: the choices it leaves have a build, at the price shown.
      #expect(Self.cents(offered["price"]) == test.price(way.choices), "\(context): \(way)")
      guard !way.dropped.isEmpty else { continue }
      // Minimal: keeping any one of the dropped choices as well leaves no build.
      for kept in way.dropped {
        #expect(test.price(way.choices + [kept]) == nil, "\(context): \(way) need not drop \(kept)")
      }
    }
    guard Int.random(in: 0..<4, using: &random) != 0 else { return }
    let take = Int.random(in: 1...max(ways.count, 1), using: &random)
    let fixed = Self.object(try test.harness.run("fix \(take)"))
    let way = ways[take - 1]
    #expect(fixed["choices"] as? [String] == way.choices, "\(context): fix \(take)")
    #expect(Self.cents(fixed["price"]) == test.price(way.choices), "\(context): fix \(take)")
  }
}
