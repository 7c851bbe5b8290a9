internal import CarFactory
internal import Dealership
internal import StockValuation
import Support

/// One build of a session file: `{"number":1,"model":"sports","options":{"drive":"4wd"},
/// "price":"76550.00"}`.
struct SessionBuild: Decodable {
  /// Where the build is in the file (`builds[0]`), for later messages.
  var path: String
  let number: Int
  let model: String
  let options: PartChoices
  let price: Price
  /// Equipment or UVL features held (absent for a plain car build).
  let values: [String]
  /// For a UVL build: the model's file and the digest of its bytes.
  let modelFile: String?
  let modelDigest: String?
  /// What the build said about its values when it was made (absent in files from before
  /// notes were kept, and for plain car builds): `"notes":{"drive=4wd":{"kind":"forced",
  /// "choices":[],"rules":["r1"]}}` (version 1 files wrote words: `"forced by r1"`), and for a
  /// UVL build `"chosen":2,"forced":5`.
  let notes: BuildNotes
  /// The choices the build was made from, as atoms (absent in files from before they were
  /// kept): what `edit N` opens.
  let choices: [String]?
  /// The SHA-256 of the catalog file its model came from when it was made, when it is not
  /// the one the file's `catalogs` record for that file (absent in files from before version
  /// 9, and for a built-in model's build).
  let catalog: String?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case number, model, options, price, values, notes, chosen, forced, modelFile, modelDigest
    case choices, catalog
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    number = Int(
      try SessionFields.wholeNumber(container.requiredDecoder(forKey: .number), minimum: 1))
    model = try container.decode(String.self, forKey: .model)
    options = try container.decode(SessionOptions.self, forKey: .options).choices
    price = Price(
      cents: try SessionFields.amount(container.requiredDecoder(forKey: .price)).minorUnits)
    values = try container.decodeIfPresent([String].self, forKey: .values) ?? []
    var notes = BuildNotes()
    notes.reasons =
      try container.decodeIfPresent([String: SessionNote].self, forKey: .notes)?
      .mapValues(\.note) ?? [:]
    for key in [CodingKeys.chosen, .forced] where container.contains(key) {
      let count = Int(
        try SessionFields.wholeNumber(
          container.requiredDecoder(forKey: key), minimum: 0, maximum: Int64(Int32.max)))
      if key == .chosen { notes.chosen = count } else { notes.forced = count }
    }
    self.notes = notes
    choices = try container.decodeIfPresent([String].self, forKey: .choices)
    modelFile = try container.decodeIfPresent(String.self, forKey: .modelFile)
    modelDigest = try container.decodeIfPresent(String.self, forKey: .modelDigest)
    catalog = try container.optionalDecoder(forKey: .catalog).map(SessionCatalogFile.digest)
  }

  /// The build as one line of the file.
  static func json(_ record: BuildRecord, source: SessionState.ModelSource? = nil) -> String {
    var object = JSONObject()
    object.add("number", record.number)
    object.add("model", record.model.rawValue)
    object.add("options", SessionOptions.json(record.options))
    object.add("price", Money(minorUnits: record.price.cents, currency: .usd).decimalString)
    if !record.values.isEmpty { object.add("values", strings: record.values) }
    if !record.notes.reasons.isEmpty {
      var reasons = JSONObject()
      for atom in record.notes.reasons.keys.sorted() {
        switch record.notes.reasons[atom] {
        case .text(let words)?: reasons.add(atom, words)
        case let note?: reasons.add(atom, SessionNote.json(note))
        case nil: break
        }
      }
      object.add("notes", reasons)
    }
    if let choices = record.choices { object.add("choices", strings: choices) }
    if let chosen = record.notes.chosen { object.add("chosen", chosen) }
    if let forced = record.notes.forced { object.add("forced", forced) }
    if let file = source?.file, let digest = source?.digest {
      object.add("modelFile", file)
      object.add("modelDigest", digest)
    }
    // A build made under the catalog the file records for its model (a build of this
    // session, most builds) leaves its digest to that record: a store of a million builds
    // would otherwise repeat it a million times.
    if let catalog = record.catalog, catalog != source?.catalog { object.add("catalog", catalog) }
    return object.rendered
  }
}

/// A build's options: `{"drive":"4wd"}`, a part per slot that differs from the default.
struct SessionOptions: Decodable {
  let choices: PartChoices

  enum CodingKeys: String, CodingKey, CaseIterable {
    case floorplan, suspension, drive
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    var choices = PartChoices()
    for slot in PartSlot.allCases {
      guard let key = CodingKeys(rawValue: slot.rawValue) else { continue }
      if let part = try container.decodeIfPresent(String.self, forKey: key) {
        choices[slot] = PartID(part)
      }
    }
    self.choices = choices
  }

  /// The options as a JSON object.
  static func json(_ choices: PartChoices) -> JSONObject {
    var object = JSONObject()
    for slot in PartSlot.allCases {
      if let part = choices[slot] { object.add(slot.rawValue, part.rawValue) }
    }
    return object
  }
}

/// One note of a build: `{"kind":"forced","choices":["extras=tow"],"rules":["r1"]}`,
/// `{"kind":"insteadOf","default":"wheels=16in","choices":[],"rules":["r2"]}`, or (as
/// version 1 files wrote them) the note's words as a string.
struct SessionNote: Decodable {
  let note: BuildNote

  enum CodingKeys: String, CodingKey, CaseIterable {
    case kind, `default`, choices, rules
  }

  init(from decoder: any Decoder) throws {
    if let words = decoder.string() {
      note = .text(words)
      return
    }
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let kindField = try container.requiredDecoder(forKey: .kind)
    guard let kind = kindField.string() else { throw kindField.wrongType(expected: .string) }
    let choices = try container.decodeIfPresent([String].self, forKey: .choices) ?? []
    let rules = try container.decodeIfPresent([String].self, forKey: .rules) ?? []
    switch kind {
    case "forced":
      note = .forced(choices: choices, rules: rules)
    case "insteadOf":
      let field = try container.requiredDecoder(forKey: .default)
      guard let atom = field.string() else { throw field.wrongType(expected: .string) }
      note = .replacesDefault(atom, choices: choices, rules: rules)
    default:
      throw kindField.invalid("unknown kind '\(kind)' (kinds: forced, insteadOf)")
    }
  }

  /// A note as the file writes it (a note of words is written as its string).
  static func json(_ note: BuildNote) -> JSONObject {
    var object = JSONObject()
    switch note {
    case .forced(let choices, let rules):
      object.add("kind", "forced")
      object.add("choices", strings: choices)
      object.add("rules", strings: rules)
    case .replacesDefault(let atom, let choices, let rules):
      object.add("kind", "insteadOf")
      object.add("default", atom)
      object.add("choices", strings: choices)
      object.add("rules", strings: rules)
    case .text:
      break
    }
    return object
  }
}
