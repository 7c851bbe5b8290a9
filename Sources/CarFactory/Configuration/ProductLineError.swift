/// Why a model could not be compiled for the configuration engine: where in the model's
/// catalog entry (`rules[1].rule`, relative to the model) and what is wrong.
struct ProductLineError: Error, Hashable, Sendable {
  /// The path inside the model's catalog entry; empty for the model as a whole.
  let path: String
  /// What is wrong, naming the bad value.
  let reason: String
}
