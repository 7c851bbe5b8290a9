/// What a catalog says about one model: its car type, base price, default part per slot and
/// the alternatives a build may choose, each with its surcharge.
public struct ModelDefinition: Hashable, Sendable {
  /// One part a build may choose instead of the default, and what it adds to the price.
  public struct Alternative: Hashable, Sendable {
    /// The slot the part goes in.
    public let slot: PartSlot
    /// The part chosen.
    public let part: PartID
    /// The amount added to the base price.
    public let surcharge: Price
    /// The attribute values the part brings to a build that takes it (SPEC §13).
    public let attributes: AttributeValues

    /// Creates an alternative.
    ///
    /// - Parameters:
    ///   - slot: The slot the part goes in.
    ///   - part: The part chosen.
    ///   - surcharge: The amount added to the base price.
    ///   - attributes: The part's attribute values.
    public init(
      slot: PartSlot, part: PartID, surcharge: Price, attributes: AttributeValues = [:]
    ) {
      self.slot = slot
      self.part = part
      self.surcharge = surcharge
      self.attributes = attributes
    }
  }

  /// The model's identifier.
  public let id: ModelID
  /// The car type shown in a detail block (`Porsche Boxster`).
  public let carType: String
  /// The price of the model with its default parts.
  public let basePrice: Price
  /// The default part of each slot: all three are always set.
  public var defaults: PartChoices {
    PartChoices(
      floorplan: defaultParts.floorplan, suspension: defaultParts.suspension,
      drive: defaultParts.drive)
  }
  /// The default parts, one per slot by construction.
  private let defaultParts: DefaultParts
  /// The parts a build may choose instead of the defaults, in catalog order.
  public let alternatives: [Alternative]
  /// The equipment groups beyond the part slots, in catalog order (catalog version 2).
  public let equipment: [EquipmentGroup]
  /// The rules between the model's values, in catalog order (catalog version 2).
  public let rules: [ModelRule]
  /// The attributes the model's catalog declares, in declaration order (`price` is implicit).
  public let attributes: [Attribute]
  /// The model's own (base) attribute values, counted in every build.
  public let baseAttributes: AttributeValues
  /// When the model is offered (SPEC §16); always, unless the catalog gives dates.
  public var effectivity: Effectivity = .always

  /// Creates a model definition.
  ///
  /// - Parameters:
  ///   - id: The model's identifier.
  ///   - carType: The car type shown in a detail block.
  ///   - basePrice: The price with the default parts.
  ///   - floorplan: The default floorplan.
  ///   - suspension: The default suspension.
  ///   - drive: The default drivetrain.
  ///   - alternatives: The parts a build may choose instead, with their surcharges.
  ///   - equipment: The equipment groups beyond the part slots.
  ///   - rules: The rules between the model's values.
  ///   - attributes: The attributes the catalog declares.
  ///   - baseAttributes: The model's own attribute values.
  public init(
    id: ModelID,
    carType: String,
    basePrice: Price,
    floorplan: PartID,
    suspension: PartID,
    drive: PartID,
    alternatives: [Alternative] = [],
    equipment: [EquipmentGroup] = [],
    rules: [ModelRule] = [],
    attributes: [Attribute] = [],
    baseAttributes: AttributeValues = [:]
  ) {
    self.id = id
    self.carType = carType
    self.basePrice = basePrice
    self.defaultParts = DefaultParts(floorplan: floorplan, suspension: suspension, drive: drive)
    self.alternatives = alternatives
    self.equipment = equipment
    self.rules = rules
    self.attributes = attributes
    self.baseAttributes = baseAttributes
  }

  /// The default part of a slot.
  ///
  /// - Parameter slot: The slot.
  /// - Returns: The part a build gets when it does not choose one.
  public func defaultPart(for slot: PartSlot) -> PartID {
    switch slot {
    case .floorplan: defaultParts.floorplan
    case .suspension: defaultParts.suspension
    case .drive: defaultParts.drive
    }
  }

  /// The values a build may give for a slot: the default first, then the alternatives.
  ///
  /// - Parameter slot: The slot.
  /// - Returns: The allowed part identifiers.
  public func allowedParts(for slot: PartSlot) -> [PartID] {
    var allowed = [defaultPart(for: slot)]
    for alternative in alternatives where alternative.slot == slot {
      if !allowed.contains(alternative.part) { allowed.append(alternative.part) }
    }
    return allowed
  }

  /// The refusal of a part the model does not offer in a slot: the one place the
  /// ``BuildError/optionNotOffered(slot:value:model:allowed:)`` message is made.
  ///
  /// - Parameters:
  ///   - choice: The part asked for.
  ///   - slot: The slot.
  ///   - allowed: The parts that may be asked for instead; the slot's allowed parts by default.
  /// - Returns: The error naming option, value, model and the allowed values.
  public func refusal(of choice: PartID, in slot: PartSlot, allowed: [PartID]? = nil) -> BuildError
  {
    .optionNotOffered(
      slot: slot, value: choice.rawValue, model: id, allowed: allowed ?? allowedParts(for: slot))
  }

  /// What choosing a part adds to the price: zero for the default, `nil` if not allowed.
  ///
  /// - Parameters:
  ///   - part: The part chosen.
  ///   - slot: The slot it goes in.
  /// - Returns: The surcharge, or `nil` when the model does not offer the part.
  public func surcharge(for part: PartID, in slot: PartSlot) -> Price? {
    if part == defaultPart(for: slot) { return .zero }
    for alternative in alternatives where alternative.slot == slot && alternative.part == part {
      return alternative.surcharge
    }
    return nil
  }
}

/// The default part of each slot of a model: three identifiers, none optional.
private struct DefaultParts: Hashable, Sendable {
  let floorplan: PartID
  let suspension: PartID
  let drive: PartID
}
