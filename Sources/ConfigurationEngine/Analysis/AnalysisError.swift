/// Why an analysis gave no answer.
package enum AnalysisError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The analysis ran past its ``AnalysisBudget``.
  case budgetExceeded
  /// The costs given to ``ConfigurationSpace/closest(choices:preferred:costs:budget:)`` could
  /// add up past what `Int64` holds.
  case costOverflow

  /// The message users see.
  package var description: String {
    switch self {
    case .budgetExceeded: "The analysis took longer than its time limit and was stopped."
    case .costOverflow: "The prices add up to more than can be represented."
    }
  }
}
