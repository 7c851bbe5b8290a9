internal import CarFactory
internal import Dealership
import Support

/// The working car of a session file (SPEC §11): `{"model":"hatch","choices":["paint=red"],
/// "undo":[{"edit":{"kind":"choose","atoms":["paint=red"]},"choices":[]}],"redo":[],
/// "waysOut":[],"editing":3}`; the
/// history and ways out may be left out (empty), `editing` when the car was not opened from a
/// build. A step of the history may hold a whole car (version 6: the car `configure` or `edit
/// N` replaced, `"replaced":{…}`).
struct SessionCar: Decodable {
  /// Where the car is in the file, for later messages.
  var path: String
  let car: WorkingCar
  /// The cars its history's steps hold, each checked as the car is.
  let replaced: [SessionCar]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case model, choices, undo, redo, waysOut, editing
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    var car = WorkingCar(
      model: ModelID(try container.decode(String.self, forKey: .model)),
      choices: try container.decode([String].self, forKey: .choices))
    let undo = try container.decodeIfPresent([SessionStep].self, forKey: .undo) ?? []
    let redo = try container.decodeIfPresent([SessionStep].self, forKey: .redo) ?? []
    car.undo = undo.map(\.step)
    car.redo = redo.map(\.step)
    replaced = (undo + redo).compactMap(\.replaced)
    car.waysOut =
      try container.decodeIfPresent([SessionWayOut].self, forKey: .waysOut)?.map(\.way) ?? []
    if let field = try container.optionalDecoder(forKey: .editing) {
      car.editing = Int(try SessionFields.wholeNumber(field, minimum: 1))
    }
    self.car = car
  }

  /// The car as the file writes it, on one line.
  static func json(_ car: WorkingCar) -> JSONObject {
    var object = JSONObject()
    object.add("model", car.model.rawValue)
    object.add("choices", strings: car.choices)
    object.add("undo", car.undo.map(SessionStep.json))
    object.add("redo", car.redo.map(SessionStep.json))
    object.add(
      "waysOut",
      car.waysOut.map { way in
        var entry = JSONObject()
        entry.add("drop", strings: way.dropped)
        entry.add("choices", strings: way.choices)
        if let change = way.change { entry.add("change", change.json) }
        return entry
      })
    if let editing = car.editing { object.add("editing", editing) }
    return object
  }
}

/// One change of a working car's history:
/// `{"edit":{"kind":"choose","atoms":["extras=tow"]},"choices":["paint=red"]}`; files of
/// version 4 and before kept the change's words instead (`"label":"+extras=tow"`). A step
/// that swaps in another car (version 6: `configure` or `edit N` over an open car) holds it:
/// `{"edit":{"kind":"configure",…},"choices":[],"replaced":{"model":…,…}}`.
struct SessionStep: Decodable {
  let step: WorkingCar.Step
  /// The car the step swaps in, as read.
  let replaced: SessionCar?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case edit, label, choices, replaced
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let edit: CarEdit
    if let field = try container.optionalDecoder(forKey: .edit) {
      edit = try SessionCarEdit(from: field).edit
    } else {
      edit = .recorded(try container.decode(String.self, forKey: .label))
    }
    let choices = try container.decode([String].self, forKey: .choices)
    replaced = try container.decodeIfPresent(SessionCar.self, forKey: .replaced)
    if let replaced {
      step = WorkingCar.Step(edit: edit, replacing: replaced.car)
    } else {
      step = WorkingCar.Step(edit: edit, choices: choices)
    }
  }

  static func json(_ step: WorkingCar.Step) -> JSONObject {
    var object = JSONObject()
    object.add("edit", step.edit.json)
    object.add("choices", strings: step.choices)
    if let car = step.replaced { object.add("replaced", SessionCar.json(car)) }
    return object
  }
}

/// One way out of a working car's last conflict: `{"drop":["paint=red"],"choices":[…]}`.
struct SessionWayOut: Decodable {
  let way: WorkingCar.WayOut

  enum CodingKeys: String, CodingKey, CaseIterable {
    case drop, choices, change
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    way = WorkingCar.WayOut(
      dropped: try container.decode([String].self, forKey: .drop),
      choices: try container.decode([String].self, forKey: .choices),
      change: try container.decodeIfPresent(SessionCarEdit.self, forKey: .change)?.edit)
  }
}
