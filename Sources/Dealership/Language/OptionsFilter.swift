package import CarFactory

/// What `options … find=TEXT state=STATE,… group=NAME` shows of the table (SPEC §14): the
/// values that pass every filter given. The table is worked out whole first, so a filter
/// changes which rows are shown, never a value's state or reason.
package struct OptionsFilter: Hashable, Sendable {
  /// `find=`: text a value's atom, name or value name holds, without regard to case.
  package var text: String?
  /// `state=`: the states shown, in the order given; empty for every state.
  package var states: [OptionsReport.State] = []
  /// `group=`: a group of the line (an index into ``ProductLine/groups``): a catalog's slot
  /// or equipment group, or a UVL feature, which stands for itself and its subtree.
  package var group: Int?

  /// The states `state=` names, as typed (every one that `options` shows).
  package static let stateNames: [String] = [
    OptionsReport.State.chosen, .forced, .excluded, .default, .available, .undecided,
  ].map(\.rawValue)

  /// Whether no filter is given (every value is shown).
  package var isEmpty: Bool { text == nil && states.isEmpty && group == nil }

  /// The positions in `entries` of the values the filter shows, in order.
  ///
  /// - Parameters:
  ///   - entries: The table's values (in the line's order, as a report lists them).
  ///   - line: Their product line.
  ///   - tree: The line's feature tree (a UVL line's), which `group=` follows.
  /// - Returns: The positions shown.
  package func shown(
    _ entries: [OptionsReport.Entry], of line: ProductLine, tree: FeatureTree?
  ) -> [Int] {
    let needle = text?.lowercased()
    let wanted = Set(states)
    // A UVL feature's group is itself: `group=` takes its subtree.
    let subtree: Range<Int>? = group.flatMap { group in
      tree.map { $0.subtree(of: line.groups[group].values.lowerBound) }
    }
    return entries.indices.filter { position in
      let entry = entries[position]
      if !wanted.isEmpty, !wanted.contains(entry.state) { return false }
      if let group {
        if let subtree {
          guard subtree.contains(entry.value) else { return false }
        } else if line.values[entry.value].group != group {
          return false
        }
      }
      guard let needle else { return true }
      let value = line.values[entry.value]
      return value.atom.lowercased().contains(needle) || value.name.lowercased().contains(needle)
        || line.valueName(of: entry.value).lowercased().contains(needle)
    }
  }
}
