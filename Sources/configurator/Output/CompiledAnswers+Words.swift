internal import CarFactory
internal import Dealership

/// The words the compiled answers share across formats (SPEC §17): a build as a script's
/// `build` line, why a line did not compile, limits in milliseconds and bytes.
enum CompiledAnswerWords {
  /// The decimals of a share in JSON and CSV: a percentage to six places (`36.170213`).
  static let machineDecimals = 6
  /// The decimals of a share in the text table (`36.17%`).
  static let textDecimals = 2

  /// A word as a script line takes it back: as it is, or quoted when it holds a blank, a
  /// quote or `#` (each run of text in the quote it does not hold: quotes toggle inside a
  /// word and are dropped, SPEC §4).
  static func scriptWord(_ text: String) -> String {
    // By bytes: a line of Automotive02 holds some 1,500 words.
    let plain = text.utf8.allSatisfy { byte in
      byte != 0x20 && byte != 0x09 && byte != 0x22 && byte != 0x27 && byte != 0x23
    }
    guard text.isEmpty || !plain else { return text }
    if !text.contains("\"") { return "\"" + text + "\"" }
    if !text.contains("'") { return "'" + text + "'" }
    return text.split(separator: "\"", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "\"" + $0 + "\"" }.joined(separator: "'\"'")
  }

  /// `build MODEL ATOM…`: the line that makes a drawn build again.
  static func buildLine(_ choices: [Choice], of line: ProductLine) -> String {
    (["build", scriptWord(line.model.rawValue)] + choices.map { scriptWord(line.atom(of: $0)) })
      .joined(separator: " ")
  }

  /// A duration in whole milliseconds (rounded down), for JSON and CSV.
  static func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    return overflow ? .max : product &+ attoseconds / 1_000_000_000_000_000
  }

  /// A duration for people: `5 s`, `250 ms`, `1.5 s`.
  static func text(of duration: Duration) -> String {
    let milliseconds = milliseconds(duration)
    if milliseconds < 1000 { return "\(milliseconds) ms" }
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
    var fraction = String(milliseconds % 1000)
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(milliseconds / 1000).\(fraction) s"
  }

  /// A size for people: `256 MiB`, `1.5 KiB` is shown as `1536 bytes`.
  static func text(bytes: Int) -> String {
    let mebibyte = 1 << 20
    if bytes >= mebibyte, bytes % mebibyte == 0 { return "\(bytes / mebibyte) MiB" }
    if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KiB" }
    return "\(bytes) bytes"
  }

  /// Why the line did not compile, for people.
  static func text(of stop: CompilationStop) -> String {
    switch stop {
    case .timeLimit(let limit):
      "the compilation did not finish within its time limit of \(text(of: limit))"
    case .sizeLimit(let bytes):
      "the circuit grew past its limit of \(text(bytes: bytes))"
    case .memoryLimit(let bytes):
      "the compilation reached its memory limit of \(text(bytes: bytes))"
    case .cancelled:
      "the compilation was stopped"
    case .tooManyVariables(let count):
      "the model has more variables (\(count)) than a circuit holds"
    }
  }

  /// Why the line did not compile, for programs: a stable reason and its limit.
  static func object(of stop: CompilationStop) -> JSONObject {
    var object = JSONObject()
    switch stop {
    case .timeLimit(let limit):
      object.add("reason", "time-limit")
      object.add("milliseconds", milliseconds(limit))
    case .sizeLimit(let bytes):
      object.add("reason", "size-limit")
      object.add("bytes", bytes)
    case .memoryLimit(let bytes):
      object.add("reason", "memory-limit")
      object.add("bytes", bytes)
    case .cancelled:
      object.add("reason", "cancelled")
    case .tooManyVariables(let count):
      object.add("reason", "too-many-variables")
      object.add("variables", count)
    }
    return object
  }

  /// The reason of a stop alone (CSV).
  static func reason(of stop: CompilationStop) -> String {
    switch stop {
    case .timeLimit: "time-limit"
    case .sizeLimit: "size-limit"
    case .memoryLimit: "memory-limit"
    case .cancelled: "cancelled"
    case .tooManyVariables: "too-many-variables"
    }
  }
}

/// Every value's count in digits and its percentage, each distinct count worked out once:
/// Automotive02's 18,616 values hold 440 distinct counts of some 1,530 digits, and making
/// the digits is most of what a `count … by=value` step costs (0.6 s a step without this).
struct CountCells {
  /// Per value, its count in digits (`nil`: not counted in time).
  let digits: [String?]
  /// Per value, its share as a percentage (`nil`: unknown, or no valid build).
  let percentages: [Percentage?]

  init(_ counts: ValueCounts, decimals: Int) {
    var known: [BuildCount: (String, Percentage?)] = [:]
    var digits: [String?] = []
    var percentages: [Percentage?] = []
    digits.reserveCapacity(counts.counts.count)
    percentages.reserveCapacity(counts.counts.count)
    for (index, count) in counts.counts.enumerated() {
      guard let count else {
        digits.append(nil)
        percentages.append(nil)
        continue
      }
      if known[count] == nil {
        known[count] = (count.description, counts.percentage(of: index, decimals: decimals))
      }
      digits.append(known[count]?.0)
      percentages.append(known[count]?.1)
    }
    self.digits = digits
    self.percentages = percentages
  }
}

/// Counts as a table for people shows them: in full up to 15 digits, beyond that to five
/// significant digits, rounded half to even, as `≈1.6505×10^1535` (Automotive02's counts
/// have some 1,530 digits, 20 lines each at 80 columns). JSON, CSV and `count MODEL` keep
/// every digit.
enum CountText {
  /// The most digits shown in full.
  static let fullDigits = 15

  /// A count's digits as the text table shows them.
  ///
  /// - Parameter digits: The count in decimal digits, without a sign or leading zeros.
  /// - Returns: The digits, or their rounded scientific form.
  static func compact(_ digits: String) -> String {
    let all = Array(digits.utf8)
    guard all.count > fullDigits, all.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return digits
    }
    var kept = all[0..<5].map { Int($0) - 0x30 }
    // Half to even on what follows the fifth digit: above half, or half and odd, rounds up.
    let next = Int(all[5]) - 0x30
    let restIsZero = all[6...].allSatisfy { $0 == 0x30 }
    var exponent = all.count - 1
    if next > 5 || (next == 5 && (!restIsZero || kept[4] % 2 == 1)) {
      var position = 4
      while position >= 0 {
        kept[position] += 1
        if kept[position] < 10 { break }
        kept[position] = 0
        position -= 1
      }
      if position < 0 {
        kept = [1, 0, 0, 0, 0]
        exponent += 1
      }
    }
    let mantissa = kept.map(String.init).joined()
    return "≈\(mantissa.prefix(1)).\(mantissa.dropFirst())×10^\(exponent)"
  }
}
