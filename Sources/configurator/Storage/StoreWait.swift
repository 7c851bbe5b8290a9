internal import Dealership
import Support

/// How long `--wait SECONDS` lets a process wait for another one to let its `--store` go,
/// held as whole milliseconds (the text is read exactly: no `Double`).
struct StoreWait: Equatable, Sendable, CustomStringConvertible {
  /// The wait in milliseconds (0 to ``maximumSeconds`` × 1000).
  let milliseconds: Int

  /// No wait: a held store fails at once (the default).
  static let none = StoreWait(milliseconds: 0)

  /// The longest wait accepted: a day, far past any cron schedule, and far from overflow.
  static let maximumSeconds = 86_400

  /// The finest step accepted (milliseconds): more decimals than this would only pretend.
  static let maximumFractionDigits = 3

  /// Creates a wait of `milliseconds`.
  ///
  /// - Parameter milliseconds: The wait (0 or more).
  init(milliseconds: Int) {
    self.milliseconds = milliseconds
  }

  /// Reads `SECONDS` as `--wait` takes it: digits with at most three decimals (`5`, `0.5`,
  /// `1.25`), from 0 to a day; `nil` when `text` is not such a number.
  ///
  /// - Parameter text: The option's value.
  init?(parsing text: String) {
    guard let number = try? DecimalSyntax.parse(text, allowingNegative: false),
      number.fractionDigits <= Self.maximumFractionDigits
    else { return nil }
    var scale: UInt64 = 1
    for _ in number.fractionDigits..<Self.maximumFractionDigits { scale *= 10 }
    // At most 19 digits were read: the product can overflow, so it is checked.
    let (value, overflow) = number.magnitude.multipliedReportingOverflow(by: scale)
    guard !overflow, value <= UInt64(Self.maximumSeconds * 1000) else { return nil }
    self.milliseconds = Int(value)
  }

  /// The wait in seconds as a person would write it (`0.1 s`, `5 s`).
  var description: String {
    let whole = milliseconds / 1000
    let fraction = milliseconds % 1000
    guard fraction > 0 else { return "\(whole) s" }
    var digits = String(fraction)
    while digits.count < 3 { digits = "0" + digits }
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(whole).\(digits) s"
  }
}
