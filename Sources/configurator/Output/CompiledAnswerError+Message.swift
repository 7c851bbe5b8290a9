internal import CarFactory
internal import Dealership

/// The words of the compiled answers' refusals (SPEC §17), which reach users as
/// ``CommandError/failed(command:_:)`` of `sample`.
extension CommandError {
  /// `the model did not compile: …; samples need the compiled form`, and the limits.
  static func text(of refusal: CompiledAnswerError) -> String {
    switch refusal {
    case .notCompiled(let stop):
      return "the model did not compile (\(CompiledAnswerWords.text(of: stop))); samples and "
        + "pairs need its compiled form ('count MODEL by=value' still counts by #SAT)"
    case .tooManySamples(let requested, let limit):
      return "\(grouped(requested)) builds are too many: sample draws at most "
        + "\(grouped(limit)) at a time"
    case .tooManyValuesForPairs(let values, let limit):
      return "the model has \(grouped(values)) values; pairs are covered on models of at "
        + "most \(grouped(limit)) values"
    }
  }

  /// A whole number with a comma every three digits (`100,000`), as messages write limits.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return (number < 0 ? "-" : "") + text
  }
}
