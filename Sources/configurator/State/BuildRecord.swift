internal import CarFactory

/// One recorded build: what was asked for, and its price then. The parts are made again from
/// the model's factory when the build is shown.
struct BuildRecord: Equatable {
  let number: Int
  let model: ModelID
  let options: PartChoices
  let price: Price
  /// The atoms the build holds beyond its part slots: equipment (`paint=red`) of a catalog
  /// model, or every selected feature of a UVL model; empty for a plain car build.
  var values: [String] = []
  /// What the build said about its values when it was made, so `show` says it again.
  var notes = BuildNotes()
  /// The car's name as stock lists it (`Porsche Boxster (4WD)`); `nil` for a build of
  /// features.
  var carName: String?
  /// The choices it was made from, as atoms; `nil` for a build from an older file.
  var choices: [String]?
}

/// What a build of a model with rules said about its values when it was made: the engine's
/// answer to the choices of that moment, kept as data (atoms and rule ids) rather than worked
/// out again; the renderers put it into words.
struct BuildNotes: Hashable {
  /// Why values were forced or stand in for a default, by atom (`drive=4wd`).
  var reasons: [String: BuildNote] = [:]
  /// For a UVL build: how many features the user chose, and how many were forced.
  var chosen: Int?
  var forced: Int?

  /// Whether there is nothing to say (a plain car build, or a build from an older file).
  var isEmpty: Bool { reasons.isEmpty && chosen == nil && forced == nil }
}

/// Why one value of a build is not simply the user's choice or the model's default.
enum BuildNote: Hashable {
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
  var causes: [String] {
    switch self {
    case .forced(let choices, let rules), .replacesDefault(_, let choices, let rules):
      rules.isEmpty ? choices : rules
    case .text: []
    }
  }
}
