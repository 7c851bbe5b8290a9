/// The cars of a product line with part slots: a build's values made into parts by the
/// model's factory, from prototypes.
extension ProductLine {
  /// The values a recorded build holds: a part in every slot (the chosen one, else the
  /// default) and the values its atoms name.
  ///
  /// - Parameters:
  ///   - options: The parts chosen per slot (see ``Car/options``).
  ///   - atoms: The other values it holds (`paint=red`, a UVL feature's name).
  /// - Returns: Their indices in ``values``, ascending; `nil` when the line no longer has
  ///   one of them.
  public func selection(options: PartChoices, atoms: [String]) -> [Int]? {
    var selected: [Int] = []
    for group in groups {
      guard case .slot(let slot) = group.kind else { continue }
      let part =
        options[slot]
        ?? group.values.first { values[$0].isDefault }.map {
          PartID(valueName(of: $0))
        }
      guard let part, let value = valueIndex(forAtom: "\(slot)=\(part)") else { return nil }
      selected.append(value)
    }
    for atom in atoms {
      guard let value = valueIndex(forAtom: atom) else { return nil }
      selected.append(value)
    }
    return selected.sorted()
  }

  /// How a build holding these values is recorded: the parts it chose instead of a slot's
  /// default, and the atoms of its other values (equipment, UVL features), in line order —
  /// what ``selection(options:atoms:)`` reads back.
  ///
  /// - Parameter selected: The build's values, as indices into ``values``.
  /// - Returns: The parts chosen and the other values' atoms.
  public func record(of selected: [Int]) -> (options: PartChoices, atoms: [String]) {
    var options = PartChoices.none
    var atoms: [String] = []
    for value in selected.sorted() where value >= 0 && value < values.count {
      let entry = values[value]
      if case .slot(let slot) = groups[entry.group].kind {
        if !entry.isDefault { options[slot] = PartID(valueName(of: value)) }
      } else {
        atoms.append(entry.atom)
      }
    }
    return (options, atoms)
  }

  /// The car of a build holding these values: its parts made by the model's factory, its
  /// equipment in catalog order (a package's members marked as included), and its price.
  ///
  /// - Parameters:
  ///   - selected: The build's values, as indices into ``values``.
  ///   - price: The build's price.
  /// - Returns: The car, or `nil` for a line without part slots (a UVL model).
  /// - Throws: ``BuildError`` if the factory refuses a part (a catalog out of step).
  public func makeCar(holding selected: [Int], price: Price) throws(BuildError) -> Car? {
    guard let factory else { return nil }
    var held = [Bool](repeating: false, count: values.count)
    for value in selected where value >= 0 && value < values.count { held[value] = true }
    var options = PartChoices.none
    var equipment: [Car.Equipment] = []
    for value in values.indices where held[value] {
      let entry = values[value]
      let group = groups[entry.group]
      switch group.kind {
      case .slot(let slot):
        if !entry.isDefault { options[slot] = PartID(valueName(of: value)) }
      case .one, .any:
        equipment.append(
          Car.Equipment(
            group: group.name, choice: valueName(of: value), name: entry.name,
            isDefault: entry.isDefault, isIncluded: entry.coveredBy.contains { held[$0] }))
      case .feature:
        break
      }
    }
    return try Car(factory: factory, options: options).equipped(equipment, price: price)
  }
}
