internal import CarFactory

/// `options MODEL [CHOICE…]`: every value's state under the choices (SPEC §7).
struct OptionsResult {
  let line: ProductLine
  let report: OptionsReport
}

/// `count MODEL [CHOICE…]`: the exact number of valid builds.
struct CountResult {
  let line: ProductLine
  let choices: [Choice]
  let count: BuildCount
}

/// `lint [MODEL]`: one model's findings.
struct LintResult {
  let line: ProductLine
  let findings: LintFindings
}

/// Choices that conflict under a model's rules: the engine's minimal conflict and its ways
/// out, with the model they are of.
struct RuleConflict: Sendable {
  let line: ProductLine
  let conflict: Conflict
  /// The price of each way out as the session shows USD amounts (its locale's convention),
  /// `nil` where there is none to show (unknown, or a model without prices).
  let shownPrices: [String?]

  init(line: ProductLine, conflict: Conflict, money: MoneySettings) {
    self.line = line
    self.conflict = conflict
    shownPrices = conflict.corrections.map { correction in
      line.pricesBuilds ? correction.price.map { money.usd($0) } : nil
    }
  }
}
