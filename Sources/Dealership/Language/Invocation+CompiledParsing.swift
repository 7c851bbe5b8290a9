package import CarFactory

/// The compiled answers' commands read into invocations (SPEC §17): `count … by=value` and
/// `sample`, on a model or on the working car.
extension InvocationParser {
  /// `count MODEL [CHOICE…]`, `count MODEL [CHOICE…] by=value`, or `count by=value` on the
  /// working car; `by=` may stand anywhere after the model.
  func countInvocation() throws(CommandError) -> Invocation {
    let keyed = wordsKeyed("by", from: 1)
    guard let by = keyed.first else { return .count(try modelRequest(for: .count)) }
    guard keyed.count == 1 else { throw .invalid(command: "count", .keyTwice("by")) }
    let basis = String(words.string(by).dropFirst(3))
    guard basis.lowercased() == "value" else {
      throw .badValue(command: "count", .countBy, value: basis)
    }
    guard by > 1 else {
      guard car != nil else {
        throw .missingArgument(command: "count", .modelWithoutCar(known: catalogs.modelIDs))
      }
      try expectArguments(upTo: 1, for: .count)
      return .valueCounts(try carRequest(for: .count))
    }
    let configurator = try configurator(word: 1)
    let choices = try choices(of: configurator, at: (2..<words.count).filter { $0 != by })
    return .valueCounts(ModelRequest(configurator: configurator, choices: choices))
  }

  /// `sample MODEL [CHOICE…] N|pairs [seed=S]`, or `sample N|pairs [seed=S]` on the working
  /// car: the last word other than `seed=` is the number of builds or `pairs`, the words
  /// between the model and it are choices.
  func sampleInvocation() throws(CommandError) -> Invocation {
    guard argumentCount >= 1 else {
      throw .missingArgument(
        command: "sample",
        car == nil ? .model(known: catalogs.modelIDs) : .sampleSize(.command(.sample)))
    }
    // A first word that names a model is the model (even with a car open); else the car.
    var model = try catalogs.configurator(word: 1, of: words)
    if model == nil, car == nil {
      if isSampleSize(words.string(1)) {
        throw .missingArgument(command: "sample", .modelWithoutCar(known: catalogs.modelIDs))
      }
      model = try configurator(word: 1)
    }
    let first = model == nil ? 1 : 2
    let seeds = wordsKeyed("seed", from: first)
    guard seeds.count <= 1 else { throw .invalid(command: "sample", .keyTwice("seed")) }
    var rest = (first..<words.count).filter { !seeds.contains($0) }
    // On a model the size comes last, after the choices; on the car it comes alone.
    guard let size = model == nil ? rest.first : rest.last else {
      throw .missingArgument(command: "sample", .sampleSize(.command(.sample)))
    }
    rest.removeAll { $0 == size }
    let request: ModelRequest
    if let model {
      request = ModelRequest(configurator: model, choices: try choices(of: model, at: rest))
    } else {
      if let extra = rest.first {
        throw .unexpectedArgument(
          command: "sample", word: words.string(extra), hint: .usage(.command(.sample)))
      }
      request = try carRequest(for: .sample)
    }
    let seed = try seeds.first.map { index throws(CommandError) in try self.seed(word: index) }
    let sizeText = words.string(size)
    if sizeText.lowercased() == "pairs" { return .pairs(request, seed: seed ?? 0) }
    guard let count = words.withWord(size, ASCII.positiveNumber) else {
      throw .badValue(
        command: "sample", .sampleSize(limit: ProductConfigurator.sampleLimit), value: sizeText)
    }
    return .samples(request, count: count, seed: seed ?? 0)
  }

  /// Whether a word reads as what `sample` draws: a number or `pairs`.
  private func isSampleSize(_ text: String) -> Bool {
    text.lowercased() == "pairs" || (!text.isEmpty && text.utf8.allSatisfy { $0 &- 48 < 10 })
  }

  /// The seed of a `seed=S` word: decimal digits, 0 to 2^64 − 1.
  private func seed(word index: Int) throws(CommandError) -> UInt64 {
    let text = String(words.string(index).dropFirst(5))
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 &- 48 < 10 }), let seed = UInt64(text) else {
      throw .badValue(command: "sample", .seed, value: text)
    }
    return seed
  }

  /// The positions of the words from `first` on that start with `KEY=` in any ASCII case.
  private func wordsKeyed(_ key: StaticString, from first: Int) -> [Int] {
    (first..<max(first, words.count)).filter { index in
      words.withWord(index) { Self.word($0, startsWith: key) }
    }
  }
}
