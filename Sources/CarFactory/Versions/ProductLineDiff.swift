internal import ConfigurationEngine

/// What changed from one version of a product line to the next (`catalog diff`, SPEC §16):
/// the values, rules, prices and attributes added, removed and changed, and how the sets of
/// valid builds compare.
public struct ProductLineDiff: Hashable, Sendable {
  /// A rule as it reads in one version.
  public struct RuleText: Hashable, Sendable {
    /// The rule's id (`tow-needs-4wd`, `constraint 812`).
    public let id: String
    /// The expression as written.
    public let text: String
  }

  /// A rule of the same id whose expression changed (catalogs).
  public struct RuleChange: Hashable, Sendable {
    /// The id both versions give it.
    public let id: String
    /// The old expression.
    public let old: String
    /// The new expression.
    public let new: String
  }

  /// A price that changed: a value's surcharge, or the base price (`atom` `nil`).
  public struct PriceChange: Hashable, Sendable {
    /// The value's atom in the new version, or `nil` for the model's base price.
    public let atom: String?
    /// The old price.
    public let old: Price
    /// The new price.
    public let new: Price
  }

  /// An attribute value that changed, appeared or went (`nil` on the side without it).
  public struct AttributeChange: Hashable, Sendable {
    /// The value's atom in the new version, or `nil` for the model's own attributes.
    public let atom: String?
    /// The attribute.
    public let attribute: String
    /// The old value.
    public let old: AttributeValue?
    /// The new value.
    public let new: AttributeValue?
  }

  /// The old model's id.
  public let old: ModelID
  /// The new model's id.
  public let new: ModelID
  /// The values only the new version has (its atoms), in its order.
  public internal(set) var valuesAdded: [String] = []
  /// The values only the old version has (its atoms, before renaming), in its order.
  public internal(set) var valuesRemoved: [String] = []
  /// The values renamed by the map that both versions have (old atom, new atom).
  public internal(set) var valuesRenamed: [Renaming] = []
  /// The rules only the new version has: by id for catalogs, by text for UVL models.
  public internal(set) var rulesAdded: [RuleText] = []
  /// The rules only the old version has.
  public internal(set) var rulesRemoved: [RuleText] = []
  /// The rules of one id whose expression changed (catalogs).
  public internal(set) var rulesChanged: [RuleChange] = []
  /// The prices that changed.
  public internal(set) var pricesChanged: [PriceChange] = []
  /// The attribute values that changed.
  public internal(set) var attributesChanged: [AttributeChange] = []
  /// How the valid builds compare.
  public internal(set) var builds: BuildComparison = .unfinished(timeLimit: .zero)

  /// Whether nothing but the builds is to say: no value, rule, price or attribute changed.
  public var isUnchanged: Bool {
    valuesAdded.isEmpty && valuesRemoved.isEmpty && rulesAdded.isEmpty && rulesRemoved.isEmpty
      && rulesChanged.isEmpty && pricesChanged.isEmpty && attributesChanged.isEmpty
  }
}

/// One renaming of the map: an old value's atom and the new atom it stands for.
public struct Renaming: Hashable, Sendable {
  /// The old atom.
  public let old: String
  /// The new atom.
  public let new: String

  /// A renaming.
  ///
  /// - Parameters:
  ///   - old: The old atom.
  ///   - new: The new atom.
  public init(old: String, new: String) {
    self.old = old
    self.new = new
  }
}

/// Thüm, Batory and Kästner's (2009) kinds of edit of a product line, by its builds.
public enum EditKind: String, Hashable, Sendable, CaseIterable {
  /// The same builds.
  case refactoring
  /// Builds removed, none added (the new builds a subset of the old).
  case specialization
  /// Builds added, none removed (the old builds a subset of the new).
  case generalization
  /// Builds added and removed.
  case arbitrary = "arbitrary edit"
}

/// How the valid builds of two versions compare, over the values either names (a value one
/// version lacks is false in its builds).
public enum BuildComparison: Hashable, Sendable {
  /// The counts finished.
  case counted(BuildCounts)
  /// A count did not finish within the time limit: no number is given.
  case unfinished(timeLimit: Duration)
}

/// The exact numbers of builds only in the old version, only in the new one and in both, the
/// kind of edit, and an example build of each side that has any.
public struct BuildCounts: Hashable, Sendable {
  /// Builds the old version allows and the new one does not.
  public let onlyOld: BuildCount
  /// Builds the new version allows and the old one does not.
  public let onlyNew: BuildCount
  /// Builds both allow.
  public let both: BuildCount
  /// A build only the old version allows: its values' atoms (old names), in its order;
  /// `nil` when there is none.
  public let exampleOld: [String]?
  /// A build only the new version allows (new names); `nil` when there is none.
  public let exampleNew: [String]?

  /// The kind of edit the counts make it.
  public var kind: EditKind {
    switch (onlyOld.value.isZero, onlyNew.value.isZero) {
    case (true, true): .refactoring
    case (false, true): .specialization
    case (true, false): .generalization
    case (false, false): .arbitrary
    }
  }
}
