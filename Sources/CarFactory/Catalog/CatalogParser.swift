import Support

/// Reads a catalog file into a validated ``Catalog``, naming the JSON path of every problem.
///
/// The JSON goes through the package's one strict decoding (`StrictJSON`) into the
/// ``CatalogDocument`` schema; this type then checks the document against what the registry
/// knows — parts named must exist, a model may only replace another when asked, prices must
/// add up — and builds the parts and definitions.
struct CatalogParser {
  let source: String
  /// Parts already known (built-ins and earlier catalogs).
  let known: PartPrototypes
  /// Models already registered.
  let models: [ModelID]

  func parse(_ json: [UInt8]) throws(CatalogError) -> Catalog {
    let document: CatalogDocument
    do {
      document = try StrictJSON.decode(CatalogDocument.self, from: json)
    } catch {
      throw CatalogError(source: source, failure: error)
    }
    try checkRoom(for: document)
    var catalog = Catalog(source: source)
    var prototypes = known
    if let parts = document.parts {
      try addParts(parts, to: &catalog, prototypes: &prototypes)
    }
    let declared = try declarations(document)
    var seen: Set<ModelID> = []
    for model in document.models {
      if document.version != 2, let first = model.equipment.first?.path ?? model.rules.first?.path {
        throw fail(first, "equipment and rules need \"version\": 2")
      }
      let definition = try definition(of: model, prototypes: prototypes, attributes: declared)
      guard seen.insert(model.id).inserted else {
        throw fail("\(model.path).id", "model '\(model.id)' is defined twice")
      }
      // Every part was found above, so the family resolves.
      guard let family = PartFamily(definition: definition, prototypes: prototypes) else {
        throw fail(model.path, "a part of model '\(model.id)' is unknown")
      }
      try checkRules(of: model, definition: definition, family: family)
      catalog.models.append(
        .init(definition: definition, family: family, replace: model.replace))
    }
    return catalog
  }

  /// What compiling a choice takes, beyond its decoded JSON: measured, a catalog of 150,000
  /// choices (12 MB) took 185 MB to open, of which at most 50 MB decoding.
  static let choiceCost = 1_024

  /// Refuses a catalog whose choices would not fit in half the address space left under a
  /// limit (`ulimit -v`), before they are compiled: a clear error, never an allocator abort.
  private func checkRoom(for document: CatalogDocument) throws(CatalogError) {
    guard let available = AddressSpace.available else { return }
    var choices = 0
    for model in document.models {
      for group in model.equipment { choices += group.group.choices.count }
    }
    let (need, overflow) = choices.multipliedReportingOverflow(by: Self.choiceCost)
    guard overflow || need > available / 2 else { return }
    throw CatalogError(
      source: source, path: "models",
      reason: "\(choices) choices would take about \(need >> 20) MiB to compile, more than "
        + "half the \(available >> 20) MiB of address space left")
  }

  // MARK: - Parts

  private func addParts(
    _ parts: CatalogParts, to catalog: inout Catalog, prototypes: inout PartPrototypes
  ) throws(CatalogError) {
    func checkNew(_ name: String, in slot: PartSlot, at path: String) throws(CatalogError) {
      let id = PartID(name.lowercased())
      guard !prototypes.contains(id, in: slot) else {
        throw fail("\(path).name", "part '\(id)' already exists in \(slot)")
      }
    }
    for entry in parts.floorplan {
      try checkNew(entry.name, in: .floorplan, at: entry.path)
      let part = FloorplanPart(name: entry.name, seats: entry.seats, enginePosition: entry.engine)
      prototypes.add(part)
      catalog.floorplans.append(part)
    }
    for entry in parts.suspension {
      try checkNew(entry.name, in: .suspension, at: entry.path)
      let part = SuspensionPart(name: entry.name)
      prototypes.add(part)
      catalog.suspensions.append(part)
    }
    for entry in parts.drive {
      try checkNew(entry.name, in: .drive, at: entry.path)
      let part = DrivetrainPart(name: entry.name)
      prototypes.add(part)
      catalog.drivetrains.append(part)
    }
  }

  // MARK: - Attributes

  /// The catalog's attribute declarations, refusing duplicates and a version 1 file.
  private func declarations(_ document: CatalogDocument) throws(CatalogError) -> [Attribute] {
    var declared: [Attribute] = []
    for entry in document.attributes {
      if document.version != 2 {
        throw fail(entry.path, "attributes need \"version\": 2")
      }
      if declared.contains(where: { $0.id == entry.attribute.id }) {
        throw fail("\(entry.path).id", "attribute '\(entry.attribute.id)' is declared twice")
      }
      declared.append(entry.attribute)
    }
    return declared
  }

  /// The values of one object, each id checked against the declarations.
  private func values(_ entry: CatalogAttributeValues, declared: [Attribute])
    throws(CatalogError) -> AttributeValues
  {
    var values: AttributeValues = [:]
    for (id, value) in entry.values {
      guard declared.contains(where: { $0.id == id }) else {
        let names = declared.map(\.id)
        let known =
          id == Attribute.priceID
          ? "; a price is given as basePrice or surcharge"
          : names.isEmpty
            ? " (the catalog declares no attributes)"
            : "\(Suggestion.hint(for: id, in: names)) (declared: \(names.joined(separator: ", ")))"
        throw fail("\(entry.path).\(id)", "unknown attribute '\(id.prefix(40))'\(known)")
      }
      values[id] = value
    }
    return values
  }

