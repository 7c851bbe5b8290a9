import CatalogFixtures
import Testing

@testable import CarFactory

/// FROM on priced UVL trees, where the bound on the total learns from the feature tree what a
/// value brings with it (`Solver+TreeBound.swift`): each value's FROM is the lowest total of
/// an enumerated valid build holding it, under random choices, with prices on most features
/// (some zero, so that several builds tie) and cross-tree constraints that the tree does not
/// see. Prices to the cent, so that a bound a few cents off shows.
@Suite struct UVLFromPriceTests {
  private static let seeds: [UInt64] = Array(1...80)

  @Test(arguments: seeds)
  func fromIsTheLowestPriceOfAnEnumeratedBuildWithTheValue(seed: UInt64) throws {
    var tree = UVLRandomTree(seed: seed, features: 6...12, constraintCount: 0...3)
    var random = SeededGenerator(state: seed &* 6_364_136_223 &+ 7)
    var cents = [Int64](repeating: 0, count: tree.count)
    for feature in 0..<tree.count where Int.random(in: 0..<4, using: &random) != 0 {
      cents[feature] = Int64.random(in: 0...1_000, using: &random)
      let (dollars, rest) = cents[feature].quotientAndRemainder(dividingBy: 100)
      tree.attributeText[feature] = "price \(dollars)." + (rest < 10 ? "0" : "") + "\(rest)"
    }
    let line = ProductLine(featureModel: try UVLTestSupport.compile(tree.uvl), model: ModelID("t"))
    let configurator = ProductConfigurator(line)
    let names = (0..<tree.count).map(UVLRandomTree.name)
    let feature = try line.values.map { value in try #require(names.firstIndex(of: value.atom)) }
    let valid = Array(tree.validSelections)
    func has(_ mask: Int, _ value: Int) -> Bool { mask & (1 << feature[value]) != 0 }
    func total(_ mask: Int) -> Int64 {
      (0..<tree.count).filter { mask & (1 << $0) != 0 }.reduce(0) { $0 + cents[$1] }
    }
    for attempt in 0..<3 {
      let choices = attempt == 0 ? [] : line.randomChoices(upTo: 2, using: &random)
      let builds = valid.filter { mask in choices.allSatisfy { has(mask, $0.value) == $0.isChosen }
      }
      guard !builds.isEmpty else { continue }
      let report = try configurator.options(choices)
      let from = try #require(report.from, "seed \(seed)\n\(tree.uvl)")
      for entry in report.entries {
        let lowest = builds.filter { has($0, entry.value) }.map(total).min()
        #expect(
          from[entry.value]?.cents == lowest,
          "seed \(seed) choices \(choices) value \(line.values[entry.value].atom)\n\(tree.uvl)")
      }
    }
  }
}
