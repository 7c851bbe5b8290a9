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
}
