import CatalogFixtures
import Testing

@testable import CarFactory

/// Prices of UVL models (issue 52): a model whose every price is $0.00 still has a price to
/// minimise and range over, and `avg(price)` counts a feature priced $0.00 as `avg` of any
/// attribute counts a value carrying 0 (SPEC §13). Expected values come from enumerating the
/// optional features' subsets in the test.
@Suite struct UVLPriceTests {
  private static func line(_ text: String) throws -> ProductLine {
    ProductLine(featureModel: try UVLTestSupport.compile(text), model: ModelID("test"))
  }

  @Test func aModelPricedAtZeroMinimisesAndRangesOverPrice() throws {
    let line = try Self.line(
      """
      features
          Cart {price 0.00}
              optional
                  Hood {price 0.00}
                  Basket {price 0.00}
      """)
    #expect(line.pricesBuilds)
    #expect(line.totalledAttributes == ["price"])
    let configurator = ProductConfigurator(line)
    let cheapest = try configurator.build(
      [], optimising: try #require(line.objective(.min, attribute: "price")))
    let dearest = try configurator.build(
      [], optimising: try #require(line.objective(.max, attribute: "price")))
    // Every one of the four builds costs $0.00; the tie goes to the build `build` makes.
    #expect(cheapest.total == 0 && dearest.total == 0)
    #expect(cheapest.configuration.selected == [true, false, false])
    let range = try #require(try configurator.range(of: "price", []))
    #expect(range.lowest == 0 && range.highest == 0)
    let options = try configurator.options([], by: "price")
    #expect(options.range?.lowest == 0 && options.range?.highest == 0)
  }

  /// One average compared with a constant: the attribute, the comparison, the bound.
  struct Average: Sendable, CustomTestStringConvertible {
    let attribute: String
    let comparator: String
    let bound: Int64
    var testDescription: String { "avg(\(attribute)) \(comparator) \(bound)" }
  }

  @Test(arguments: [
    Average(attribute: "price", comparator: ">=", bound: 10),
    Average(attribute: "price", comparator: "<", bound: 8),
    Average(attribute: "price", comparator: "==", bound: 10),
    Average(attribute: "Fee", comparator: ">=", bound: 10),
    Average(attribute: "Fee", comparator: "<", bound: 8),
  ])
  func averagesCountAFeaturePricedAtZero(average: Average) throws {
    // The root's numbers are the base; Hood carries $0.00 and Fee 0, and counts as a carrier
    // of both; Mirror carries a price but no Fee.
    let numbers: [String: [Int64?]] = [
      "price": [10, 0, 20, 30],
      "Fee": [10, 0, 20, nil],
    ]
    let text = """
      features
          Cart {price 10.00, Fee 10}
              optional
                  Hood {price 0.00, Fee 0}
                  Basket {price 20.00, Fee 20}
                  Mirror {price 30.00}
      constraints
          \(average.testDescription)
      """
    let carried = try #require(numbers[average.attribute])
    var expected = 0
    for mask in 0..<8 {
      // The root, then the optional features held (bit i: feature i + 1).
      let held = [true] + (0..<3).map { mask & (1 << $0) != 0 }
      let values = (0..<4).filter { held[$0] }.compactMap { carried[$0] }
      // avg ⋈ bound  ⇔  Σ ⋈ bound · n, the base making n at least 1.
      let (total, scaled) = (values.reduce(0, +), average.bound * Int64(values.count))
      let holds =
        switch average.comparator {
        case "<": total < scaled
        case "==": total == scaled
        default: total >= scaled
        }
      if holds { expected += 1 }
    }
    let count = try ProductConfigurator(try Self.line(text)).count([])
    #expect(count.uint64Value == UInt64(expected))
  }
}
