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
  /// in `currency`), then a row per value it decided (`forced`, `excluded`), or, refused, a row per way out (`way`, its number in
  /// `state`, the choices it drops in `atom`, its price).
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
    for decided in change.decided {
      out.line(
        CSV.row(
          edit + [
            "decided", line.values[decided.value].atom, decided.state.rawValue, "",
            "", "",
            decided.reason.map { $0.choices.map { line.atom(of: $0) }.joined(separator: ";") }
              ?? "",
            decided.reason.map { $0.rules.joined(separator: ";") } ?? "",
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

  /// `why`: one row.
  func why(_ answer: WhyAnswer) {
    let line = answer.line
    header(CSV.row(["model", "atom", "state", "reason_choices", "reason_rules"]))
    out.line(
      CSV.row([
        line.model.rawValue, line.values[answer.value].atom, answer.state.rawValue,
        answer.reason.map { $0.choices.map { line.atom(of: $0) }.joined(separator: ";") } ?? "",
        answer.reason.map { $0.rules.joined(separator: ";") } ?? "",
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
