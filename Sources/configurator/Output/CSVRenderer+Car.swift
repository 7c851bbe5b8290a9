internal import CarFactory
internal import Dealership

/// The working car as CSV tables (SPEC §11).
extension CSVRenderer {
  /// `configure`, `car`, `edit`: one row: the model, the choices (`;`-joined), the price
  /// (empty for a model without prices), then a column per declared attribute, named by its
  /// id, with the total (SPEC §13).
  func car(_ view: CarView) {
    let priced = view.line.pricesBuilds
    let totals = view.build.totals
    header(CSV.row(["model", "choices", "price", "currency"] + totals.map(\.attribute.id)))
    out.line(
      CSV.row(
        [
          view.line.model.rawValue,
          view.choices.map { view.line.atom(of: $0) }.joined(separator: ";"),
          priced ? Self.decimal(view.price) : "", priced ? "USD" : "",
        ] + totals.map(\.plainText)))
  }

  /// A change: every row starts with the change's `label` (its words), `edit` (its kind:
  /// `choose`, `drop`, `undo`, `redo`, `fix`) and `edit_atoms` (the atoms it names); then a
  /// `price` row (the price after it, and before it), a `total` row per declared
  /// attribute (its id in `atom`, the total after and before in the price columns, its unit
  /// in `currency`), then a row per value that entered or left the car (`added`, `removed`:
  /// its cause's kind in `state` — `chosen`, `ruledOut`, `forced`, `package:ATOM`,
  /// `defaultGaveWay`, … —, its price difference in `price`, the cause's reason), a row per
  /// other value it decided (`decided`: `forced`, `excluded`), or, refused, a row per way out
  /// (`way`, its number in `state`, the choices it drops in `atom`, its price). Deciding
  /// groups are cited in `reason_rules` by their ids (`group paint`).
  func carChange(_ change: CarChange) {
    let line = change.line
    let priced = line.pricesBuilds
    // The change in words, its kind and the atoms it names, first on every row (its key).
    let edit = [change.edit.label, change.edit.kind, change.edit.atoms.joined(separator: ";")]
    header(
      CSV.row([
        "label", "edit", "edit_atoms", "kind", "atom", "state", "price", "previous_price",
        "currency", "reason_choices", "reason_rules",
      ]))
    out.line(
      CSV.row(
        edit + [
          change.conflict == nil ? "price" : "refused", "", "",
          priced ? Self.decimal(change.price) : "",
          priced ? Self.decimal(change.previousPrice) : "",
          priced ? "USD" : "",
          change.conflict.map { $0.reason.choices.map { line.atom(of: $0) }.joined(separator: ";") }
            ?? "",
          change.conflict.map { $0.reason.rules.joined(separator: ";") } ?? "",
        ]))
    // Each declared attribute's total after the change and before it, its unit in `currency`.
    for (index, total) in change.totals.enumerated() {
      let previous =
        change.previousTotals.indices.contains(index)
        ? change.previousTotals[index].plainText : ""
      out.line(
        CSV.row(
          edit + [
            "total", total.attribute.id, "", total.plainText, previous,
            total.attribute.unit, "", "",
          ]))
    }
    // Every value that entered or left (SPEC §14): `added` or `removed` in `kind`, its cause
    // in `state`, its price difference in `price`, the cause's reason.
    for move in change.moves {
      let reason: Explanation?
      switch move.cause {
      case .forced(let why), .excluded(let why), .gaveWay(let why): reason = why
      default: reason = nil
      }
      out.line(
        CSV.row(
          edit + [
            move.entered ? "added" : "removed", line.values[move.value].atom,
            Self.causeKind(move.cause, entered: move.entered, line: line),
            priced ? Self.decimal(Price(cents: move.difference)) : "", "", priced ? "USD" : "",
            reason.map { $0.choices.map { line.atom(of: $0) }.joined(separator: ";") } ?? "",
            reason.map { Self.ruleIDs($0, line: line) } ?? "",
          ]))
    }
    for decided in change.decided {
      out.line(
        CSV.row(
          edit + [
            "decided", line.values[decided.value].atom, decided.state.rawValue, "",
            "", "",
            decided.reason.map { $0.choices.map { line.atom(of: $0) }.joined(separator: ";") }
              ?? "",
            decided.reason.map { Self.ruleIDs($0, line: line) } ?? "",
          ]))
    }
    for (index, way) in (change.conflict?.waysOut ?? []).enumerated() {
      out.line(
        CSV.row(
          edit + [
            "way", way.dropped.joined(separator: ";"), String(index + 1),
            priced ? way.price.map { Self.decimal($0) } ?? "" : "", "",
            priced && way.price != nil ? "USD" : "", "", "",
          ]))
    }
  }

  /// A cause's kind as JSON names it (`chosen`, `ruledOut`, `forced`, `package:extras=family`,
  /// `defaultGaveWay`, …), a package with its atom.
  private static func causeKind(_ cause: CarMove.Cause, entered: Bool, line: ProductLine)
    -> String
  {
    switch cause {
    case .chosen: entered ? "chosen" : "ruledOut"
    case .unchosen: "unchosen"
    case .forced: "forced"
    case .excluded: "excluded"
    case .package(let package): "package:" + line.values[package].atom
    case .gaveWay: "defaultGaveWay"
    case .defaultAgain: "defaultAgain"
    case .notNeeded: "notNeeded"
    case .completion: "completion"
    }
  }

  /// A reason's rules, `;`-separated, the deciding groups after them (`group paint`).
  static func ruleIDs(_ reason: Explanation, line: ProductLine) -> String {
    (reason.rules
      + reason.groups.compactMap {
        line.groupRules.indices.contains($0) ? line.groupRules[$0].id : nil
      })
      .joined(separator: ";")
  }

  /// `why`: one row.
  func why(_ answer: WhyAnswer) {
    let line = answer.line
    // A default's reason is why its group's usual value gave way (or why it is needed).
    var reason = answer.reason
    switch answer.defaultReason {
    case .usualExcluded(_, let why, _)?, .usualGivesWay(_, let why, _)?, .needed(let why)?:
      reason = why
    default: break
    }
    header(CSV.row(["model", "atom", "state", "reason_choices", "reason_rules"]))
    out.line(
      CSV.row([
        line.model.rawValue, line.values[answer.value].atom, answer.state.rawValue,
        reason.map { $0.choices.map { line.atom(of: $0) }.joined(separator: ";") } ?? "",
        reason.map { Self.ruleIDs($0, line: line) } ?? "",
      ]))
  }

  /// `rules`: a row per rule.
  func rules(_ line: ProductLine) {
    header(CSV.row(["model", "id", "expression", "message"]))
    for rule in line.rules {
      out.line(CSV.row([line.model.rawValue, rule.id, rule.text, rule.message ?? ""]))
    }
  }
}
