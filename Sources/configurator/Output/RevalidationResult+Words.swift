import CarFactory
import Dealership

/// The words of `revalidate` (SPEC §16), shared by the text, JSON Lines and CSV renderers:
/// each record's label, state and detail.
extension RevalidationResult.Record {
  /// `#3`, `S-6 (#1)`, `Q-1 (#1)`, `O-1 (#1)`, `car`.
  var label: String {
    switch self {
    case .build(let number): "#\(number)"
    case .stock(let number, let build): "S-\(number) (#\(build))"
    case .quote(let number, let build): "Q-\(number) (#\(build))"
    case .order(let number, let build): "O-\(number) (#\(build))"
    case .car: "car"
    }
  }

  /// The kind of record, as JSON and CSV name it.
  var kind: String {
    switch self {
    case .build: "build"
    case .stock: "stock"
    case .quote: "quote"
    case .order: "order"
    case .car: "car"
    }
  }
}

extension RevalidationResult.Verdict {
  /// `valid`, `invalid` or `unchecked` (a quote whose build was removed, a check past the
  /// time limit).
  var state: String {
    switch self {
    case .valid: "valid"
    case .invalid, .modelGone, .valueGone: "invalid"
    case .buildRemoved, .unanswered: "unchecked"
    }
  }

  /// What there is to say beyond the state: the conflict and its ways out, or a price that
  /// changed; empty for a record that stands as it was.
  func detail(model: ModelID, money: MoneySettings) -> String {
    switch self {
    case .valid(let price, let was, let asRecorded):
      let now = price.map { " now \(money.usd($0))" } ?? ""
      let then = was.map { " (was \(money.usd($0)))" } ?? ""
      guard asRecorded else {
        return "its choices still build, but not the car as recorded:\(now)\(then)"
      }
      guard let price, let was else { return "" }
      return "price now \(money.usd(price)) (was \(money.usd(was)))"
    case .invalid(let conflict):
      return CommandError.text(of: conflict)
    case .modelGone:
      return "model '\(model)' is not offered by the catalogs in force"
    case .valueGone(let atom):
      return "model '\(model)' no longer offers '\(atom)'"
    case .buildRemoved:
      return "its build was removed; nothing left to check"
    case .unanswered:
      return "the check did not finish within the time limit"
    }
  }
}

extension RevalidationResult {
  /// The headline: how many records were checked and how many do not stand.
  var headline: String {
    let records = items.count == 1 ? "1 record" : "\(items.count) records"
    let invalid = invalidCount
    let unchecked = items.count { $0.verdict.state == "unchecked" }
    var verdict =
      invalid == 0
      ? (unchecked == 0 ? "every one stands" : "none invalid")
      : "\(invalid) \(invalid == 1 ? "does" : "do") not stand"
    if unchecked > 0 { verdict += ", \(unchecked) unchecked" }
    return "\(records) checked against the catalogs in force on \(date): \(verdict)."
  }
}
