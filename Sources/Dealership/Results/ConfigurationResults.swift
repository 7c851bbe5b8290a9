package import CarFactory

/// `options MODEL [CHOICE…]`: every value's state under the choices (SPEC §7).
package struct OptionsResult {
  package let line: ProductLine
  package let report: OptionsReport
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
