package import CarFactory

/// One recorded build: what was asked for, and its price then. The parts are made again from
/// the model's factory when the build is shown.
package struct BuildRecord: Equatable {
  package let number: Int
  package let model: ModelID
  package let options: PartChoices
  package let price: Price
  /// The atoms the build holds beyond its part slots: equipment (`paint=red`) of a catalog
  /// model, or every selected feature of a UVL model; empty for a plain car build.
  package var values: [String] = []
  /// What the build said about its values when it was made, so `show` says it again.
  package var notes = BuildNotes()
  /// The car's name as stock lists it (`Porsche Boxster (4WD)`); `nil` for a build of
  /// features.
  var carName: String?
  /// The choices it was made from, as atoms; `nil` for a build from an older file.
  package var choices: [String]?
  /// The SHA-256 of the catalog file (JSON or UVL) that defined the model when the build was
  /// made, as a session file recorded it (SPEC §16: the store says how many records were made
  /// under a catalog that changed); `nil` for a build made in this session, under the file
  /// in force, or of a built-in model.
  package var catalog: String?

  /// A record.
  package init(
    number: Int, model: ModelID, options: PartChoices, price: Price, values: [String] = [],
    notes: BuildNotes = BuildNotes(), carName: String? = nil, choices: [String]? = nil,
    catalog: String? = nil
  ) {
    self.number = number
    self.model = model
    self.options = options
    self.price = price
    self.values = values
    self.notes = notes
    self.carName = carName
    self.choices = choices
    self.catalog = catalog
  }
}

/// What a build of a model with rules said about its values when it was made: the engine's
/// answer to the choices of that moment, kept as data (atoms and rule ids) rather than worked
/// out again; the renderers put it into words.
package struct BuildNotes: Hashable {
  /// Why values were forced or stand in for a default, by atom (`drive=4wd`).
  package var reasons: [String: BuildNote] = [:]
  /// For a UVL build: how many features the user chose, and how many were forced.
  package var chosen: Int?
  package var forced: Int?

  /// Notes.
  package init(reasons: [String: BuildNote] = [:], chosen: Int? = nil, forced: Int? = nil) {
    self.reasons = reasons
    self.chosen = chosen
    self.forced = forced
  }

  /// Whether there is nothing to say (a plain car build, or a build from an older file).
  var isEmpty: Bool { reasons.isEmpty && chosen == nil && forced == nil }
}

/// Why one value of a build is not simply the user's choice or the model's default.
package enum BuildNote: Hashable {
  /// Every valid build with the choices has it, because of these choices (atoms as typed,
  /// `-drive=4wd` for one ruled out) and rules (ids).
  case forced(choices: [String], rules: [String])
  /// It stands in for the default (that value's atom), which no valid build with the
  /// choices has; the choices and rules that exclude the default, when they were found.
  case replacesDefault(String, choices: [String], rules: [String])
  /// A note as a session file written before notes were data kept it: its words.
  case text(String)

  /// What the note cites: its rules if it has any, else its choices (a reason by rules is
  /// the more telling; the choices behind it are in `options`).
  package var causes: [String] {
    switch self {
    case .forced(let choices, let rules), .replacesDefault(_, let choices, let rules):
      rules.isEmpty ? choices : rules
    case .text: []
    }
  }
}
