internal import Dealership

/// The words Tab completion offers, by where they go in a command line.
///
/// The interactive mode makes one from its session (``init(session:)``); tests make one from
/// fixed lists.
struct CompletionVocabulary {
  /// Command names, for the first word (and after `help`).
  var commands: [String]
  /// Model ids, after `build`, `options`, `count`, `lint`, `configure`, `rules` and `why`.
  var models: () -> [String]
  /// A model's slot and group names, for `SLOT=` after `build MODEL` (or `options`, `count`).
  var slots: (_ model: String) -> [String]
  /// The values of a slot or group still possible given the choices already on the line
  /// (SPEC §7), for `SLOT=VALUE`.
  var values: (_ model: String, _ slot: String, _ given: [String]) -> [String]
  /// A UVL model's features still possible given the choices already on the line.
  var features: (_ model: String, _ given: [String]) -> [String] = { _, _ in [] }
  /// What `group=` and `tree MODEL` name: a catalog model's slots and groups, every feature
  /// of a UVL model.
  var groups: (_ model: String) -> [String] = { _ in [] }
  /// Currency codes, after `stock`, `currency` and `rate`.
  var currencies: [String]
  /// The entries of a folder, for file arguments.
  var files: (_ folder: String) -> [FolderEntry]
  /// The numbers of the session's builds, after `show`, `quote`, `compare`, `remove`, `edit`
  /// and `stock add`.
  var builds: () -> [Int] = { [] }
  /// The stock's categories, after `category=`.
  var categories: () -> [String] = { [] }
  /// The stock numbers in stock (`S-3`), after `stock sell`, `stock show` and `stock remove`.
  var stockNumbers: () -> [String] = { [] }
  /// The working car, when one is open: its values for `+`, `-`, `choose`, `drop` and `why`,
  /// and its ways out for `fix`.
  var car: () -> CarVocabulary? = { nil }

  /// Words after `stock` other than currency codes.
  static let stockActions = InvocationParser.stockSubcommands.sorted()
}

/// One entry of a folder listing.
struct FolderEntry: Equatable {
  var name: String
  var isFolder: Bool
}
