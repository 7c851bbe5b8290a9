internal import ConfigurationEngine

/// The choices that give a drawn build back through `build` (SPEC §17: samples and fleets
/// are printed as lines a script can `build`), far shorter than
/// ``ProductLine/pinningChoices(holding:)``, which names every value of the line: 18,616 on
/// Automotive02, past a script line's 64 KiB.
extension ProductConfigurator {
  /// For each build, choices with which `build` makes exactly that build: the user's
  /// `choices` first, then values the build holds, enough that each value it holds is
  /// chosen or forced.
  ///
  /// On a catalog model those are the values it holds that the choices do not force and
  /// that are not their group's default. `build` takes the valid build closest to the
  /// defaults; the drawn build keeps the choices and departs from the defaults only where
  /// every valid build with them must, so it is the only closest one.
  ///
  /// On a UVL model they are the features it holds that the choices, their structure (a
  /// child needs its parent, a parent its mandatory members) and the earlier ones do not
  /// imply: its deepest features first. `build` completes greedily, each undecided feature
  /// in file order taking its default if still possible; every feature the build holds is
  /// forced, so each group's members that it holds are there when its other members' turn
  /// comes, and those default to off (or, in a group that allows no more, cannot be on),
  /// which the drawn build shows is possible.
  ///
  /// - Parameters:
  ///   - builds: The builds, each the values it holds (indices into the line's values).
  ///   - choices: The choices every build keeps.
  /// - Returns: One list of choices per build.
  public func replayChoices(for builds: [[Int]], keeping choices: [Choice]) -> [[Choice]] {
    // What the choices force: from the circuit when the line is compiled (a sample's
    // always is), else nothing is left out.
    var forced = [Bool](repeating: false, count: line.values.count)
    if !builds.isEmpty, case .success(let form) = compiledSlot.existing {
      let counts = form.circuit.literalCounts(assuming: choices.map(literal))
      for (index, value) in line.values.enumerated() {
        forced[index] = counts[value.variable.positive] == counts.total
      }
    }
    for choice in choices where choice.isChosen && forced.indices.contains(choice.value) {
      forced[choice.value] = true
    }
    let tree = line.featureModel.map { TreeImplications($0, count: line.values.count) }
    return builds.map { build in
      let held = build.filter { line.values.indices.contains($0) }
      let added: [Int]
      if let tree {
        added = tree.choices(holding: held, forced: forced)
      } else {
        added = held.filter { !forced[$0] && !line.values[$0].isDefault }
      }
      return choices + added.map { Choice(value: $0, isChosen: true) }
    }
  }
}

/// A feature tree as implications: a feature needs its parent, a parent its mandatory
/// members (those of a group that takes all its members).
private struct TreeImplications {
  /// Each feature's parent (`-1` for the root).
  let parents: [Int]
  /// Each feature's members that it must have.
  let mandatory: [[Int]]
  /// Whether a feature is a member its parent must have.
  let isMandatory: [Bool]

  init(_ model: FeatureModel, count: Int) {
    var parents = [Int](repeating: -1, count: count)
    var mandatory = [[Int]](repeating: [], count: count)
    var isMandatory = [Bool](repeating: false, count: count)
    for (index, feature) in model.features.enumerated() where index < count {
      guard let parent = feature.parent, parents.indices.contains(parent) else { continue }
      parents[index] = parent
      if model.defaults.indices.contains(index), model.defaults[index] == .selected {
        mandatory[parent].append(index)
        isMandatory[index] = true
      }
    }
    self.parents = parents
    self.mandatory = mandatory
    self.isMandatory = isMandatory
  }

  /// The features to choose, in file order, so that every held feature is chosen or implied
  /// (through the tree) by the chosen ones and those `forced` already.
  func choices(holding held: [Int], forced: [Bool]) -> [Int] {
    var implied = forced
    var hasHeldChild = [Bool](repeating: false, count: parents.count)
    for feature in held where parents[feature] >= 0 { hasHeldChild[parents[feature]] = true }
    var chosen: [Int] = []
    var stack: [Int] = []
    // Marks a feature and all it implies: its ancestors, and their mandatory members.
    func imply(_ feature: Int) {
      stack.append(feature)
      while let next = stack.popLast() {
        guard !implied[next] else { continue }
        implied[next] = true
        if parents[next] >= 0 { stack.append(parents[next]) }
        stack.append(contentsOf: mandatory[next])
      }
    }
    func choose(_ feature: Int) {
      guard !implied[feature] else { return }
      chosen.append(feature)
      imply(feature)
    }
    // The held leaves a parent need not bring, deepest last in file order first; then
    // whatever is still not implied.
    for feature in held.reversed() where !hasHeldChild[feature] && !isMandatory[feature] {
      choose(feature)
    }
    for feature in held.reversed() { choose(feature) }
    return chosen.sorted()
  }
}
