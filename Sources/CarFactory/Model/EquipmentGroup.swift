/// A group of equipment a model offers beyond its part slots (SPEC §7): paint, interior,
/// wheels, extras. A `one` group holds exactly one choice, an `any` group any number.
public struct EquipmentGroup: Hashable, Sendable {
  /// How many choices of the group a build holds.
  public enum Selection: String, Hashable, Sendable {
    /// Exactly one: the default unless another is chosen.
    case one
    /// Any number, none by default.
    case any
  }

  /// One piece of equipment. With `includes` it is a package: choosing it chooses its members,
  /// whose surcharges the package's own surcharge already covers.
  public struct Choice: Hashable, Sendable {
    /// The identifier users type after `GROUP=` (`red`).
    public let id: String
    /// The name shown in a detail block (`Cherry Red`).
    public let name: String
    /// What the choice adds to the price when it is not covered by a chosen package.
    public let surcharge: Price
    /// The members of a package: `CHOICE` in the same group, `GROUP=CHOICE` or `SLOT=VALUE`.
    public let includes: [String]
    /// The attribute values the choice brings to a build that holds it (SPEC §13).
    public let attributes: AttributeValues
    /// When the choice is offered (SPEC §16); always, unless the catalog gives dates.
    public var effectivity: Effectivity = .always

    /// Creates a choice.
    ///
    /// - Parameters:
    ///   - id: The identifier users type.
    ///   - name: The name shown in a detail block.
    ///   - surcharge: What the choice adds to the price.
    ///   - includes: The members, when the choice is a package.
    ///   - attributes: The choice's attribute values.
    public init(
      id: String, name: String, surcharge: Price, includes: [String] = [],
      attributes: AttributeValues = [:]
    ) {
      self.id = id
      self.name = name
      self.surcharge = surcharge
      self.includes = includes
      self.attributes = attributes
    }
  }

  /// The identifier users type before `=` (`paint`).
  public let id: String
  /// Whether a build holds exactly one choice or any number.
  public let selection: Selection
  /// The choice a `one` group takes unless another is chosen; `nil` for `any` groups.
  public let defaultChoice: String?
  /// The choices, in catalog order.
  public let choices: [Choice]

  /// Creates an equipment group.
  ///
  /// - Parameters:
  ///   - id: The identifier users type before `=`.
  ///   - selection: `one` or `any`.
  ///   - defaultChoice: The default of a `one` group (its first choice when `nil`).
  ///   - choices: The choices, in catalog order.
  public init(id: String, selection: Selection, defaultChoice: String? = nil, choices: [Choice]) {
    self.id = id
    self.selection = selection
    self.defaultChoice = selection == .one ? (defaultChoice ?? choices.first?.id) : nil
    self.choices = choices
  }
}

/// A rule between a model's values (SPEC §7): a Boolean expression over `SLOT=VALUE` and
/// `GROUP=CHOICE` atoms with UVL's operators, an id explanations cite, and an optional message.
public struct ModelRule: Hashable, Sendable {
  /// The id explanations cite (`tow-needs-4wd`).
  public let id: String
  /// The expression as written (`extras=tow => drive=4wd`).
  public let text: String
  /// What to tell users when the rule stops them, if the catalog says.
  public let message: String?
  /// When the rule applies (SPEC §16); always, unless the catalog gives dates.
  public var effectivity: Effectivity = .always

  /// Creates a rule.
  ///
  /// - Parameters:
  ///   - id: The id explanations cite.
  ///   - text: The expression.
  ///   - message: What to tell users, if anything.
  public init(id: String, text: String, message: String? = nil) {
    self.id = id
    self.text = text
    self.message = message
  }
}
