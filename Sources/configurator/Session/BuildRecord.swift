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
}

/// What a build of a model with rules said about its values when it was made: the reasons
/// are the engine's answer to the choices of that moment, kept rather than worked out again.
struct BuildNotes: Hashable {
  /// Why values were forced or stand in for a default, by atom (`drive=4wd` → `forced by
  /// tow-needs-4wd`).
  var reasons: [String: String] = [:]
  /// For a UVL build: how many features the user chose, and how many were forced.
  var chosen: Int?
  var forced: Int?

  /// Whether there is nothing to say (a plain car build, or a build from an older file).
  var isEmpty: Bool { reasons.isEmpty && chosen == nil && forced == nil }
}
