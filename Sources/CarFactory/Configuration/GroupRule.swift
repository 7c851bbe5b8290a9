/// A group of a model's structure that a reason may name as a rule (SPEC §14): a part slot or
/// a `one` equipment group of a catalog (exactly one of its values), an `alternative`, `or`
/// or `[n..m]` group of a UVL model (so many of its members while its parent is selected).
/// Such a group decides a value when the value is the last member left that can meet the
/// group's minimum (`Winter needs one of Heated_Seats, Heated_Wheel`), or when the members
/// already in reach the group's maximum (`drive takes one of front, 4wd`).
///
/// Data only: renderers word it. Its id (`group Winter`, `group paint`) is what CSV and JSON
/// cite beside the rules' ids.
public struct GroupRule: Hashable, Sendable {
  /// How many members a group wants.
  public enum Kind: Hashable, Sendable {
    /// Exactly one: a slot, a `one` group, a UVL `alternative`.
    case exactlyOne
    /// At least one: a UVL `or` group.
    case atLeastOne
    /// Between `minimum` and `maximum` (`nil`: no upper bound): a UVL `[n..m]` group.
    case range(minimum: Int, maximum: Int?)

    /// The fewest members the group wants.
    public var minimum: Int {
      switch self {
      case .exactlyOne, .atLeastOne: 1
      case .range(let minimum, _): minimum
      }
    }

    /// The most members the group allows; `nil` for no bound.
    public var maximum: Int? {
      switch self {
      case .exactlyOne: 1
      case .atLeastOne: nil
      case .range(_, let maximum): maximum
      }
    }
  }

  /// The group's name: the slot or equipment group (`paint`), or the UVL parent's name.
  public let name: String
  /// The parent feature (a value index) whose selection switches the group on; `nil` for a
  /// catalog group, which is always on.
  public let parent: Int?
  /// The members, as value indices, in the line's order.
  public let members: [Int]
  /// How many members it wants.
  public let kind: Kind

  /// The id CSV and JSON cite: `group paint`, `group Winter`.
  public var id: String { "group \(name)" }
}

extension ProductLine {
  /// The group rules of a catalog line: one per part slot and per `one` group.
  static func catalogGroupRules(_ groups: [Group]) -> [GroupRule] {
    groups.compactMap { group in
      switch group.kind {
      case .slot, .one:
        GroupRule(name: group.name, parent: nil, members: Array(group.values), kind: .exactlyOne)
      case .any, .feature:
        nil
      }
    }
  }

  /// The group rules of a UVL line: one per `alternative`, `or` and `[n..m]` group (a
  /// `mandatory` or `optional` group decides nothing a parent's own reason does not).
  static func featureGroupRules(_ model: FeatureModel) -> [GroupRule] {
    model.groups.compactMap { group in
      let kind: GroupRule.Kind
      switch group.kind {
      case .alternative: kind = .exactlyOne
      case .or: kind = .atLeastOne
      case .cardinality(let minimum, let maximum): kind = .range(minimum: minimum, maximum: maximum)
      case .mandatory, .optional: return nil
      }
      guard model.features.indices.contains(group.parent) else { return nil }
      return GroupRule(
        name: model.features[group.parent].name, parent: group.parent,
        members: group.members.filter { model.features.indices.contains($0) }, kind: kind)
    }
  }

  /// Sets the line's group rules and the index of each value's group rule.
  mutating func setGroupRules(_ rules: [GroupRule]) {
    groupRules = rules
    var owner = [Int32](repeating: -1, count: values.count)
    for (index, rule) in rules.enumerated() {
      for member in rule.members where owner.indices.contains(member) {
        owner[member] = Int32(index)
      }
    }
    groupRuleOfValue = owner
  }

  /// The group rule a value is a member of, if any (an index into ``groupRules``).
  ///
  /// - Parameter value: A value index.
  /// - Returns: The index of its group rule.
  public func groupRule(of value: Int) -> Int? {
    guard groupRuleOfValue.indices.contains(value) else { return nil }
    let index = groupRuleOfValue[value]
    return index >= 0 ? Int(index) : nil
  }

  /// The group rules that decide values under some states: for each forced value, its group
  /// when the group's parent is in and no other member can still meet the group's minimum;
  /// for each excluded value, its group when the members in (chosen or forced) already reach
  /// the group's maximum. A value the user ruled out is decided by that choice alone.
  ///
  /// - Parameters:
  ///   - states: Every value's state.
  ///   - choices: The user's choices.
  /// - Returns: The deciding group rule of each such value, by value index.
  func decidingGroups(_ states: [OptionsReport.State], choices: [Choice]) -> [Int: Int] {
    guard !groupRules.isEmpty, states.count == values.count else { return [:] }
    let ruledOut = Set(choices.lazy.filter { !$0.isChosen }.map(\.value))
    var deciding: [Int: Int] = [:]
    for (index, rule) in groupRules.enumerated() {
      if let parent = rule.parent, states[parent] != .chosen, states[parent] != .forced {
        continue
      }
      var inCount = 0
      var open = 0
      for member in rule.members {
        switch states[member] {
        case .chosen, .forced: inCount += 1
        case .excluded: break
        case .available, .default, .undecided: open += 1
        }
      }
      for member in rule.members where !ruledOut.contains(member) {
        switch states[member] {
        case .forced where inCount + open <= rule.kind.minimum:
          deciding[member] = index
        case .excluded:
          if let maximum = rule.kind.maximum, inCount >= maximum { deciding[member] = index }
        default:
          break
        }
      }
    }
    return deciding
  }
}
