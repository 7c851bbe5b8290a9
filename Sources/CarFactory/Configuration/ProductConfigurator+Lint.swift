internal import ConfigurationEngine

/// What `lint` finds in a product line (SPEC §7).
public struct LintFindings: Hashable, Sendable {
  /// Whether any valid build exists; without one, ``conflict`` says which rules clash.
  public let hasBuild: Bool
  /// The rules that leave no valid build, when there is none.
  public let conflict: [String]
  /// Values no valid build has.
  public let dead: [Int]
  /// Values every valid build has (leaving out the only value of a slot or `one` group).
  public let core: [Int]
  /// Rules that never change anything: the structure and the other rules imply them.
  public let redundantRules: [String]
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
    let dead = report.dead.compactMap { valueOf[$0] }.sorted()
    let core = report.core.compactMap { valueOf[$0] }.sorted().filter { value in
      let group = line.groups[line.values[value].group]
      return group.kind == .feature || group.kind == .any || group.values.count > 1
    }
    return LintFindings(
      hasBuild: report.hasSolution, conflict: report.conflict?.ruleIDs ?? [], dead: dead,
      core: core, redundantRules: report.redundantRules.map(\.id))
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
