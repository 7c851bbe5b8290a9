import Testing

@testable import ConfigurationEngine

/// Counting with sums kept as sums (issue 52, ``CountingLinear``): knapsacks against a dynamic
/// program written here — one table of the room left per constraint, item by item — that
/// shares nothing with the counter. Before, the counter searched the sums' encodings (a
/// diagram's nodes or an adder network's gates) and 20 optional items under one sum took
/// seconds (40 under two did not finish in 10 s); the dynamic program needs one entry per
/// item and room reachable.
@Suite struct SumCountTests {
  private static let budget = CountBudget(timeLimit: .seconds(600))

  /// The number of subsets of items, some forced in or out, whose weights keep every bound:
  /// counts by room left, item after item.
  static func knapsackCount(
    weights: [[Int64]], bounds: [Int64], forced: [Int: Bool] = [:]
  ) -> UInt64 {
    var rooms: [[Int64]: UInt64] = [bounds: 1]
    for (item, weight) in weights.enumerated() {
      var next: [[Int64]: UInt64] = [:]
      for (room, count) in rooms {
        for taken in [false, true] where forced[item].map({ $0 == taken }) ?? true {
          let left = taken ? zip(room, weight).map { $0 - $1 } : room
          if left.allSatisfy({ $0 >= 0 }) { next[left, default: 0] += count }
        }
      }
      rooms = next
    }
    return rooms.values.reduce(0, +)
  }

  /// A model of `weights.count` items and one rule `Σ weights[j] ≤ bounds[j]` per sum.
  static func model(
    weights: [[Int64]], bounds: [Int64], encoding: ConstraintModel.LinearEncoding
  ) -> ConstraintModel {
    var model = ConstraintModel()
    model.linearEncoding = encoding
    let items = weights.indices.map { _ in model.newVariable().positive }
    for (index, bound) in bounds.enumerated() {
      let terms = zip(items, weights).map { LinearSum.Term($0, $1[index]) }
      if let sum = LinearSum(terms, atMost: bound) {
        model.addRule(id: "sum \(index)", .atMost(sum))
      }
    }
    return model
  }

  @Test(arguments: [ConstraintModel.LinearEncoding.adder, .diagram])
  func knapsacksCountAsTheDynamicProgramDoes(encoding: ConstraintModel.LinearEncoding) {
    var random = CountRandom(seed: 52)
    for round in 0..<40 {
      let itemCount = Int.random(in: 4...16, using: &random)
      let sums = Int.random(in: 1...2, using: &random)
      let weights = (0..<itemCount).map { _ in
        (0..<sums).map { _ in Int64.random(in: 1...30, using: &random) }
      }
      let bounds = (0..<sums).map { sum in
        weights.reduce(0) { $0 + $1[sum] } * Int64.random(in: 2...6, using: &random) / 10
      }
      let model = Self.model(weights: weights, bounds: bounds, encoding: encoding)
      let counter = ModelCounter(model)
      var forced: [Int: Bool] = [:]
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        forced[Int.random(in: 0..<itemCount, using: &random)] = Bool.random(using: &random)
      }
      let choices = forced.map { Literal(Variable($0.key), negated: !$0.value) }
      let count = counter.countBuilds(choosing: choices, budget: Self.budget)
      let expected = Self.knapsackCount(weights: weights, bounds: bounds, forced: forced)
      #expect(count == .exact(BigUInt(expected)), "round \(round)")
      // With the rules switched off every subset counts once: a sum's root and the
      // encoding's auxiliaries are defined by the items, never free.
      let off = model.rules.map(\.selector.negative)
      let free = counter.count(assuming: off, budget: Self.budget).count
      #expect(free == .exact(BigUInt(UInt64(1) << UInt64(itemCount))), "round \(round)")
    }
  }

  /// The knapsacks: 20 optional items under one sum, and 40 under two, each bound
  /// two fifths of the total, within 200,000 decisions (they take about 4,000 and 57,000; the
  /// search over the encodings made 79,000 in the 10 s it had on the forty).
  @Test func twentyItemsUnderOneSumAndFortyUnderTwo() {
    var random = CountRandom(seed: 0x5E_4A_55)
    for (itemCount, sums, heaviest) in [(20, 1, 200), (40, 2, 10)] {
      let weights = (0..<itemCount).map { _ in
        (0..<sums).map { _ in Int64.random(in: 1...Int64(heaviest), using: &random) }
      }
      let bounds = (0..<sums).map { sum in weights.reduce(0) { $0 + $1[sum] } * 2 / 5 }
      let model = Self.model(weights: weights, bounds: bounds, encoding: .bySize)
      // A limit on decisions, not on time: a component per item and room left, about what
      // the dynamic program's table holds.
      let budget = CountBudget(timeLimit: .seconds(600), decisionLimit: 200_000)
      let count = ModelCounter(model).countBuilds(choosing: [], budget: budget)
      let expected = Self.knapsackCount(weights: weights, bounds: bounds)
      #expect(count == .exact(BigUInt(expected)), "\(itemCount) items")
      #expect(expected > 100_000)
    }
  }
}
