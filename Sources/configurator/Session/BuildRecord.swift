internal import CarFactory

/// One recorded build: what was asked for, and its price then. The parts are made again from
/// the model's factory when the build is shown, so a record stays small.
struct BuildRecord: Equatable {
  let number: Int
  let model: ModelID
  let options: PartChoices
  let price: Price
}

/// The session's builds, numbered from 1 in the order they were made; a removed number is
/// not reused.
struct BuildBook: Equatable {
  private(set) var records: [BuildRecord] = []
  private(set) var nextNumber = 1

  mutating func add(model: ModelID, options: PartChoices, price: Price) -> BuildRecord {
    let record = BuildRecord(number: nextNumber, model: model, options: options, price: price)
    records.append(record)
    nextNumber += 1
    return record
  }

  /// Restores a book from saved records.
  init(records: [BuildRecord] = [], nextNumber: Int? = nil) {
    self.records = records.sorted { $0.number < $1.number }
    self.nextNumber = nextNumber ?? ((self.records.last?.number ?? 0) + 1)
  }

  func record(_ number: Int) -> BuildRecord? {
    index(of: number).map { records[$0] }
  }

  mutating func remove(_ number: Int) -> BuildRecord? {
    guard let index = index(of: number) else { return nil }
    return records.remove(at: index)
  }

  private func index(of number: Int) -> Int? {
    // Numbers ascend, so a binary search finds a build among millions quickly.
    var low = 0
    var high = records.count
    while low < high {
      let middle = low + (high - low) / 2
      if records[middle].number < number {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < records.count && records[low].number == number ? low : nil
  }
}
