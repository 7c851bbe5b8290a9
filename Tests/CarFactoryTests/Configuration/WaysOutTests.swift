import CatalogFixtures
import Testing

@testable import CarFactory

/// The ways out of a conflict (issue 52: the User Guide promises the fewest changes first,
/// then the cheapest), against ``CatalogReference/waysOut(dropping:keeping:limit:)``, which
/// tries every subset of the choices on the enumerated builds: on the working car, a change
/// that conflicts offers the smallest sets of the earlier choices to drop, cheapest first
/// among equals; `build` orders its corrections the same way.
@Suite struct WaysOutTests {
  private static let seeds: [UInt64] = Array(1...120) + Array(20_001...20_060)

  private static func configurator(seed: UInt64) throws -> (ProductConfigurator, CatalogReference) {
    let definition =
      seed > 20_000
      ? RandomCatalog.restatedDefinition(seed: seed - 20_000) : RandomCatalog.definition(seed: seed)
    guard let family = PartFamily(definition: definition, prototypes: .builtIn) else {
      throw CatalogError(source: "random \(seed)", path: "", reason: "a part is missing")
    }
    let line = try ProductLine(factory: CatalogCarFactory(definition: definition, family: family))
    let configurator = ProductConfigurator(line)
    configurator.timeLimit = .seconds(60)
    return (configurator, CatalogReference(definition: definition, line: line))
  }

  /// Changes of a working car that conflict: earlier choices that hold together, then one
  /// more that does not. Every other case first rules out all but one value of a slot or a
  /// `one` group, as in the issue, and then the last: each value ruled out is a way out.
  private static func conflictingChanges(
    _ line: ProductLine, _ reference: CatalogReference, seed: UInt64
  ) -> [(earlier: [Choice], added: Choice)] {
    var random = RandomCatalog.Generator(state: seed &* 0x5A17_0052)
    var changes: [([Choice], Choice)] = []
    let exclusive = line.groups.filter { group in
      group.values.count >= 2 && group.kind != .any && group.kind != .feature
    }
    for round in 0..<4 {
      var earlier: [Choice] = []
      if round % 2 == 0, let group = exclusive.randomElement(using: &random) {
        let values = group.values.shuffled(using: &random)
        let ruledOut = values.map { Choice(value: $0, isChosen: false) }
        let others = line.randomChoices(upTo: 2, using: &random).filter { choice in
          !group.values.contains(choice.value)
        }
        earlier = others + ruledOut.dropLast()
        if let last = ruledOut.last, !reference.builds(with: earlier).isEmpty {
          changes.append((earlier, last))
        }
        continue
      }
      for _ in 0..<Int.random(in: 1...5, using: &random) {
        let value = Int.random(in: 0..<line.values.count, using: &random)
        let choice = Choice(value: value, isChosen: Bool.random(using: &random))
        guard !earlier.contains(where: { $0.value == value }),
          !reference.builds(with: earlier + [choice]).isEmpty
        else { continue }
        earlier.append(choice)
      }
      let conflicting = line.values.indices.flatMap { value in
        [true, false].map { Choice(value: value, isChosen: $0) }
      }.filter { choice in
        !earlier.contains { $0.value == choice.value }
          && reference.builds(with: earlier + [choice]).isEmpty
      }
      if let added = conflicting.randomElement(using: &random) { changes.append((earlier, added)) }
    }
    return changes
  }

  @Test(arguments: seeds)
  func aConflictingChangeOffersTheFewestThenCheapestWaysOut(seed: UInt64) throws {
    let (configurator, reference) = try Self.configurator(seed: seed)
    guard !reference.builds.isEmpty else { return }
    for (earlier, added) in Self.conflictingChanges(configurator.line, reference, seed: seed) {
      let before = try configurator.firstStep(earlier)
      do {
        _ = try configurator.step(from: before, to: earlier + [added])
        Issue.record("seed \(seed): a conflicting change was applied")
      } catch {
        guard case .conflict(let conflict) = error else { throw error }
        let found = conflict.corrections.map {
          CatalogReference.WayOut(drop: $0.drop, cents: $0.price?.cents)
        }
        let expected = reference.waysOut(dropping: earlier, keeping: [added], limit: 3)
        #expect(found == expected, "seed \(seed): \(earlier) + \(added)")
      }
    }
  }

