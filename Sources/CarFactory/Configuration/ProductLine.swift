internal import ConfigurationEngine

/// A model compiled for the configuration engine: every value a build can hold (part slot
/// values, equipment choices, UVL features), grouped as users see them, with the constraints
/// between them (SPEC §7, §8).
///
/// Catalog models and UVL models compile to this one form, so `options`, `count`, `lint` and
/// `build` mean the same for both.
public struct ProductLine: Sendable {
  /// How a group's values combine in a build.
  public enum GroupKind: Hashable, Sendable {
    /// A part slot: exactly one of its parts.
    case slot(PartSlot)
    /// A `one` equipment group: exactly one choice.
    case one
    /// An `any` equipment group: any number of choices.
    case any
    /// A UVL feature: a group of one value, on or off.
    case feature
  }

  /// A slot, an equipment group, or a UVL feature, and the range of its values.
  public struct Group: Hashable, Sendable {
    /// The name users type before `=` (`drive`, `paint`), or the feature's name.
    public let name: String
    /// How its values combine.
    public let kind: GroupKind
    /// Its values, as indices into ``ProductLine/values``.
    public let values: Range<Int>
  }

  /// One value a build can hold.
  public struct Value: Hashable, Sendable {
    /// What users type to choose it: `drive=4wd`, `paint=red`, or a UVL feature's name.
    public let atom: String
    /// The part, choice or feature as a detail block shows it (`4WD`, `Cherry Red`).
    public let name: String
    /// The index of its group in ``ProductLine/groups``.
    public let group: Int
    /// What it adds to the base price (zero for a slot's default part).
    public let surcharge: Price
    /// Whether the model takes it when nothing else is chosen (SPEC §7, §8).
    public let isDefault: Bool
    /// The packages that include it, directly or through other packages: when one of them is
    /// in a build, its surcharge is covered.
    public internal(set) var coveredBy: [Int]
    /// The engine variable that is true when a build holds this value.
    let variable: Variable
    /// The attribute values a build holding it adds to its totals (SPEC §13).
    public internal(set) var attributes: AttributeValues = [:]
    /// When it is offered (SPEC §16): always, unless the catalog gives its choice dates.
    public internal(set) var effectivity: Effectivity = .always
  }

  /// A rule as explanations cite it.
  public struct Rule: Hashable, Sendable {
    /// The id (`tow-needs-4wd`, `constraint 812` for a UVL constraint on line 812).
    public let id: String
    /// The expression as written.
    public let text: String
    /// The catalog's message, if any.
    public let message: String?
    /// Its comparisons of a single total, each as `sum(ATTR) ⋈ bound`, which a reason citing
    /// it shows its numbers by (SPEC §14); empty for a rule without arithmetic.
    public internal(set) var comparisons: [RuleComparison] = []
    /// The values its expression names (indices into ``ProductLine/values``, in reading
    /// order): a group that decides a value is not named beside a rule that names the value
    /// itself, which may decide it on its own.
    public internal(set) var mentions: [Int] = []
    /// For the rule the product line adds to exclude a value out of force on its date (SPEC
    /// §16), how that value's dates stand; `nil` for the catalog's own rules.
    public internal(set) var offered: Effectivity.Standing?
  }

  /// How `build` fills what the user did not choose.
  public enum Completion: Hashable, Sendable {
    /// The valid build closest to the defaults: fewest values away from default, then the
    /// lowest price (catalogs, SPEC §7).
    case closest
    /// Undecided values in order, each taking its default if still possible (UVL, SPEC §8).
    case greedy
  }

  /// The model this product line describes.
  public let model: ModelID
  /// The car type, or the UVL model's root feature name.
  public let title: String
  /// The price of the defaults before any surcharge.
  public let basePrice: Price
  /// Slots, equipment groups and features, in catalog or file order.
  public let groups: [Group]
  /// Every value, grouped by ``groups``.
  public let values: [Value]
  /// The rules, in catalog or file order, indexed like the engine's rules.
  public let rules: [Rule]
  /// How `build` completes a partial choice.
  public let completion: Completion

