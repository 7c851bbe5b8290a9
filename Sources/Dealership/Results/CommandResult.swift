package import CarFactory
package import StockValuation

/// What a command produced, before any format: the renderers (``TextRenderer``,
/// ``JSONLinesRenderer``, ``CSVRenderer``) turn every result into output, so a new format or
/// a new command touches one place.
package indirect enum CommandResult {
  /// The command list or one command's help.
  case help(Help)
  /// The models in force.
  case models(ModelListing)
  /// A recorded build, made or shown.
  case build(BuildView)
  /// The session's builds, in number order.
  case builds(BuildListing)
  /// A build's price item by item: a quote recorded, or shown again.
  case quote(Quote)
  /// `quotes`: the recorded quotes, oldest first.
  case quotes([Quote])
  /// `order Q-K`: the order placed.
  case order(OrderEntry)
  /// `orders`: the orders, oldest first.
  case orders([OrderEntry])
  /// Two builds side by side.
  case comparison(Comparison)
  /// A stock report.
  case stock(StockReport)
  /// One stock report in several currencies (`stock usd gbp eur`): the same lines, one value
  /// column per currency.
  case stockColumns([StockReport])
  /// `stock show S-N`: a line and its specification.
  case stockLine(StockLineView)
  /// `sales`: the ledger's entries and totals.
  case sales(SalesReport)
  /// `stock aging`: the stock by days since received.
  case stockAging(StockAging)
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
  /// Every value's count and share of the valid builds (`count … by=value`).
  case valueCounts(ValueCountsResult)
  /// Builds drawn uniformly at random (`sample … N`).
  case samples(SamplesResult)
  /// A fleet covering every pair of values (`sample … pairs`).
  case fleet(FleetResult)
  /// Each model's lint findings.
  case lint([LintResult])
  /// `catalog diff`: two versions compared.
  case catalogDiff(CatalogDiffResult)
  /// `revalidate`: each record checked against the catalogs in force.
  case revalidation(RevalidationResult)
  /// The working car as it stands (`configure`, `car`, `edit`).
  case car(CarView)
  /// A change to the working car, applied or refused.
  case carChange(CarChange)
  /// `options` on the working car.
  case carOptions(CarOptions)
  /// `why`.
  case why(WhyAnswer)
  /// `rules`: a model's rules.
  case rules(ProductLine)
  /// `tree`: a model's tree with each value's state.
  case tree(TreeResult)
  /// Something the user should know that is not the command's answer (columns of an
  /// inventory that were ignored); renderers write it to the error stream.
  case warning(Warning)
}

/// The models in force: the cars (with their parts, base price and options) and the product
/// lines without parts (UVL models), each listed in a table of its own.
package struct ModelListing {
  /// A car model: its definition and a car with its default parts.
  package struct Car {
    package let definition: ModelDefinition
    package let car: CarFactory.Car
  }

  package let cars: [Car]
  /// The models whose builds are features, not parts.
  package let productLines: [ProductLine]
}

/// A recorded build as its detail block shows it: its number, its model's product line, the
/// values it holds, what it said of them when it was made, and its price. A class, so that
/// results holding it (a car's parts are existentials) are copied as one reference.
package final class BuildView {
  package let number: Int
  /// The index of its configuration in the session's build book: builds of one
  /// configuration show the same block after their number.
  package let configuration: UInt32
  package let line: ProductLine
  /// The car made again by the model's factory, for a model with part slots.
  package let car: Car?
  /// The values it holds, as indices into the line's values, in the line's order.
  package let selected: [Int]
  /// The price recorded when it was made.
  package let price: Price
  package let notes: BuildNotes
  /// For a build of features (a UVL model), how each selected feature came to be there,
  /// when the choices it was made from are known (SPEC §11).
  package let marks: FeatureMarks?

  init(
    number: Int, configuration: UInt32, line: ProductLine, car: Car?, selected: [Int],
    price: Price, notes: BuildNotes, marks: FeatureMarks? = nil
  ) {
    self.number = number
    self.configuration = configuration
    self.line = line
    self.car = car
    self.selected = selected
    self.price = price
    self.notes = notes
    self.marks = marks
  }

  /// Every declared attribute's total over the build (SPEC §13), worked out from the values
  /// it holds; empty for a model that declares none.
  package var totals: [BuildTotal] { line.totals(holding: selected) }
}

/// How the selected features of a build came to be there: the user chose them, the model
/// and the choices forced them, or the completion took them by default.
package struct FeatureMarks {
  let chosen: Set<Int>
  let forced: Set<Int>

  /// The marks of a build made from `choices`, `forced` the values it had to hold.
  init(choices: [Choice], forced: [Int]) {
    chosen = Set(choices.lazy.filter(\.isChosen).map(\.value))
    self.forced = Set(forced)
  }

  package enum Mark: String, CaseIterable {
    case chosen
    case forced
    case byDefault = "by default"
  }

  func mark(of value: Int) -> Mark {
    chosen.contains(value) ? .chosen : forced.contains(value) ? .forced : .byDefault
  }

  /// The selected values with each mark, in the line's order.
  package func values(_ selected: [Int], marked mark: Mark) -> [Int] {
    selected.filter { self.mark(of: $0) == mark }
  }
}

