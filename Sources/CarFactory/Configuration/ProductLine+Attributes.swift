internal import ConfigurationEngine

extension ProductLine {
  /// A build's total of an attribute (SPEC §13): the model's base value plus the value of
  /// every value the build holds; `price` is the build's price.
  ///
  /// - Parameters:
  ///   - attribute: A declared attribute's id, or `price`.
  ///   - selected: Whether the build holds each value, indexed like ``values``.
  /// - Returns: The exact total, or `nil` for an unknown attribute or a `selected` of the
  ///   wrong length.
  public func total(of attribute: String, selected: [Bool]) -> AttributeTotal? {
    guard selected.count == values.count else { return nil }
    if attribute == Attribute.priceID {
      guard let price = price(of: selected) else { return nil }
      return AttributeTotal(millionths: Int128(price.cents) * 10_000)
    }
    guard attributes.contains(where: { $0.id == attribute }) else { return nil }
    var sum = Int128(baseAttributes[attribute]?.millionths ?? 0)
    for (index, value) in values.enumerated() where selected[index] {
      // Values are below 10^18 and a line has far fewer than 10^19 of them: no overflow.
      sum += Int128(value.attributes[attribute]?.millionths ?? 0)
    }
    return AttributeTotal(millionths: sum)
  }

  /// The decimals totals of an attribute are shown with: the most any of its values was
  /// written with (two for `price`).
  ///
  /// - Parameter attribute: A declared attribute's id, or `price`.
  /// - Returns: 0…6.
  public func displayScale(of attribute: String) -> Int {
    if attribute == Attribute.priceID { return 2 }
    let scales =
      [baseAttributes[attribute]?.scale ?? 0] + values.map { $0.attributes[attribute]?.scale ?? 0 }
    return scales.max() ?? 0
  }
}

/// The quantities a build has a total of (SPEC §13's objectives), each an exact linear term
/// over the engine's literals, so one optimiser answers every attribute: `price` in cents,
/// a declared attribute in units of its finest decimal.
extension ProductLine {
  /// The attributes a build of this line has a total of, by id: `price` when the line prices
  /// builds (every car model; a UVL model with `price` attributes), then each declared one.
  public var totalledAttributes: [String] {
    (pricesBuilds ? [Attribute.priceID] : []) + attributes.map(\.id)
  }

  /// The id of the attribute a user names: the one spelled exactly so, else the first whose
  /// id matches in any case (catalog ids are lower-case; a UVL model's are its attribute names,
  /// where `Price` and `price` may both exist).
  ///
  /// - Parameter name: What the user typed (`weight`, `Weight`).
  /// - Returns: One of ``totalledAttributes``, or `nil`.
  public func attributeID(named name: String) -> String? {
    let ids = totalledAttributes
    if ids.contains(name) { return name }
    let wanted = name.lowercased()
    return ids.first { $0.lowercased() == wanted }
  }

  /// An attribute's total over a build as a linear term, or `nil` for an attribute the line
  /// does not have (or whose weights do not fit: the optimiser then has nothing to answer).
  ///
  /// - Parameter attribute: The attribute's id, as ``attributeID(named:)`` finds it.
  /// - Returns: Each literal's weight when it holds, and the total of a build with none.
  func total(of attribute: String) -> LinearTotal? {
    guard let id = attributeID(named: attribute) else { return nil }
    if id == Attribute.priceID {
      // Cents; packages' coverage is encoded by the literals the charges are on.
      var weights: [Literal: Int64] = [:]
      for charge in charges {
        let (sum, overflow) = weights[charge.literal, default: 0].addingReportingOverflow(
          charge.cents)
        // Catalogs are checked at load so prices add up; an overflow here reads as unpriced.
        guard !overflow else { return nil }
        weights[charge.literal] = sum
      }
      return LinearTotal(weights: weights, constant: basePrice.cents, scale: 2, unit: "")
    }
    guard let declared = attributes.first(where: { $0.id == id }) else { return nil }
    // Every value has at most `scale` decimals, so each divides exactly.
    let scale = displayScale(of: id)
    var divisor: Int64 = 1
    for _ in scale..<AttributeValue.maximumFractionDigits { divisor *= 10 }
    var weights: [Literal: Int64] = [:]
    for value in values {
      guard let number = value.attributes[id], number.millionths != 0 else { continue }
      weights[value.variable.positive] = number.millionths / divisor
    }
    let constant = (baseAttributes[id]?.millionths ?? 0) / divisor
    return LinearTotal(weights: weights, constant: constant, scale: scale, unit: declared.unit)
  }
}

/// An attribute's total over a build: the constant plus the weight of each literal that holds,
/// integers in units of 10^-`scale` of the attribute (cents for price).
struct LinearTotal: Sendable {
  let weights: [Literal: Int64]
  let constant: Int64
  /// The decimals of one unit of the weights.
  let scale: Int
  /// The attribute's unit (`kg`), empty for price and for none.
  let unit: String
}

/// What `build … min=ATTR` and `max=ATTR` ask for: the lowest or highest total of one
/// attribute. Made by ``ProductLine/objective(_:attribute:)``, so it names an attribute the
/// line has.
public struct Objective: Sendable {
  /// Which end of the attribute's range.
  public enum Goal: String, Hashable, Sendable {
    /// The lowest total.
    case min
    /// The highest total.
    case max
  }

  /// Lowest or highest.
  public let goal: Goal
  /// The attribute's id, as the line spells it.
  public let attribute: String
  let total: LinearTotal

  /// The decimals of the totals' unit (2 for price).
  public var scale: Int { total.scale }
  /// The attribute's unit, empty for price and for none.
  public var unit: String { total.unit }
}

extension ProductLine {
  /// The objective of the lowest or highest total of an attribute, or `nil` when the line
  /// has no such attribute.
  public func objective(_ goal: Objective.Goal, attribute: String) -> Objective? {
    guard let id = attributeID(named: attribute) else { return nil }
    return total(of: id).map { Objective(goal: goal, attribute: id, total: $0) }
  }
}
