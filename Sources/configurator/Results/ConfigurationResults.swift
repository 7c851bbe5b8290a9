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

extension ProductLine {
  /// How a reason reads in text: `tow-needs-4wd (because you chose extras=tow)`.
  func text(of reason: Explanation) -> String {
    let choices = reason.choices.map { atom(of: $0) }.joined(separator: ", ")
    let rules = reason.rules.joined(separator: ", ")
    switch (rules.isEmpty, choices.isEmpty) {
    case (true, true): return "by the model"
    case (true, false): return "because you chose \(choices)"
    case (false, true): return rules
    case (false, false): return "\(rules) (because you chose \(choices))"
    }
  }
}
