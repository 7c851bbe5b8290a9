internal import Dealership
import Support

/// A working car's change in a session file (``CarEdit/json``):
/// `{"kind":"choose","atoms":["extras=tow"]}`, `{"kind":"drop","atoms":[…]}`,
/// `{"kind":"undo","of":{…}}`, `{"kind":"redo","of":{…}}`,
/// `{"kind":"fix","number":1,"drop":[…],"then":{…}}` (`then` may be left out),
/// `{"kind":"recorded","text":"…"}`, and from version 6 `{"kind":"configure","model":…,
/// "atoms":[…]}` and `{"kind":"edit","build":3}`. A string in its place is the label an older file kept
/// (versions 4 and before), read as words recorded.
struct SessionCarEdit: Decodable {
  let edit: CarEdit

  enum CodingKeys: String, CodingKey, CaseIterable {
    case kind, atoms, of, number, drop, then, text, model, build
  }

  init(from decoder: any Decoder) throws {
    if let text = decoder.string() {
      edit = .recorded(text)
      return
    }
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let kindField = try container.requiredDecoder(forKey: .kind)
    guard let kind = kindField.string() else { throw kindField.wrongType(expected: .string) }
    switch kind {
    case "choose": edit = .choose(try container.decode([String].self, forKey: .atoms))
    case "drop": edit = .drop(try container.decode([String].self, forKey: .atoms))
    case "undo": edit = .undo(try container.decode(SessionCarEdit.self, forKey: .of).edit)
    case "redo": edit = .redo(try container.decode(SessionCarEdit.self, forKey: .of).edit)
    case "fix":
      let number = try SessionFields.wholeNumber(
        try container.requiredDecoder(forKey: .number), minimum: 1)
      edit = .fix(
        number: Int(number), dropped: try container.decode([String].self, forKey: .drop),
        then: try container.decodeIfPresent(SessionCarEdit.self, forKey: .then)?.edit)
    case "recorded": edit = .recorded(try container.decode(String.self, forKey: .text))
    case "configure":
      edit = .configure(
        model: try container.decode(String.self, forKey: .model),
        atoms: try container.decode([String].self, forKey: .atoms))
    case "edit":
      edit = .edit(
        build: Int(
          try SessionFields.wholeNumber(try container.requiredDecoder(forKey: .build), minimum: 1)))
    default:
      throw kindField.invalid(
        "unknown kind '\(kind)' (kinds: choose, drop, undo, redo, fix, recorded, configure, edit)")
    }
  }
}