/// The `builds` listing, streamed: every build's number and configuration, and each distinct
/// configuration's view made once, so a renderer writes a row at constant cost and nothing
/// grows with the number of builds but the book itself.
package struct BuildListing {
  /// The builds' numbers, in order.
  let numbers: [Int]
  /// Each build's configuration index, parallel to ``numbers``.
  let configurations: [UInt32]
  /// Each configuration's view (`nil`: it can no longer be made, and its builds are left
  /// out), by configuration index; its number is that of any build of it.
  package let views: [BuildView?]
  /// Whether each configuration's builds are listed (its view is not `nil`): told per row
  /// without copying a view.
  private let listed: [Bool]

  /// A listing of builds.
  /// - Parameters:
  ///   - numbers: The builds' numbers, in order.
  ///   - configurations: Each build's configuration index, parallel to `numbers`.
  ///   - views: Each configuration's view, by configuration index.
  init(numbers: [Int], configurations: [UInt32], views: [BuildView?]) {
    self.numbers = numbers
    self.configurations = configurations
    self.views = views
    self.listed = views.map { $0 != nil }
  }

  /// Calls `body` with each build that can be made: its number and its configuration index.
  package func visit(_ body: (_ number: Int, _ configuration: Int) -> Void) {
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
  package var isEmpty: Bool {
    !configurations.contains { Int($0) < listed.count && listed[Int($0)] }
  }

  /// How many builds are left out: the models in force can no longer make them.
  package var unlisted: Int {
    configurations.count { Int($0) >= listed.count || !listed[Int($0)] }
  }

  /// The numbers of the builds left out, in order.
  package var unlistedNumbers: [Int] {
    zip(numbers, configurations).compactMap { number, configuration in
      Int(configuration) < listed.count && listed[Int(configuration)] ? nil : number
    }
  }
}

/// A change a command made to the session.
package enum SessionEvent {
  /// `remove N`.
  case removed(build: Int)
  /// `stock add N QTY`: the line's name and category, the quantity added, and how many are
  /// now in stock.
  case stockAdded(
    build: Int, stockNumber: Int, name: String, category: String, quantity: Int64,
    inStock: Int64)
  /// `stock load [--replace] FILE`: `merged` lines added to equal lines already there;
  /// `replaced` the lines removed first, with `--replace`.
  case stockLoaded(
    file: String, lines: Int, items: Int64, summarized: Bool, merged: Int, replaced: Int?)
  /// `stock remove`: the line, the quantity taken out and what is left of it.
  case stockRemoved(
    stockNumber: Int, name: String, category: String, quantity: Int64, left: Int64)
  /// `stock sell`: the ledger entry, and how many of the line are left.
  case stockSold(Sale, left: Int64)
  /// `stock sell … void`: the void entry, and how many of the line are in stock again.
  case saleVoided(Sale, inStock: Int64)
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
  case saved(file: String, SessionSummary)
  /// `load FILE`.
  case loaded(file: String, SessionSummary)
  /// `export hledger FILE`: how many transactions it wrote and the stock numbers left out.
  case exported(file: String, transactions: Int, uncosted: [Int])
  /// `catalog load FILE`: the models it added.
  case catalogLoaded(file: String, models: [ModelID])
  /// `discard`: the working car of this model was closed without being recorded.
  case carDiscarded(ModelID)
  /// `build … min=ATTR` / `max=ATTR`: build N has the lowest (highest) total of the
  /// attribute among the valid builds with its choices; the total in the attribute's smallest
  /// unit (cents for price).
  case optimised(
    build: Int, goal: Objective.Goal, attribute: String, total: Int64, scale: Int, unit: String)
  /// `dealer [NAME …]`: the profile in force, and whether the command changed it.
  case dealer(DealerProfile?, changed: Bool)
  /// `floorplan [APR%]`: the plan in force, and whether the command changed it.
  case floorPlan(FloorPlan, changed: Bool)
}

/// What `save` and `load` say of the session they wrote or read.
package struct SessionSummary {
  package let builds: Int
  package let nextBuild: Int
  package let stockLines: Int
  package let currency: Currency

  init(builds: BuildBook, stock: Stock, currency: Currency) {
    self.builds = builds.count
    self.nextBuild = builds.nextNumber
    self.stockLines = stock.lines.count
    self.currency = currency
  }
}

/// Something the user should know beside a command's answer.
package enum Warning {
  /// An inventory's columns that are not read (named once, SPEC §9): at most ten names, and
  /// how many more there were.
  case ignoredColumns(file: String, names: [String], more: Int)
  /// A catalog a store remembers, given again with `--catalog` after it changed: the store,
  /// and how many of its records were made before (SPEC §16: `revalidate` checks them).
  case catalogChanged(file: String, store: String, records: Int)

  /// The file the warning is about.
  package var file: String {
    switch self {
    case .ignoredColumns(let file, _, _): file
    case .catalogChanged(let file, _, _): file
    }
  }
}
