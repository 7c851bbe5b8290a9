/// The built-in catalog (SPEC §2, table 10-2 of the source chapter). Prices are sample list
/// prices in USD, not real ones.
enum BuiltInModels {
  static let compact = ModelDefinition(
    id: .compact, carType: "VW Golf", basePrice: Price(cents: 28_500_00),
    floorplan: "standard", suspension: "standard", drive: "front",
    alternatives: [
      .init(slot: .suspension, part: "firm", surcharge: Price(cents: 1_250_00)),
      .init(slot: .drive, part: "4wd", surcharge: Price(cents: 2_400_00)),
    ])

  static let sports = ModelDefinition(
    id: .sports, carType: "Porsche Boxster", basePrice: Price(cents: 72_900_00),
    floorplan: "short", suspension: "firm", drive: "rear",
    alternatives: [
      // The chapter's own change to the sports car.
      .init(slot: .drive, part: "4wd", surcharge: Price(cents: 3_650_00))
    ])

  static let suv = ModelDefinition(
    id: .suv, carType: "Cadillac Escalade", basePrice: Price(cents: 89_990_00),
    floorplan: "long", suspension: "soft", drive: "4wd")

  /// The built-in models in catalog order, each with its singleton factory.
  static var factories: [any CarPartsFactory] {
    [CompactCarFactory.shared, SportsCarFactory.shared, SUVFactory.shared]
  }
}
