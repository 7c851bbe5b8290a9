package import ConfigurationEngine

/// What a feature takes when the user has not decided it (SPEC §8): an optional feature is
/// off; a group takes its first possible members in file order.
///
/// This is data, not a list of literals, because a group's default depends on what is already
/// selected: in an `or` group whose first member is excluded, the default is the second
/// member, and once one member is selected the others default to off.
package enum FeatureDefault: Hashable, Sendable {
  /// The root and `mandatory` members (and members of `[n..n]` groups of n): selected.
  case selected
  /// `optional` members and members of groups that need none (`[0..m]`): not selected.
  case deselected
  /// A member of a group that needs `count` members (`alternative`, `or`, `[n..m]` with
  /// n ≥ 1): selected while fewer than `count` members of the group are selected.
  case groupMember(group: Int, count: Int)
}

extension FeatureModel {
  /// The default of every feature, in file order.
  static func defaults(features: [Feature], groups: [UVLGroup]) -> [FeatureDefault] {
    features.map { feature in
      guard let group = feature.group, let kind = feature.groupKind else { return .selected }
      let count = groups[group].members.count
      let (minimum, _) = kind.bounds(members: count)
      if minimum == 0 { return .deselected }
      if minimum >= count { return .selected }
      return .groupMember(group: group, count: minimum)
    }
  }

  /// The features whose default depends on whether another member of their group is
  /// `forced`: members of groups that need some members but allow more (`or`, `[1..3]`).
  ///
  /// Elsewhere it cannot change a default: a group that allows only its minimum
  /// (`alternative`, `[2]`) leaves a member no room once that many others are forced, so the
  /// member is then excluded whatever it would default to.
  package var membersOfOpenGroups: [Int] {
    features.indices.filter { feature in
      guard case .groupMember(let group, let count) = defaults[feature] else { return false }
      let members = groups[group].members.count
      return groups[group].kind.bounds(members: members).maximum > count
    }
  }

  /// The literal an undecided feature should take by default, given what is decided so far
  /// (SPEC §8, the one place this rule is written).
  ///
  /// A member of a group that needs `count` members is selected while fewer than `count`
  /// *other* members are selected — chosen by the user, `forced` (every valid build with
  /// the user's choices has it, as `options` shows) or already taken by an earlier default —
  /// and left out otherwise; so a member forced by a rule satisfies its group just as a
  /// chosen one does.
  ///
  /// `build` completes greedily: it visits undecided features in file order (parents before
  /// children), asks for this literal, takes it if still possible and its negation otherwise,
  /// and propagates. Complete propagation makes that dead-end free.
  ///
  /// - Parameters:
  ///   - feature: The feature's index.
  ///   - forced: The features forced by the user's choices; only those of
  ///     ``membersOfOpenGroups`` matter.
  ///   - value: The current value of a variable (`nil` while undecided): the user's choices
  ///     and the defaults taken so far.
  /// - Returns: The feature's variable, positive to select it, negative to leave it out.
  package func defaultLiteral(
    for feature: Int, forced: Set<Int> = [], value: (Variable) -> Bool?
  ) -> Literal {
    let variable = features[feature].variable
    switch defaults[feature] {
    case .selected: return variable.positive
    case .deselected: return variable.negative
    case .groupMember(let group, let count):
      var selected = 0
      for member in groups[group].members where member != feature {
        if value(features[member].variable) == true || forced.contains(member) { selected += 1 }
      }
      return selected < count ? variable.positive : variable.negative
    }
  }
}
