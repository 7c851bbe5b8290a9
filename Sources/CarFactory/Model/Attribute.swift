/// A number a catalog declares for its builds (SPEC §13): `weight`, shown as "Weight" in kg.
///
/// Models, part alternatives and equipment choices carry values of it; a build's total is the
/// sum of its values, and rules compare totals (`sum(weight) <= 3500`). `price` is an
/// attribute too, implicitly, and needs no declaration.
public struct Attribute: Hashable, Sendable {
  /// The id rules and objectives use (`weight`): lower-case letters, digits and `-`.
  public let id: String
  /// The name detail blocks show (`Weight`).
  public let name: String
  /// The unit shown after a total (`kg`); empty for none.
  public let unit: String

  /// The attribute every build has: the price, in dollars.
  public static let priceID = "price"

  /// Creates a declaration.
  ///
  /// - Parameters:
  ///   - id: The id rules use.
  ///   - name: The name detail blocks show.
  ///   - unit: The unit, or empty.
  public init(id: String, name: String, unit: String = "") {
    self.id = id
    self.name = name
    self.unit = unit
  }
}

/// The attribute values one model, alternative or choice carries, by attribute id.
public typealias AttributeValues = [String: AttributeValue]
