internal import CarFactory
internal import StockValuation

/// `quote N [CODE]`: a build's price item by item (SPEC §9).
struct Quote {
  /// One line of a quote: the base price, an option, a piece of equipment or a feature.
  struct Item {
    let label: String
    let amount: Price
    /// Why an item adds nothing although it has a surcharge (`in a package`).
    let note: String?
  }

  let build: Int
  /// The car's name (`Porsche Boxster (4WD)`) or the UVL model's title.
  let name: String
  /// The base price first, then every option, equipment and feature with its surcharge.
  let items: [Item]
  /// The build's recorded price: the sum of the items.
  let total: Price
  /// The total in another currency: converted once from the exact USD total.
  let converted: Conversion?

  /// A USD total converted, with the rate used.
  struct Conversion {
    let total: Money
    let rate: AppliedRate
    let rounding: Rounding
  }
}

/// `compare N M`: two builds side by side (SPEC §9).
struct Comparison {
  /// A slot, group or feature whose value differs between the builds.
  struct Difference {
    let group: String
    let first: String
    let second: String
  }

  let first: Int
  let second: Int
  let firstName: String
  let secondName: String
  let firstPrice: Price
  let secondPrice: Price
  let differences: [Difference]
}
