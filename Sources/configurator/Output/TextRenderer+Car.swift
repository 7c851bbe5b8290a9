internal import CarFactory
internal import Dealership
import Support

/// The working car for people (SPEC §11): the car shown, each change's short block, `why`,
/// `rules`, and `options` with the price of each value added.
extension TextRenderer {
  /// `configure`, `car`, `edit`: the car, its choices, and the build `done` would record.
  func car(_ view: CarView, money: MoneySettings) {
    let line = view.line
    var heading = "Working car: \(line.model.rawValue) (\(line.title))"
    switch view.opening {
    case .opened(let replaced?), .edited(_, let replaced?):
      // What was replaced, and how to get it back (SPEC §14).
      let choices =
        replaced.choices.isEmpty ? "no choices" : replaced.choices.joined(separator: ", ")
      out.line(
        "Replaced the working car (\(replaced.model.rawValue): \(choices)); undo brings it back."
          .escapingControlCharacters)
    case .restored(let edit, let left):
      out.line(
        "\(edit.label): \(line.model.rawValue) is back in place of \(left.model.rawValue)."
          .escapingControlCharacters)
    default:
      break
    }
    if case .edited(let number, _) = view.opening { heading += ", from build #\(number)" }
    out.line(heading.escapingControlCharacters)
    let choices = view.choices.map { line.atom(of: $0) }
    out.line(
      ("Choices: " + (choices.isEmpty ? "none" : choices.joined(separator: ", ")))
        .escapingControlCharacters)
    if !view.gone.isEmpty {
      out.line(
        ("Left out: " + view.gone.joined(separator: ", ")
          + " (no longer offered by the catalog in force; the next change drops "
          + (view.gone.count == 1 ? "it" : "them") + ", undo brings "
          + (view.gone.count == 1 ? "it" : "them") + " back)").escapingControlCharacters)
    }
    out.write(bytes: block(of: view.build, money: money))
  }

  /// A change's block: the change and the running price with its difference, every value
  /// that entered or left the car with its price difference and its cause (a slot's or `one`
  /// group's swap on one line), each attribute total the change moved with its difference,
  /// then what else it made forced or excluded, each with its reason; or, refused, the
  /// conflict and the ways out, numbered, with their prices.
  func carChange(_ change: CarChange, money: MoneySettings) {
    let line = change.line
    guard let refusal = change.conflict else {
      if line.pricesBuilds {
        out.line(
          ("\(change.edit.label): \(money.shown(change.price)) "
            + "(\(Self.difference(change.price, from: change.previousPrice, money: money)))")
            .escapingControlCharacters)
      } else {
        // No prices: what the change moved and decided, counted (the counts that are not 0).
        let forced = change.decided.count { $0.state == .forced }
        let entered = change.moves.count(where: \.entered)
        let counts = [
          (entered, "in"), (change.moves.count - entered, "out"), (forced, "more forced"),
          (change.decided.count - forced, "more excluded"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        out.line(
          ("\(change.edit.label): "
            + (counts.isEmpty ? "nothing else changed" : counts.joined(separator: ", ")))
            .escapingControlCharacters)
      }
      for text in moveLines(change, money: money) {
        out.line(("  " + text).escapingControlCharacters)
      }
      // The totals the change moved, each with its difference; unchanged ones go unsaid.
      for (index, total) in change.totals.enumerated() {
        let previous =
          change.previousTotals.indices.contains(index)
          ? change.previousTotals[index] : nil
        if let text = Self.line(of: total, from: previous) { out.line("  " + text) }
      }
      for decided in change.decided {
        let reason = decided.reason.map { line.text(of: $0) } ?? "not explained in time"
        out.line(
          "  \(decided.state.rawValue) \(line.values[decided.value].atom): \(reason)"
            .escapingControlCharacters)
      }
      return
    }
    out.line(
      "\(change.edit.label): not applied: \(line.conflictText(refusal.reason)); the car stays as it is"
        .escapingControlCharacters)
    for (index, way) in refusal.waysOut.enumerated() {
      let what =
        way.dropped.isEmpty
        ? "keep the car as it is" : "drop " + way.dropped.joined(separator: " and ")
      let price = line.pricesBuilds ? way.price.map { " → \(money.shown($0))" } ?? "" : ""
      out.line("  \(index + 1)) \(what)\(price)".escapingControlCharacters)
    }
  }

  /// `+$890.00`, `-$1,250.00`, `+$0.00`.
  static func difference(_ price: Price, from previous: Price, money: MoneySettings) -> String {
    money.shownDifference(price, from: previous)
  }

  /// `why`: the value's state and why; for a default, why it is the default.
  func why(_ answer: WhyAnswer) {
    let line = answer.line
    let atom = line.values[answer.value].atom
    let text: String
    switch answer.state {
    case .chosen:
      text = "\(atom) is chosen: you chose it"
    case .default:
      text =
        "\(atom) is the default: "
        + (answer.defaultReason.map { defaultText($0, line: line) }
          ?? "the build takes it unless you choose otherwise")
    case .available:
      text = "\(atom) is available: you may choose it or leave it"
    case .undecided:
      text = "\(atom) is undecided: its check did not finish within the time limit"
    case .forced, .excluded:
      let reason = answer.reason.map { line.text(of: $0) } ?? "not explained in time"
      text = "\(atom) is \(answer.state.rawValue): \(reason)"
    }
    out.line(text.escapingControlCharacters)
  }

  /// `rules`: every rule with its expression and message.
  func rules(_ line: ProductLine) {
    guard !line.rules.isEmpty else {
      out.line("\(line.model.rawValue) has no rules.")
      return
    }
    var table = TextTable([("ID", .left), ("RULE", .left), ("MESSAGE", .left)])
    for rule in line.rules { table.append([rule.id, rule.text, rule.message ?? ""]) }
    table.write(to: out, width: width)
  }
}
