package import CarFactory

/// The session's builds, numbered from 1 in the order they were made; a removed number is
/// not reused.
///
/// A script may record millions of builds, and most repeat a few configurations, so each
/// distinct configuration (model, options, price) is kept once and a build is just its number
/// and the index of its configuration: 12 bytes a build, plus array growth.
package struct BuildBook: Equatable {
  /// A distinct configuration that builds refer to.
  package struct Configuration: Hashable {
    let model: ModelID
    let options: PartChoices
    let price: Price
    /// Equipment or UVL features held (see ``BuildRecord/values``).
    var values: [String] = []
    /// What the build said about its values (see ``BuildRecord/notes``).
    var notes = BuildNotes()
    /// The car's name as stock lists it (`Porsche Boxster (4WD)`); `nil` for a build of
    /// features (a UVL model), which is no car to stock.
    var carName: String?
    /// The choices the build was made from (`edit N` opens them again); `nil` for a build
    /// from a file written before they were kept.
    var choices: [String]?
    /// The catalog the build was made under (see ``BuildRecord/catalog``).
    var catalog: String?

    /// A configuration.
    package init(
      model: ModelID, options: PartChoices, price: Price, values: [String] = [],
      notes: BuildNotes = BuildNotes(), carName: String? = nil, choices: [String]? = nil,
      catalog: String? = nil
    ) {
      self.model = model
      self.options = options
      self.price = price
      self.values = values
      self.notes = notes
      self.carName = carName
      self.choices = choices
      self.catalog = catalog
    }

    /// The car itself: what it is and costs, not how it was asked for (the choices) nor
    /// what the build said about it (the notes). Builds of one car are one stock line
    /// however they were typed (`suspension=firm` with or without `floorplan=standard`).
    var car: Car { Car(model: model, options: options, price: price, values: values) }

    /// See ``car``.
    struct Car: Hashable {
      let model: ModelID
      let options: PartChoices
      let price: Price
      let values: [String]
    }
  }

  private(set) var configurations: [Configuration] = []
  private var indexByConfiguration: [Configuration: UInt32] = [:]
  private var numbers: [Int] = []
  private var configurationOfBuild: [UInt32] = []
  package private(set) var nextNumber = 1
  /// Which book of the session this is: a book that replaces another (`load`) has a higher
  /// generation, so what was kept by configuration index (a store's record of the builds it
  /// holds) can tell it is a new book; adding and removing builds keep it.
  package var generation = 0

  /// Restores a book from saved records.
  package init(records: [BuildRecord] = [], nextNumber: Int? = nil) {
    for record in records.sorted(by: { $0.number < $1.number }) {
      append(
        number: record.number,
        configuration: intern(
          Configuration(
            model: record.model, options: record.options, price: record.price,
            values: record.values, notes: record.notes, carName: record.carName,
            choices: record.choices, catalog: record.catalog)))
    }
    let afterLast = numbers.last.map { $0 == Int.max ? $0 : $0 + 1 } ?? 1
    self.nextNumber = max(nextNumber ?? 0, afterLast)
  }

  package var count: Int { numbers.count }
  package var isEmpty: Bool { numbers.isEmpty }
  /// The newest build's number (`last`), if there is a build.
  package var lastNumber: Int? { numbers.last }

  /// Every build, in number order.
  package var records: [BuildRecord] {
    numbers.indices.map(record(at:))
  }

  /// Every build as its number and the index of its configuration, in number order (the
  /// book's own arrays: no copy is made).
  package var listing: (numbers: [Int], configurations: [UInt32]) {
    (numbers, configurationOfBuild)
  }

  /// The numbers of the first `limit` builds.
  func numbers(prefix limit: Int) -> [Int] { Array(numbers.prefix(limit)) }

  /// Records a build of a known configuration and returns its number, or `nil` when the
  /// numbers ran out (a loaded session may start them anywhere up to `Int.max`).
  package mutating func add(configuration: UInt32) -> Int? {
    guard nextNumber < Int.max else { return nil }
    let number = nextNumber
    append(number: number, configuration: configuration)
    nextNumber += 1
    return number
  }

  /// Records that the builds of these models made so far were made under these catalogs
  /// (each model's SHA-256), where they recorded none: the models' file is about to be
  /// replaced (`catalog load`), and a build says which version it was made under.
  mutating func stamp(_ catalogs: [ModelID: String]) {
    guard configurations.contains(where: { $0.catalog == nil && catalogs[$0.model] != nil })
    else { return }
    for index in configurations.indices where configurations[index].catalog == nil {
      configurations[index].catalog = catalogs[configurations[index].model]
    }
    indexByConfiguration = [:]
    for (index, configuration) in configurations.enumerated() {
      // Two configurations may now be one; the first keeps the index new builds get.
      if indexByConfiguration[configuration] == nil {
        indexByConfiguration[configuration] = UInt32(truncatingIfNeeded: index)
      }
    }
  }

  /// The index of a configuration, adding it on first sight.
  mutating func intern(_ configuration: Configuration) -> UInt32 {
    if let index = indexByConfiguration[configuration] { return index }
    let index = UInt32(truncatingIfNeeded: configurations.count)
    configurations.append(configuration)
    indexByConfiguration[configuration] = index
    return index
  }

  package func record(_ number: Int) -> BuildRecord? {
    position(of: number).map(record(at:))
  }

  /// The index of build `number`'s configuration, if there is such a build.
  package func configurationIndex(of number: Int) -> UInt32? {
    position(of: number).map { configurationOfBuild[$0] }
  }

  mutating func remove(_ number: Int) -> BuildRecord? {
    guard let position = position(of: number) else { return nil }
    let record = record(at: position)
    numbers.remove(at: position)
    configurationOfBuild.remove(at: position)
    return record
  }

  package static func == (lhs: BuildBook, rhs: BuildBook) -> Bool {
    lhs.nextNumber == rhs.nextNumber && lhs.records == rhs.records
  }

  /// The configuration of build `number`, if there is such a build.
  func configuration(of number: Int) -> Configuration? {
    configurationIndex(of: number).map { configurations[Int($0)] }
  }

  private mutating func append(number: Int, configuration: UInt32) {
    numbers.append(number)
    configurationOfBuild.append(configuration)
  }

  private func record(at position: Int) -> BuildRecord {
    let configuration = configurations[Int(configurationOfBuild[position])]
    return BuildRecord(
      number: numbers[position], model: configuration.model, options: configuration.options,
      price: configuration.price, values: configuration.values, notes: configuration.notes,
      carName: configuration.carName, choices: configuration.choices,
      catalog: configuration.catalog)
  }

  private func position(of number: Int) -> Int? {
    // Numbers ascend from 1 with no gap until a build is removed: build N is then at N - 1,
    // which one comparison confirms (`show N` and `stock add N` on every other line).
    if number >= 1, number <= numbers.count, numbers[number &- 1] == number {
      return number &- 1
    }
    // Else a binary search finds a build among millions quickly.
    var low = 0
    var high = numbers.count
    while low < high {
      let middle = low + (high - low) / 2
      if numbers[middle] < number {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < numbers.count && numbers[low] == number ? low : nil
  }
}
