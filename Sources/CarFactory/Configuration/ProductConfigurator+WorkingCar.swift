internal import ConfigurationEngine
import Synchronization

/// What the working car (SPEC §11) asks at each step besides its states and reasons
/// (``step(from:to:)``): the price of the car as `build` would make it now.
extension ProductConfigurator {
  /// The price of the build ``build(_:)`` would make with the choices: the running price of a
  /// working car, equal to the price of the build `done` records.
  ///
  /// - Parameter choices: The user's choices (consistent).
  /// - Returns: The price.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget
  ///   error.
  public func price(of choices: [Choice]) throws(ConfigurationError) -> Price {
    let completed = try completion(choices)
    guard let price = price(of: completed) else { throw .priceOverflow }
    return price
  }

  /// The price of the car with each of `values` added to the choices (the working car's
  /// `options`: `+$890.00 → $35,345.00`), as many as are found within `timeLimit`: ``price(of:)``
  /// of the choices and the value, for each value in order. On a line of 500 values or more,
  /// the second space on the other core takes part: each space takes the next value not yet
  /// taken. `nil` for a value not reached in time, or whose car has no price (it conflicts
  /// with the choices, or its prices do not add up).
  ///
  /// - Parameters:
  ///   - values: The values (indices into the line's values), each possible with the choices.
  ///   - choices: The working car's choices (consistent).
  ///   - timeLimit: How long finding them may take.
  /// - Returns: The prices, parallel to `values`.
  public func prices(adding values: [Int], to choices: [Choice], timeLimit: Duration) -> [Price?] {
    guard line.pricesBuilds, !values.isEmpty else { return values.map { _ in nil } }
    let deadline = ContinuousClock.now.advanced(by: timeLimit)
    let work = PricesAdded(
      line: line, choices: choices.map(literal),
      added: values.map { line.values[$0].variable.positive }, deadline: deadline)
    var shared: BackgroundWork<PricesAddedDone>?
    if line.values.count >= sharing.values {
      let secondSpace = lendSecondSpace()
      shared = BackgroundWork {
        let handoff = secondSpace()
        return PricesAddedDone(space: handoff, found: work.find(in: handoff.space))
      }
    }
    var prices = [Price?](repeating: nil, count: values.count)
    for (index, price) in work.find(in: space) { prices[index] = price }
    // The other thread stops at the same deadline; one that overran it by far (a starved
    // core) keeps its space, and a later question makes another.
    if let done = shared?.wait(until: deadline.advanced(by: .seconds(1))) {
      for (index, price) in done.found { prices[index] = price }
      helper = .ready(done.space)
    }
    return prices
  }
}

/// The work of ``ProductConfigurator/prices(adding:to:timeLimit:)``, shared by the threads
/// that do it: each takes the next value not yet taken until none is left or the deadline.
private final class PricesAdded: Sendable {
  let line: ProductLine
  let choices: [Literal]
  let added: [Literal]
  let deadline: ContinuousClock.Instant
  private let next = Atomic(0)

  init(line: ProductLine, choices: [Literal], added: [Literal], deadline: ContinuousClock.Instant) {
    self.line = line
    self.choices = choices
    self.added = added
    self.deadline = deadline
  }

  /// The prices this thread found with `space`, by position in ``added``.
  func find(in space: ConfigurationSpace) -> [(Int, Price?)] {
    var found: [(Int, Price?)] = []
    while ContinuousClock.now < deadline {
      let index = next.add(1, ordering: .relaxed).oldValue
      guard index < added.count else { break }
      let budget = AnalysisBudget(time: deadline - ContinuousClock.now)
      // A value the deadline cut off is not found; the loop then ends.
      guard
        let completed = try? ProductConfigurator.completion(
          choices + [added[index]], of: line, in: space, budget: budget)
      else { continue }
      found.append((index, line.price(of: completed)))
    }
    return found
  }
}

/// What the other thread hands back: the second space, and the prices it found.
private struct PricesAddedDone: Sendable {
  let space: SpaceHandoff
  let found: [(Int, Price?)]
}

/// The running figures of a working car: its price and every declared attribute's total.
public struct RunningTotals: Hashable, Sendable {
  /// The price of the build `done` would record.
  public let price: Price
  /// The totals of that build, in declaration order (``ProductLine/totals(holding:)``).
  public let totals: [BuildTotal]

  /// Creates running figures.
  ///
  /// - Parameters:
  ///   - price: The price.
  ///   - totals: The attribute totals.
  public init(price: Price, totals: [BuildTotal]) {
    self.price = price
    self.totals = totals
  }
}

extension ProductConfigurator {
  /// The price and attribute totals of the build ``build(_:)`` would make with the choices,
  /// from one completion: the running figures of a working car.
  ///
  /// - Parameter choices: The user's choices (consistent).
  /// - Returns: The price and the totals.
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget
  ///   error.
  public func runningTotals(of choices: [Choice]) throws(ConfigurationError) -> RunningTotals {
    let completed = try completion(choices)
    guard let price = price(of: completed) else { throw .priceOverflow }
    let selected =
      line.attributes.isEmpty
      ? []
      : line.values.indices.filter {
        completed[line.values[$0].variable]
      }
    return RunningTotals(price: price, totals: line.totals(holding: selected))
  }
}