  /// The engine's view: variables, clauses, rules with selectors.
  let constraints: ConstraintModel
  /// The price as a sum over literals: each literal that holds adds its cents (packages'
  /// coverage encoded by defined variables), so price bounds are optimisation problems.
  let charges: [(literal: Literal, cents: Int64)]
  /// The defaults as literals, in completion order.
  let preferred: [Literal]
  /// Value indices by lower-cased atom, for resolving what users type.
  let atomIndex: [String: Int]
  /// The UVL model this line was compiled from, for its defaults; `nil` for catalog models.
  let featureModel: FeatureModel?
  /// The attributes the model declares, in declaration order (`price` is implicit).
  public internal(set) var attributes: [Attribute] = []
  /// The model's own attribute values, counted in every build.
  public internal(set) var baseAttributes: AttributeValues = [:]
  /// The UVL file this line was read from and the digest of its bytes; empty for catalogs.
  public private(set) var digest = ""
  /// The factory that makes the parts of a car model's builds; `nil` for a product line
  /// without part slots (a UVL model), whose builds are their features.
  public internal(set) var factory: (any CarPartsFactory)?
  /// The groups of the structure a reason may name as rules (SPEC §14): slots and `one`
  /// groups, UVL `alternative`, `or` and `[n..m]` groups.
  public internal(set) var groupRules: [GroupRule] = []
  /// Each value's group rule (an index into ``groupRules``), or -1.
  var groupRuleOfValue: [Int32] = []
  /// The groups' and values' names by their bytes, for reading choices.
  var names = ValueNames()
  /// The UVL file this line was read from; empty for catalogs.
  public var file: String { featureModel?.file ?? "" }

  /// Whether some value carries a surcharge.
  public var hasSurcharges: Bool { values.contains { $0.surcharge != .zero } }

  /// Whether the model writes prices at all (a UVL feature's `price`, `price 0.00`
  /// included), whatever they come to.
  public internal(set) var declaresPrices = false

  /// Whether a build's price says anything: always for a car model (it has a base price),
  /// for a UVL model when some feature has a price, even if every price is $0.00 (issue 52:
  /// such a model refused `min=price` and `by=price`).
  public var pricesBuilds: Bool {
    factory != nil || declaresPrices || hasSurcharges || basePrice != .zero
  }
}

extension ProductLine {
  /// The value a user means by an atom (case-insensitive), if any.
  ///
  /// - Parameter atom: `SLOT=VALUE`, `GROUP=CHOICE` or a feature name.
  /// - Returns: Its index in ``values``.
  public func valueIndex(forAtom atom: String) -> Int? {
    atomIndex[atom.lowercased()]
  }

  /// The rule with an id (the first, should two share it), if any.
  ///
  /// - Parameter id: The rule's id.
  /// - Returns: The rule.
  public func rule(id: String) -> Rule? {
    names.rules[id].map { rules[$0] }
  }

  /// The group a user means by a name (case-insensitive), if any.
  ///
  /// - Parameter name: A slot, equipment group or feature name.
  /// - Returns: Its index in ``groups``.
  public func groupIndex(named name: String) -> Int? {
    let wanted = name.lowercased()
    return groups.firstIndex { $0.name.lowercased() == wanted }
  }

  /// The price of a build holding exactly the given values: the base price plus each value's
  /// surcharge, except values covered by a package the build also holds.
  ///
  /// - Parameter selected: Whether the build holds each value, indexed like ``values``.
  /// - Returns: The price, or `nil` if it does not fit (catalogs are checked at load so that
  ///   it always does) or `selected` does not have one entry per value.
  public func price(of selected: [Bool]) -> Price? {
    var cents = basePrice.cents
    guard selected.count == values.count else { return nil }
    for (index, value) in values.enumerated() where selected[index] && value.surcharge.cents != 0 {
      if value.coveredBy.contains(where: { selected[$0] }) { continue }
      let (sum, overflow) = cents.addingReportingOverflow(value.surcharge.cents)
      guard !overflow else { return nil }
      cents = sum
    }
    return Price(cents: cents)
  }
}
