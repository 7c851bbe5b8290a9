internal import Dealership

/// A working car's change in words and as JSON: the one place a ``CarEdit`` is written, for
/// the text block, the JSON and CSV `label`, and the session file's history.
extension CarEdit {
  /// The change as the user would type it: `+extras=tow -drive=4wd`, `drop extras=tow`,
  /// `undo +extras=tow`, `fix 1: drop paint=red and drive=4wd, then +extras=tow`,
  /// `fix 2: keep the car as it is`, `configure hatch paint=red`, `edit 3`.
  var label: String {
    switch self {
    case .choose(let atoms):
      return atoms.map { $0.hasPrefix("-") ? $0 : "+" + $0 }.joined(separator: " ")
    case .drop(let atoms):
      return "drop " + atoms.joined(separator: " ")
    case .undo(let edit):
      return "undo " + edit.label
    case .redo(let edit):
      return "redo " + edit.label
    case .fix(let number, let dropped, let then):
      guard !dropped.isEmpty else { return "fix \(number): keep the car as it is" }
      return "fix \(number): drop \(dropped.joined(separator: " and "))"
        + (then.map { ", then \($0.label)" } ?? "")
    case .recorded(let text):
      return text
    case .configure(let model, let atoms):
      return (["configure", model] + atoms).joined(separator: " ")
    case .edit(let build):
      return "edit \(build)"
    }
  }

  /// The change's kind, as JSON and CSV name it: `choose`, `drop`, `undo`, `redo`, `fix`,
  /// `recorded`, `configure`, `edit`.
  var kind: String {
    switch self {
    case .choose: "choose"
    case .drop: "drop"
    case .undo: "undo"
    case .redo: "redo"
    case .fix: "fix"
    case .recorded: "recorded"
    case .configure: "configure"
    case .edit: "edit"
    }
  }

  /// The atoms the change names: its choices, the values it dropped, those of the change
  /// undone or made again, or the choices a way out dropped.
  var atoms: [String] {
    switch self {
    case .choose(let atoms), .drop(let atoms): atoms
    case .undo(let edit), .redo(let edit): edit.atoms
    case .fix(_, let dropped, _): dropped
    case .configure(_, let atoms): atoms
    case .recorded, .edit: []
    }
  }

  /// The change as a JSON object: `{"kind":"choose","atoms":["extras=tow"]}`,
  /// `{"kind":"undo","of":{…}}`, `{"kind":"fix","number":1,"drop":[…],"then":{…}}`,
  /// `{"kind":"recorded","text":"…"}`, `{"kind":"configure","model":"hatch","atoms":[…]}`,
  /// `{"kind":"edit","build":3}`; the same in a session file's history and in `--format json`.
  var json: JSONObject {
    var object = JSONObject()
    object.add("kind", kind)
    switch self {
    case .choose(let atoms), .drop(let atoms):
      object.add("atoms", strings: atoms)
    case .undo(let edit), .redo(let edit):
      object.add("of", edit.json)
    case .fix(let number, let dropped, let then):
      object.add("number", number)
      object.add("drop", strings: dropped)
      if let then { object.add("then", then.json) }
    case .recorded(let text):
      object.add("text", text)
    case .configure(let model, let atoms):
      object.add("model", model)
      object.add("atoms", strings: atoms)
    case .edit(let build):
      object.add("build", build)
    }
    return object
  }
}