  // MARK: - Models

  private func definition(
    of model: CatalogModel, prototypes: PartPrototypes, attributes declared: [Attribute]
  ) throws(CatalogError) -> ModelDefinition {
    let base = try values(model.attributes, declared: declared)
    func resolvedDefault(_ slot: PartSlot) throws(CatalogError) -> PartID {
      try knownPart(
        model.defaultPart(for: slot), in: slot, at: "\(model.path).\(slot)",
        prototypes: prototypes)
    }
    let floorplan = try resolvedDefault(.floorplan)
    let suspension = try resolvedDefault(.suspension)
    let drive = try resolvedDefault(.drive)
    var alternatives: [ModelDefinition.Alternative] = []
    var total = model.basePrice
    for entry in model.alternatives {
      let part = try knownPart(
        entry.part, in: entry.slot, at: "\(entry.path).part", prototypes: prototypes)
      let defaultPart =
        switch entry.slot {
        case .floorplan: floorplan
        case .suspension: suspension
        case .drive: drive
        }
      if part == defaultPart {
        throw fail("\(entry.path).part", "part '\(part)' is already the default \(entry.slot)")
      }
      if alternatives.contains(where: { $0.slot == entry.slot && $0.part == part }) {
        throw fail("\(entry.path).part", "\(entry.slot) '\(part)' is listed twice")
      }
      // Checked once here, so that no build of this model can overflow its price.
      guard let sum = total.adding(entry.surcharge) else {
        throw fail("\(entry.path).surcharge", "prices add up to more than the largest amount")
      }
      total = sum
      alternatives.append(
        .init(
          slot: entry.slot, part: part, surcharge: entry.surcharge,
          attributes: try values(entry.attributes, declared: declared)))
    }
    var equipment: [EquipmentGroup] = []
    for group in model.equipment {
      var choices: [EquipmentGroup.Choice] = []
      for (index, choice) in group.group.choices.enumerated() {
        let attributes = try values(group.attributes[index], declared: declared)
        var made = EquipmentGroup.Choice(
          id: choice.id, name: choice.name, surcharge: choice.surcharge,
          includes: choice.includes, attributes: attributes)
        made.effectivity = choice.effectivity
        choices.append(made)
        guard let sum = total.adding(choice.surcharge) else {
          throw fail(
            "\(group.path).choices[\(index)].surcharge",
            "prices add up to more than the largest amount")
        }
        total = sum
      }
      equipment.append(
        EquipmentGroup(
          id: group.group.id, selection: group.group.selection,
          defaultChoice: group.group.defaultChoice, choices: choices))
    }
    if !model.replace, models.contains(model.id) {
      throw fail(
        "\(model.path).id",
        "model '\(model.id)' already exists; set \"replace\": true to replace it")
    }
    var definition = ModelDefinition(
      id: model.id, carType: model.carType, basePrice: model.basePrice, floorplan: floorplan,
      suspension: suspension, drive: drive, alternatives: alternatives,
      equipment: equipment, rules: model.rules.map(\.rule), attributes: declared,
      baseAttributes: base)
    definition.effectivity = model.effectivity
    return definition
  }

  /// Compiles a model's equipment and rules for the engine, refusing unknown atoms, bad
  /// expressions, package cycles and a model with no valid build.
  private func checkRules(of model: CatalogModel, definition: ModelDefinition, family: PartFamily)
    throws(CatalogError)
  {
    let line: ProductLine
    do {
      line = try ProductLine(factory: CatalogCarFactory(definition: definition, family: family))
    } catch {
      throw fail(error.path.isEmpty ? model.path : "\(model.path).\(error.path)", error.reason)
    }
    switch ProductConfigurator(line).buildExists() {
    case .some(true): return
    case .some(false):
      let rules = (try? ProductConfigurator(line).lint().conflict) ?? []
      let cause =
        rules.count == 1
        ? " (rule '\(rules[0])' excludes every build)"
        : rules.isEmpty ? "" : " (rules \(rules.joined(separator: ", ")) conflict)"
      throw fail(model.path, "model '\(model.id)' has no valid build\(cause)")
    case .none:
      throw fail(model.path, "model '\(model.id)' is too hard to check within the time limit")
    }
  }

  private func knownPart(
    _ text: String, in slot: PartSlot, at path: String, prototypes: PartPrototypes
  ) throws(CatalogError) -> PartID {
    let id = PartID(text.lowercased())
    guard prototypes.contains(id, in: slot) else {
      let names = prototypes.ids(in: slot).map(\.rawValue)
      throw fail(
        path,
        "unknown part '\(text)'\(Suggestion.hint(for: text, in: names)) "
          + "(\(slot) parts: \(names.joined(separator: ", ")))")
    }
    return id
  }

  private func fail(_ path: String, _ reason: String) -> CatalogError {
    CatalogError(source: source, path: path, reason: reason)
  }
}
