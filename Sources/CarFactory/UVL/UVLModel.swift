package import ConfigurationEngine

/// A UVL feature model as read from its file, checked but not yet compiled: the feature tree
/// in file order, its groups, and the cross-tree constraints.
///
/// ``UVLReader`` only returns models whose names are unique, whose constraints name declared
/// features and whose group cardinalities can be met; ``FeatureModel`` compiles one for the
/// engine.
package struct UVLModel: Hashable, Sendable {
  /// The file (or other source name) the model came from.
  package var file: String
  /// The `namespace`, if the file declares one.
  package var namespace: String?
  /// The language levels of `include` (Boolean and arithmetic ones), as written.
  package var languageLevels: [String] = []
  /// Every feature in file order; the root is first, and a parent comes before its children.
  package var features: [UVLFeature] = []
  /// Every group in file order.
  package var groups: [UVLGroup] = []
  /// The cross-tree constraints, from the `constraints` section and from `constraint`
  /// attributes, in file order.
  package var constraints: [UVLConstraint] = []
  /// The first number of each attribute that does not fit an exact attribute value (more
  /// than 6 decimals, or 10^12 and more): such an attribute is not totalled, and a constraint
  /// that names it is refused with this number and its line.
  package var unreadableNumbers: [String: UVLUnreadableNumber] = [:]

  /// Creates an empty model.
  ///
  /// - Parameter file: The source name.
  package init(file: String) {
    self.file = file
  }
}

/// One feature of a ``UVLModel``.
package struct UVLFeature: Hashable, Sendable {
  /// The feature's name; dotted names are joined with `.` (`Engine.Diesel`), quotes removed.
  package var name: String
  /// The line it is declared on.
  package var line: Int
  /// The group it belongs to (an index into ``UVLModel/groups``); `nil` for the root.
  package var group: Int?
  /// Its own groups of children, in file order.
  package var childGroups: [Int] = []
  /// Its attributes, in file order, values kept as written.
  package var attributes: [UVLAttribute] = []
  /// Whether it is marked `{abstract}` (or `{abstract true}`).
  package var isAbstract = false
  /// Its surcharge, from a decimal `price` attribute.
  package var price: Price?
  /// Its numeric attributes other than `price` (`{Weight 3.5}`), exact (SPEC §13); strings,
  /// booleans, lists and objects are not numbers.
  package var numbers: AttributeValues = [:]
}

/// A group of child features under one parent.
package struct UVLGroup: Hashable, Sendable {
  /// What the group requires of its members.
  package var kind: UVLGroupKind
  /// The parent feature (an index into ``UVLModel/features``).
  package var parent: Int
  /// The member features, in file order.
  package var members: [Int] = []
  /// The line of the group's keyword.
  package var line: Int
}

/// What a group requires of its members when its parent is selected.
package enum UVLGroupKind: Hashable, Sendable {
  /// Every member.
  case mandatory
  /// Any members.
  case optional
  /// Exactly one member.
  case alternative
  /// At least one member.
  case or
  /// Between `minimum` and `maximum` members (`[n..m]`, `[n]`, `[n..*]` with `maximum` nil).
  case cardinality(minimum: Int, maximum: Int?)

  /// The keyword as UVL writes it (`alternative`, `[1..*]`).
  package var keyword: String {
    switch self {
    case .mandatory: "mandatory"
    case .optional: "optional"
    case .alternative: "alternative"
    case .or: "or"
    case .cardinality(let minimum, let maximum):
      if maximum == minimum {
        "[\(minimum)]"
      } else {
        "[\(minimum)..\(maximum.map(String.init) ?? "*")]"
      }
    }
  }

  /// The fewest and most members of a group of `count` that may be selected with the parent.
  ///
  /// - Parameter count: How many members the group has.
  /// - Returns: The bounds, the upper one at most `count`.
  package func bounds(members count: Int) -> (minimum: Int, maximum: Int) {
    switch self {
    case .mandatory: (count, count)
    case .optional: (0, count)
    case .alternative: (1, 1)
    case .or: (1, count)
    case .cardinality(let minimum, let maximum): (minimum, min(maximum ?? count, count))
    }
  }
}

/// One attribute of a feature, its value kept as the source text.
package struct UVLAttribute: Hashable, Sendable {
  /// The key (`abstract`, `price`, `Fun`).
  package var key: String
  /// The value as written (`'Candy White'`, `850.00`, `[1, 2]`, `{Name 'P'}`); `nil` when the
  /// attribute has none (`{abstract}`).
  package var value: String?
}

/// A cross-tree constraint: a Boolean expression over feature names.
package struct UVLConstraint: Hashable, Sendable {
  /// The expression; atom columns count from the start of the constraint's first line.
  package var expression: Expression
  /// The line it starts on.
  package var line: Int
  /// The source text, blanks (line breaks included) collapsed to single spaces.
  package var text: String
  /// For a constraint over several lines, the column (counted from the start of its first
  /// line) at which each following line starts, so a column maps back to a line.
  package var lineStarts: [Int] = []

  /// The line and the column in that line of a column counted from the start of the
  /// constraint's first line.
  ///
  /// - Parameter column: A column of the expression (from 1).
  /// - Returns: The line and the column within it.
  package func position(of column: Int) -> (line: Int, column: Int) {
    var line = self.line
    var start = 1
    for next in lineStarts where next <= column {
      line += 1
      start = next
    }
    return (line, column - start + 1)
  }
}

/// A number in a feature's attributes that no exact attribute value holds.
package struct UVLUnreadableNumber: Hashable, Sendable {
  /// The feature's name.
  package var feature: String
  /// The number as written.
  package var text: String
  /// Its line.
  package var line: Int
}