  /// The generated changes often have two ways out of one size at different prices, so the
  /// order by price is put to the test, and often more than three ways out in all.
  @Test func theChangesPutTheOrderByPriceToTheTest() throws {
    var priced = 0
    for seed in Self.seeds {
      let (configurator, reference) = try Self.configurator(seed: seed)
      guard !reference.builds.isEmpty else { continue }
      for (earlier, added) in Self.conflictingChanges(configurator.line, reference, seed: seed) {
        let ways = reference.waysOut(dropping: earlier, keeping: [added], limit: .max)
        let sizes = Dictionary(grouping: ways, by: \.drop.count)
        if sizes.values.contains(where: { Set($0.map(\.cents)).count > 1 }) { priced += 1 }
      }
    }
    #expect(priced > 25)
  }

  @Test(arguments: seeds)
  func buildOrdersItsCorrectionsTheSameWay(seed: UInt64) throws {
    let (configurator, reference) = try Self.configurator(seed: seed)
    guard !reference.builds.isEmpty else { return }
    var random = RandomCatalog.Generator(state: seed &* 0xB011_D052)
    for _ in 0..<4 {
      let choices = configurator.line.randomChoices(upTo: 5, using: &random)
      guard reference.builds(with: choices).isEmpty else { continue }
      do {
        _ = try configurator.build(choices)
        Issue.record("seed \(seed): conflicting choices were built")
      } catch {
        guard case .conflict(let conflict) = error else { throw error }
        let found = conflict.corrections.map {
          CatalogReference.WayOut(drop: $0.drop, cents: $0.price?.cents)
        }
        #expect(
          found == reference.waysOut(dropping: choices, keeping: [], limit: 3),
          "seed \(seed): \(choices)")
      }
    }
  }

  /// The issue's own car: base $10,000, rear drive by default, front +$500, 4WD +$1,000.
  /// With front and rear ruled out, ruling out 4WD too leaves two ways out; keeping rear
  /// ($10,000) is cheaper than keeping front ($10,500), so it comes first.
  @Test func theIssuesCarOffersRearDriveFirst() throws {
    let definition = ModelDefinition(
      id: "m", carType: "M", basePrice: Price(cents: 10_000_00), floorplan: "standard",
      suspension: "standard", drive: "rear",
      alternatives: [
        .init(slot: .drive, part: "front", surcharge: Price(cents: 500_00)),
        .init(slot: .drive, part: "4wd", surcharge: Price(cents: 1_000_00)),
      ])
    let family = try #require(PartFamily(definition: definition, prototypes: .builtIn))
    let line = try ProductLine(factory: CatalogCarFactory(definition: definition, family: family))
    let configurator = ProductConfigurator(line)
    func ruledOut(_ atom: String) throws -> Choice {
      Choice(value: try #require(line.valueIndex(forAtom: atom)), isChosen: false)
    }
    let earlier = [try ruledOut("drive=front"), try ruledOut("drive=rear")]
    let before = try configurator.firstStep(earlier)
    let added = try ruledOut("drive=4wd")
    do {
      _ = try configurator.step(from: before, to: earlier + [added])
      Issue.record("the change was applied")
    } catch {
      guard case .conflict(let conflict) = error else { throw error }
      #expect(conflict.corrections.map(\.drop) == [[earlier[1]], [earlier[0]]])
      #expect(
        conflict.corrections.map(\.price) == [Price(cents: 10_000_00), Price(cents: 10_500_00)])
    }
  }
}
