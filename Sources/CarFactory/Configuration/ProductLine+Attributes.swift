internal import ConfigurationEngine

/// The quantities a build has a total of (SPEC §13's objectives), each an exact linear term
/// over the engine's literals: so one optimiser answers every attribute. Only `price` today:
/// an attribute added to catalogs plugs in by a case of ``total(of:)``.
extension ProductLine {
  /// The attributes a build of this line has a total of, by name: `price` when the line
  /// prices builds (every car model; a UVL model with `price` attributes).
  public var attributes: [String] { pricesBuilds ? ["price"] : [] }

  /// An attribute's total over a build as a linear term, or `nil` for an attribute the line
  /// does not have.
  ///
  /// - Parameter attribute: The attribute's name, as ``attributes`` spells it (any case).
  /// - Returns: Each literal's weight when it holds, and the total of a build with none.
  func total(of attribute: String) -> LinearTotal? {
    guard attributes.contains(attribute.lowercased()) else { return nil }
    // `price`: cents; packages' coverage is encoded by the literals the charges are on.
    var weights: [Literal: Int64] = [:]
    for charge in charges {
      let (sum, overflow) = weights[charge.literal, default: 0].addingReportingOverflow(
        charge.cents)
      // Catalogs are checked at load so prices add up; an overflow here reads as unpriced.
      guard !overflow else { return nil }
      weights[charge.literal] = sum
    }
    return LinearTotal(weights: weights, constant: basePrice.cents)
  }
}

/// An attribute's total over a build: the constant plus the weight of each literal that holds
/// (integers in the attribute's smallest unit: cents for price).
struct LinearTotal: Sendable {
  let weights: [Literal: Int64]
  let constant: Int64
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
  /// The attribute's name, lower-cased.
  public let attribute: String
  let total: LinearTotal
}

extension ProductLine {
  /// The objective of the lowest or highest total of an attribute, or `nil` when the line
  /// has no such attribute.
  public func objective(_ goal: Objective.Goal, attribute: String) -> Objective? {
    total(of: attribute).map { Objective(goal: goal, attribute: attribute.lowercased(), total: $0) }
  }
}
