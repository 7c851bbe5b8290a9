internal import CarFactory
internal import Dealership

/// The working car for programs (SPEC §11): every change is one `{"type":"car",…}` object
/// with the model, the choices, the price, the changes with their reasons as data, and a
/// conflict's ways out.
extension JSONLinesRenderer {
  /// `configure`, `car`, `edit`: `{"type":"car","event":"opened"|"edited"|"shown",…}`.
  func car(_ view: CarView, money: MoneySettings) -> JSONObject {
    var object = JSONObject()
    object.add("type", "car")
    switch view.opening {
    case .opened(let replaced):
      object.add("event", "opened")
      if let replaced {
        object.add("replaced", replaced.model.rawValue)
        object.add("replacedChoices", strings: replaced.choices)
      }
    case .edited(let number, let replaced):
      object.add("event", "edited")
      object.add("editing", number)
      if let replaced {
        object.add("replaced", replaced.model.rawValue)
        object.add("replacedChoices", strings: replaced.choices)
      }
    case .restored(let edit, let left):
      object.add("event", "restored")
      object.add("change", edit.json)
      object.add("label", edit.label)
      object.add("replaced", left.model.rawValue)
      object.add("replacedChoices", strings: left.choices)
    case .shown:
      object.add("event", "shown")
    }
    object.add("model", view.line.model.rawValue)
    object.add("choices", strings: view.choices.map { view.line.atom(of: $0) })
    if !view.gone.isEmpty { object.add("gone", strings: view.gone) }
    if view.line.pricesBuilds { object.add("price", Self.usd(view.price)) }
    let build = view.build.car.map { detail($0, view.build) } ?? features(view.build)
    object.add("build", build)
    return object
  }

  /// A change: `{"type":"car","event":"changed"|"refused","change":{"kind":…},"label":…,
  /// "choices":[…],
  /// "price":…,"previousPrice":…,"totals":[…],"added":[…],"removed":[…],
  /// "changes":[{atom,state,reason}],"conflict":{…}}`; `totals` only for a model that
  /// declares attributes; `added` and `removed` every value that entered or left, with its
  /// cause and price difference (``move(_:_:)``), `changes` what else it made forced or
  /// excluded.
  func carChange(_ change: CarChange) -> JSONObject {
    let line = change.line
    var object = JSONObject()
    object.add("type", "car")
    object.add("event", change.conflict == nil ? "changed" : "refused")
    object.add("change", change.edit.json)
    object.add("label", change.edit.label)
    object.add("model", line.model.rawValue)
    object.add("choices", strings: change.choices.map { line.atom(of: $0) })
    // A model without prices has none to give (as a build of it has none).
    if line.pricesBuilds {
      object.add("price", Self.usd(change.price))
      object.add("previousPrice", Self.usd(change.previousPrice))
    }
    Self.add(change.totals, previous: change.previousTotals, to: &object)
    // Every value that entered or left, with its cause and price difference (SPEC §14).
    object.add("added", change.moves.filter(\.entered).map { move(change, $0) })
    object.add("removed", change.moves.filter { !$0.entered }.map { move(change, $0) })
    object.add(
      "changes",
      change.decided.map { decided in
        var entry = JSONObject()
        entry.add("atom", line.values[decided.value].atom)
        entry.add("state", decided.state.rawValue)
        if let reason = decided.reason { entry.add("reason", self.reason(reason, line: line)) }
        return entry
      })
    if let refusal = change.conflict {
      var conflict = self.reason(refusal.reason, line: line)
      conflict.add(
        "waysOut",
        refusal.waysOut.enumerated().map { index, way in
          var entry = JSONObject()
          entry.add("number", index + 1)
          entry.add("drop", strings: way.dropped)
          if let price = way.price, line.pricesBuilds {
            entry.add("price", Self.usd(price))
          } else {
            entry.add("price", nil as String?)
          }
          return entry
        })
      object.add("conflict", conflict)
    }
    return object
  }

  /// `why`: `{"type":"why","model":…,"atom":…,"state":…,"choices":[…],"reason":{…}}`, and
  /// for a default `"default":{"kind":…}` (``defaultReason(_:line:)``).
  func why(_ answer: WhyAnswer) -> JSONObject {
    let line = answer.line
    var object = JSONObject()
    object.add("type", "why")
    object.add("model", line.model.rawValue)
    object.add("atom", line.values[answer.value].atom)
    object.add("state", answer.state.rawValue)
    object.add("choices", strings: answer.choices.map { line.atom(of: $0) })
    if let reason = answer.reason { object.add("reason", self.reason(reason, line: line)) }
    if let why = answer.defaultReason { object.add("default", defaultReason(why, line: line)) }
    return object
  }

  /// `rules`: `{"type":"rules","model":…,"rules":[{id,expression,message}]}`.
  func rules(_ line: ProductLine) -> JSONObject {
    var object = JSONObject()
    object.add("type", "rules")
    object.add("model", line.model.rawValue)
    object.add("rules", line.rules.map { Self.rule($0.id, line: line) })
    return object
  }
}
