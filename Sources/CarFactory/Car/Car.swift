/// A configured car: its model, the three parts its factory made, and its price.
public struct Car: Sendable {
  /// The model the car was built from.
  public let model: ModelID
  /// The car type shown in a detail block (`Porsche Boxster`).
  public let carType: String
  /// The floorplan.
  public let floorplan: any Floorplan
  /// The suspension.
  public let suspension: any Suspension
  /// The drivetrain.
  public let drivetrain: any Drivetrain
  /// The parts chosen that differ from the model's defaults.
  public let options: PartChoices
  /// The base price plus the surcharges of the chosen options and equipment.
  public internal(set) var price: Price
  /// The equipment beyond the part slots, in catalog order (catalog version 2).
  public internal(set) var equipment: [Equipment] = []

  /// Builds a car of a model through its factory, with the model's default parts.
  ///
  /// - Parameters:
  ///   - model: The model to build.
  ///   - registry: Where to find the model's factory; the process-wide one by default.
  /// - Throws: ``BuildError/unknownModel(_:known:)`` if no factory is registered for it.
  public init(model: ModelID, registry: CarRegistry = .shared) throws(BuildError) {
    try self.init(model: model, options: .none, registry: registry)
  }

  /// Builds a car of a model through its factory, swapping in chosen parts.
  ///
  /// - Parameters:
  ///   - model: The model to build.
  ///   - options: The parts chosen per slot; `nil` slots take the default.
  ///   - registry: Where to find the model's factory; the process-wide one by default.
  /// - Throws: ``BuildError`` naming the model or the refused option and the allowed values.
  public init(model: ModelID, options: PartChoices, registry: CarRegistry = .shared)
    throws(BuildError)
  {
    try self.init(factory: registry.factory(for: model), options: options)
  }

  /// Builds a car through a given factory, swapping in chosen parts.
  ///
  /// - Parameters:
  ///   - factory: The factory of the model.
  ///   - options: The parts chosen per slot; `nil` slots take the default.
  /// - Throws: ``BuildError`` naming the refused option and the allowed values.
  public init(factory: any CarPartsFactory, options: PartChoices = .none) throws(BuildError) {
    let definition = factory.definition
    var price = definition.basePrice
    var chosen = PartChoices.none
    for slot in PartSlot.allCases {
      guard let choice = options[slot], choice != definition.defaultPart(for: slot) else {
        continue
      }
      guard let surcharge = definition.surcharge(for: choice, in: slot) else {
        throw definition.refusal(of: choice, in: slot)
      }
      guard let sum = price.adding(surcharge) else { throw .priceOverflow(definition.id) }
      price = sum
      chosen[slot] = choice
    }
    self.model = definition.id
    self.carType = definition.carType
    self.floorplan =
      try chosen.floorplan.map { id throws(BuildError) in try factory.makeFloorplan(id) }
      ?? factory.makeFloorplan()
    self.suspension =
      try chosen.suspension.map { id throws(BuildError) in try factory.makeSuspension(id) }
      ?? factory.makeSuspension()
    self.drivetrain =
      try chosen.drive.map { id throws(BuildError) in try factory.makeDrivetrain(id) }
      ?? factory.makeDrivetrain()
    self.options = chosen
    self.price = price
  }

  /// The car type plus its non-default parts, as stock names it: `Porsche Boxster (4WD)`,
  /// `VW Golf (Firm, 4WD)`.
  public var displayName: String {
    let names = chosenNames
    return names.isEmpty ? carType : "\(carType) (\(names.joined(separator: ", ")))"
  }

  /// The most chosen values a ``stockName`` lists.
  public static let stockNameLimit = 3

  /// The car's name on a stock line: ``displayName`` with at most three of its chosen
  /// values, then how many more (`VW Golf (Firm, Kings Red, Vienna Leather, +2 more)`), so
  /// stock tables stay readable; the whole car is in the stock line's specification.
  public var stockName: String {
    let names = chosenNames
    guard names.count > Self.stockNameLimit else { return displayName }
    let shown = names.prefix(Self.stockNameLimit).joined(separator: ", ")
    return "\(carType) (\(shown), +\(names.count - Self.stockNameLimit) more)"
  }

  /// The names of the non-default parts, then of the equipment chosen beyond the defaults.
  private var chosenNames: [String] {
    var names: [String] = []
    if options.floorplan != nil { names.append(floorplan.name) }
    if options.suspension != nil { names.append(suspension.name) }
    if options.drive != nil { names.append(drivetrain.name) }
    for item in equipment where !item.isDefault && !item.isIncluded { names.append(item.name) }
    return names
  }
}
