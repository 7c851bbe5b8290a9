import CatalogFixtures
import Testing

@testable import CarFactory

/// What a UVL build calls forced (`Features: N selected (C chosen, F forced, D by default)`),
/// checked on random trees against their selections enumerated directly from the tree rules
/// (``UVLRandomTree/validSelections``), never through the engine: a value is forced when the
/// build holds it, the user did not choose it, and every valid selection with the choices
/// has it, whether the choices or the model itself force it.
@Suite struct UVLBuildForcedTests {
  @Test(arguments: 0..<60)
  func forcedValuesAreThoseEveryValidSelectionWithTheChoicesHas(seed: Int) throws {
    let tree = UVLRandomTree(seed: UInt64(seed), features: 3...10)
    let valid = tree.validSelections
    guard !valid.isEmpty else { return }
    let line = ProductLine(
      featureModel: try UVLTestSupport.compile(tree.uvl), model: ModelID("tree"))
    let names = (0..<tree.count).map(UVLRandomTree.name)
    let feature = try line.values.map { value in
      try #require(names.firstIndex(of: value.atom))
    }
    func has(_ mask: Int, _ value: Int) -> Bool { mask & (1 << feature[value]) != 0 }

    // Choices taken from one valid selection, so they are consistent.
    var random = SeededGenerator(state: UInt64(seed))
    let witness = try #require(valid.sorted().randomElement(using: &random))
    var choices: [Choice] = []
    for value in line.values.indices where Int.random(in: 0..<4, using: &random) == 0 {
      choices.append(Choice(value: value, isChosen: has(witness, value)))
    }
    let remaining = valid.filter { mask in
      choices.allSatisfy { has(mask, $0.value) == $0.isChosen }
    }
    let chosen = Set(choices.filter(\.isChosen).map(\.value))
    let expected = Set(
      line.values.indices.filter { value in
        !chosen.contains(value) && remaining.allSatisfy { has($0, value) }
      })

    let build = try ProductConfigurator(line).build(choices)
    #expect(Set(build.forced) == expected, "seed \(seed):\n\(tree.uvl)")
    #expect(build.forced.allSatisfy { build.selected[$0] })
  }
}
