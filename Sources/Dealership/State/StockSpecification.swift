package import CarFactory
package import StockValuation

/// The whole car a stock line holds when it came from a build (SPEC §12): the build's
/// number and its configuration (model, parts, equipment, price, notes, choices), kept with
/// the line so the car is known after the build is removed.
package struct StockSpecification: Hashable {
  /// The build the line was first stocked from (`stock add N`).
  package let build: Int
  let configuration: BuildBook.Configuration

  /// The specification as a build record, numbered as the build it came from.
  package var record: BuildRecord {
    BuildRecord(
      number: build, model: configuration.model, options: configuration.options,
      price: configuration.price, values: configuration.values, notes: configuration.notes,
      carName: configuration.carName, choices: configuration.choices,
      catalog: configuration.catalog)
  }

  /// The specification a saved build record describes.
  package init(_ record: BuildRecord) {
    build = record.number
    configuration = BuildBook.Configuration(
      model: record.model, options: record.options, price: record.price, values: record.values,
      notes: record.notes, carName: record.carName, choices: record.choices,
      catalog: record.catalog)
  }

  /// The specification, made under `catalog` if it recorded no catalog.
  func stamped(_ catalog: String?) -> StockSpecification {
    guard configuration.catalog == nil, let catalog else { return self }
    var configuration = configuration
    configuration.catalog = catalog
    return StockSpecification(build: build, configuration: configuration)
  }

  init(build: Int, configuration: BuildBook.Configuration) {
    self.build = build
    self.configuration = configuration
  }
}
