internal import ConfigurationEngine

/// What `lint` finds in a product line (SPEC §7).
public struct LintFindings: Hashable, Sendable {
  /// Whether any valid build exists; without one, ``conflict`` says which rules clash.
  public let hasBuild: Bool
  /// The rules that leave no valid build, when there is none.
  public let conflict: [String]
  /// Values no valid build has, leaving out those not offered on the line's date.
  public let dead: [Int]
  /// Values out of force on the line's date (`--as-of`, SPEC §16), with how their dates
  /// stand: not offered that day by the catalog's dates, not dead by the model's rules.
  public let notOffered: [(value: Int, standing: Effectivity.Standing)]
  /// Values every valid build has (leaving out the only value of a slot or `one` group).
  public let core: [Int]
  /// Rules that never change anything: the structure and the other rules imply them.
  public let redundantRules: [String]

  /// Equal when every finding is (a standing compares by its dates).
  public static func == (lhs: LintFindings, rhs: LintFindings) -> Bool {
    lhs.hasBuild == rhs.hasBuild && lhs.conflict == rhs.conflict && lhs.dead == rhs.dead
      && lhs.core == rhs.core && lhs.redundantRules == rhs.redundantRules
      && lhs.notOffered.map(\.value) == rhs.notOffered.map(\.value)
      && lhs.notOffered.map(\.standing) == rhs.notOffered.map(\.standing)
  }

  /// Hashes the findings' values and rules.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(dead)
    hasher.combine(core)
    hasher.combine(redundantRules)
    hasher.combine(notOffered.map(\.value))
  }
}

extension ProductConfigurator {
  /// The line's findings: dead and core values, redundant rules, and whether any build exists.
  ///
  /// - Returns: The findings.
  /// - Throws: A budget error.
  public func lint() throws(ConfigurationError) -> LintFindings {
    // The configurator's own limit, as the message past it says (SPEC §10: within 10%).
    let budget = AnalysisBudget(time: timeLimit)
    let report = try analysing(
      "lint", { () throws(AnalysisError) in try space.lint(budget: budget) })
    var valueOf: [Variable: Int] = [:]
    for (index, value) in line.values.enumerated() { valueOf[value.variable] = index }
    // The rules the line adds for values out of force on its date: what they exclude is not
    // offered, not dead, and the rules are the catalog's dates, not rules that idle.
    var notOffered: [(value: Int, standing: Effectivity.Standing)] = []
    var datedRules: Set<String> = []
    for rule in line.rules {
      guard let standing = rule.offered else { continue }
      datedRules.insert(rule.id)
      for value in rule.mentions { notOffered.append((value, standing)) }
    }
    let outOfForce = Set(notOffered.map(\.value))
    let dead = report.dead.compactMap { valueOf[$0] }.sorted().filter { !outOfForce.contains($0) }
    let core = report.core.compactMap { valueOf[$0] }.sorted().filter { value in
      let group = line.groups[line.values[value].group]
      return group.kind == .feature || group.kind == .any || group.values.count > 1
    }
    return LintFindings(
      hasBuild: report.hasSolution, conflict: report.conflict?.ruleIDs ?? [], dead: dead,
      notOffered: notOffered.sorted { $0.value < $1.value }, core: core,
      redundantRules: report.redundantRules.map(\.id).filter { !datedRules.contains($0) })
  }
}

extension ProductConfigurator {
  /// Whether any valid build exists at all; `nil` when the check ran out of time.
  public func buildExists() -> Bool? {
    switch try? space.consistency(choices: [], budget: budget) {
    case .consistent: true
    case .inconsistent: false
    case nil: nil
    }
  }
}
