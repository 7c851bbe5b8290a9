package import CarFactory

/// `options MODEL [CHOICE…]`: every value's state under the choices (SPEC §7), and which of
/// them a filter shows (SPEC §14).
package struct OptionsResult {
  package let line: ProductLine
  package let report: OptionsReport
  /// A UVL line's feature tree, which indents its table; `nil` for a catalog model.
  package var tree: FeatureTree? = nil
  /// The filter given (`find=`, `state=`, `group=`); `nil` for none.
  package var filter: OptionsFilter? = nil
  /// The positions in the report's entries of the values shown; `nil` for every one.
  package var shown: [Int]? = nil

  /// The values shown, in the line's order.
  package var shownEntries: [OptionsReport.Entry] {
    guard let shown else { return report.entries }
    return shown.map { report.entries[$0] }
  }

  /// How many values are shown, of ``total``.
  package var shownCount: Int { shown?.count ?? report.entries.count }

  /// How many values the table has.
  package var total: Int { report.entries.count }

  /// The table of a report, with the line's tree, filtered when a filter is given.
  init(line: ProductLine, report: OptionsReport, filter: OptionsFilter? = nil) {
    self.line = line
    self.report = report
    tree = line.featureTree
    if let filter, !filter.isEmpty {
      self.filter = filter
      shown = filter.shown(report.entries, of: line, tree: tree)
    }
  }
}

/// `count MODEL [CHOICE…]`: the exact number of valid builds.
package struct CountResult {
  package let line: ProductLine
  package let choices: [Choice]
  package let count: BuildCount
}

/// `lint [MODEL]`: one model's findings.
package struct LintResult {
  package let line: ProductLine
  package let findings: LintFindings
}

/// Choices that conflict under a model's rules: the engine's minimal conflict and its ways
/// out, with the model they are of.
package struct RuleConflict: Sendable {
  package let line: ProductLine
  package let conflict: Conflict
  /// The price of each way out as the session shows USD amounts (its locale's convention),
  /// `nil` where there is none to show (unknown, or a model without prices).
  package let shownPrices: [String?]

  init(line: ProductLine, conflict: Conflict, money: MoneySettings) {
    self.line = line
    self.conflict = conflict
    shownPrices = conflict.corrections.map { correction in
      line.pricesBuilds ? correction.price.map { money.usd($0) } : nil
    }
  }
}
