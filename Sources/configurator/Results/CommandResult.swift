internal import CarFactory
internal import StockValuation

/// What a command produced, before any format: the renderers (``TextRenderer``,
/// ``JSONLinesRenderer``, ``CSVRenderer``) turn every result into output, so a new format or
/// a new command touches one place.
enum CommandResult {
  /// Nothing to show (`read`, which reports its own lines; `quit`).
  case none
  /// The command list or one command's help.
  case help(Help)
  /// The models with their parts, base price and options.
  case models([ModelRow])
  /// The UVL models, after the car models.
  case featureModels([ProductLine])
  /// A recorded build: its number and the configuration it was made of.
  case build(number: Int, configuration: BuildConfiguration)
  /// The session's builds, in number order (UVL builds listed with `featureBuilds`).
  case builds(BuildListing)
  /// A recorded build of a UVL model.
  case featureBuild(number: Int, FeatureBuild)
  /// A build's price item by item.
  case quote(Quote)
  /// Two builds side by side.
  case comparison(Comparison)
  /// A stock report.
  case stock(StockReport)
  /// One stock report in several currencies (`stock usd gbp eur`): the same lines, one value
  /// column per currency.
  case stockColumns([StockReport])
  /// The report currency.
  case currency(Currency)
  /// The rates in force, table first, then the overrides.
  case rates([ExchangeRate])
  /// A change to the session, confirmed in a sentence (text) or an object (JSON).
  case event(SessionEvent)
  /// Every value's state under some choices.
  case options(OptionsResult)
  /// The number of valid builds under some choices.
  case count(CountResult)
  /// Each model's lint findings.
  case lint([LintResult])
}

/// A model as `models` lists it: its definition and a car with its default parts.
struct ModelRow {
  let definition: ModelDefinition
  let car: Car
}

/// A build configuration with its car made again: what a build's detail block shows.
struct BuildConfiguration {
  /// The index of the configuration in the session's build book, when it is recorded there
  /// (the scripted fast path caches its rendering by this index).
  let index: UInt32?
  let car: Car
  /// The price recorded for the build (the car's own price when it was made).
  let price: Price
  /// Why values of the build were forced or stand in for a default, by atom
  /// (`drive=4wd` → `forced by tow-needs-4wd`), as they were when it was made.
  var notes: [String: String] = [:]
}

/// The `builds` listing, streamed: every build's number and configuration, and each distinct
/// configuration's entry made once, so a renderer writes a row at constant cost and nothing
/// grows with the number of builds but the book itself.
struct BuildListing {
  /// The builds' numbers, in order.
  let numbers: [Int]
  /// Each build's configuration index, parallel to ``numbers``.
  let configurations: [UInt32]
  /// Each configuration's entry (`nil`: it can no longer be made, and its builds are left
  /// out), by configuration index.
  let entries: [BuildEntry?]
  /// Whether each configuration's builds are listed (its entry is not `nil`): told per row
  /// without copying an entry.
  private let listed: [Bool]

  /// A listing of builds.
  /// - Parameters:
  ///   - numbers: The builds' numbers, in order.
  ///   - configurations: Each build's configuration index, parallel to `numbers`.
  ///   - entries: Each configuration's entry, by configuration index.
  init(numbers: [Int], configurations: [UInt32], entries: [BuildEntry?]) {
    self.numbers = numbers
    self.configurations = configurations
    self.entries = entries
    self.listed = entries.map { $0 != nil }
  }

  /// Calls `body` with each build that can be made: its number and its configuration index.
  func visit(_ body: (_ number: Int, _ configuration: Int) -> Void) {
    let count = min(numbers.count, configurations.count)
    numbers.withUnsafeBufferPointer { numbers in
      configurations.withUnsafeBufferPointer { configurations in
        listed.withUnsafeBufferPointer { listed in
          for position in 0..<count {
            let configuration = Int(configurations[position])
            guard configuration < listed.count, listed[configuration] else { continue }
            body(numbers[position], configuration)
          }
        }
      }
    }
  }

  /// Whether no build can be listed.
  var isEmpty: Bool {
    !configurations.contains { Int($0) < listed.count && listed[Int($0)] }
  }
}

/// One build of the `builds` listing: a car, or a UVL model's features.
enum BuildEntry {
  case car(BuildConfiguration)
  case features(FeatureBuild)
}

/// A build of a UVL model (SPEC §8): its selected features and how they came about.
struct FeatureBuild {
  let line: ProductLine
  /// The selected features, as value indices, in file order.
  let selected: [Int]
  /// How many the user chose, and how many were forced (known for a fresh build only).
  let chosen: Int?
  let forced: Int?
  /// The price, when the model's features carry prices.
  let price: Price?
}

/// A change a command made to the session.
enum SessionEvent {
  /// `remove N`.
  case removed(build: Int)
  /// `stock add N QTY`: the line's name and category, the quantity added, and how many are
  /// now in stock.
  case stockAdded(build: Int, name: String, category: String, quantity: Int64, inStock: Int64)
  /// `stock load FILE`.
  /// `stock load [--replace] FILE`: `merged` lines added to equal lines already there;
  /// `replaced` the lines removed first, with `--replace`.
  case stockLoaded(
    file: String, lines: Int, items: Int64, summarized: Bool, merged: Int, replaced: Int?)
  /// `stock remove`: the line, the quantity taken out and what is left of it.
  case stockRemoved(name: String, category: String, quantity: Int64, left: Int64)
  /// `stock clear`.
  case stockCleared(linesRemoved: Int)
  /// `currency CODE`.
  case currencySet(Currency)
  /// `rate CODE VALUE`.
  case rateSet(ExchangeRate)
  /// `rate CODE reset` / `rates reset`: the overrides removed, and the table rates now in
  /// force for their currencies (none when the table has no rate for one).
  case ratesReset(removed: [ExchangeRate], inForce: [ExchangeRate])
  /// `save FILE`.
  case saved(file: String, state: SessionState)
  /// `load FILE`.
  case loaded(file: String, state: SessionState)
  /// `catalog load FILE`: the models it added or replaced.
  case catalogLoaded(file: String, models: [ModelID])
}
