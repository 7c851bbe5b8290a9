internal import ConfigurationEngine
import Dispatch
import Synchronization

/// The prices `options` shows, the price range and each value's FROM, asked as one question
/// that any space over the line's constraints can answer. On a large line the second space
/// answers it on the other core while this one finds the states and reasons
/// (``ProductConfigurator/pricesInBackground(_:fromLimit:deadline:)``); each answer is exact
/// or unknown, so which space answers changes only how much is found in time.
struct PriceQuestion: Sendable {
  /// The line's price total (cents).
  let total: LinearTotal
  /// The choices, as literals.
  let choices: [Literal]
  /// Whether FROM is asked for.
  let from: Bool
  /// What the range may take (the lowest half of it, the highest what the lowest left).
  let rangeLimit: Duration
  /// What FROM may take.
  let fromLimit: Duration
  /// Ends the work before its limits when cancelled; `nil` for none.
  var cancellation: Cancellation? = nil

  /// What was found: each part `nil` when the choices conflict or a total overflows, as
  /// `options` reports (the states tell the conflict).
  struct Answer: Sendable {
    /// The cheapest and dearest price; an end not found in time is `nil`.
    var range: AttributeRange?
    /// FROM, parallel to the values asked about; `nil` when not even the cheapest build was
    /// found in time, or there was no FROM to find.
    var from: [Price?]?
    /// Whether the prices add up past what the optimiser represents (neither part searched).
    var overflow = false

    /// Nothing found.
    static let unknown = Answer(range: nil, from: nil)
  }

  /// The range and FROM of `values` (positive literals), found with `space`, one after the
  /// other.
  func answer(asking values: [Literal], in space: ConfigurationSpace) -> Answer {
    var answer = range(in: space)
    findFrom(of: values, into: &answer, in: space, within: fromLimit)
    return answer
  }

  /// The range found with `space` (FROM not yet).
  func range(in space: ConfigurationSpace) -> Answer {
    var answer = Answer.unknown
    if total.weights.isEmpty {
      // Every build costs the base price: nothing to search.
      answer.range = AttributeRange(
        attribute: Attribute.priceID, lowest: total.constant, highest: total.constant,
        scale: 2, unit: "")
      return answer
    }
    do {
      answer.range = try ProductConfigurator.range(
        of: total, named: Attribute.priceID, choices, in: space, timeLimit: rangeLimit,
        cancellation: cancellation)
    } catch {
      // A conflict shows in the states; a budget cannot end the range (its ends are unknown
      // instead); what is left is prices too large to add up.
      answer.overflow = error == .priceOverflow
    }
    return answer
  }

  /// Adds FROM of `values` to `answer` (nothing when FROM is not asked for or the prices
  /// overflow), found with `space` within `limit`.
  func findFrom(
    of values: [Literal], into answer: inout Answer, in space: ConfigurationSpace,
    within limit: Duration
  ) {
    guard from, !values.isEmpty, !answer.overflow else { return }
    do {
      answer.from = try ProductConfigurator.lowestPrices(
        of: values, choices, total: total, in: space,
        budget: AnalysisBudget(time: limit, cancellation: cancellation))
    } catch {
      answer.overflow = error == .priceOverflow
    }
  }
}

extension ProductConfigurator {
  /// The price question of `options` under the choices (with FROM or not); `nil` when
  /// builds have no price.
  func priceQuestion(
    _ choices: [Choice], from: Bool, rangeLimit: Duration, fromLimit: Duration
  ) -> PriceQuestion? {
    guard line.pricesBuilds, let total = line.total(of: Attribute.priceID) else { return nil }
    return PriceQuestion(
      total: total, choices: choices.map(literal), from: from, rangeLimit: rangeLimit,
      fromLimit: fromLimit)
  }

  /// Starts answering `question` with the second space on another thread, on a line large
  /// enough to need it (``WorkSharing/values``) and with prices to search; `nil` otherwise
  /// (the question is then answered here, after the states and reasons, in milliseconds).
  ///
  /// The range is found at once, beside the states; FROM once this thread has posted the
  /// values it asks about (``BackgroundPrices/post(_:)``: those the states leave possible).
  /// FROM takes at least `fromLimit` from then, and longer while this thread is still busy:
  /// its own limit is the question's `deadline`, and ``finishPrices(_:)`` ends it. The second
  /// space is the one kept from an earlier question, or is made on that thread; it is put
  /// back once the work is done.
  func pricesInBackground(
    _ question: PriceQuestion?, fromLimit: Duration, deadline: ContinuousClock.Instant
  ) -> BackgroundPrices? {
    guard var question, !question.total.weights.isEmpty, line.values.count >= sharing.values
    else { return nil }
    let start = ContinuousClock.now
    let cancellation = Cancellation()
    question.cancellation = cancellation
    let secondSpace = lendSecondSpace()
    let asked = question
    let values = FromValues()
    let work = BackgroundWork { () -> PricesDone in
      let handoff = secondSpace()
      var answer = asked.range(in: handoff.space)
      if asked.from, !answer.overflow {
        let posted = values.wait(until: deadline)
        asked.findFrom(
          of: posted, into: &answer, in: handoff.space,
          within: max(deadline - ContinuousClock.now, .zero))
      }
      return PricesDone(space: handoff, answer: answer)
    }
    return BackgroundPrices(
      work: work, cancellation: cancellation, values: values,
      rangeEnd: min(deadline, start.advanced(by: question.rangeLimit)), fromLimit: fromLimit,
      deadline: deadline)
  }

  /// Lends the second space to another thread: the call returns it there, the one kept from
  /// an earlier question (waited for while it is being made) or a new one made there. The
  /// lender puts it back (``helper``) once the thread hands it back.
  func lendSecondSpace() -> @Sendable () -> SpaceHandoff {
    let held = helper
    helper = nil
    let constraints = line.constraints
    return {
      switch held {
      case .ready(let ready): return ready
      case .building(let work):
        return work.wait(until: .now.advanced(by: .seconds(10)))
          ?? SpaceHandoff(ConfigurationSpace(constraints))
      case nil: return SpaceHandoff(ConfigurationSpace(constraints))
      }
    }
  }

  /// The answer of prices started in the background: waited for until FROM has had its own
  /// limit (from when its values were posted, or the range's limit, whichever is later),
  /// then FROM is ended and what it found is taken; unknown if the work has not ended by the
  /// question's deadline. The second space is kept for the next question.
  func finishPrices(_ prices: BackgroundPrices) -> PriceQuestion.Answer {
    let fromStart = max(prices.rangeEnd, prices.postedAt ?? ContinuousClock.now)
    var done = prices.work.wait(
      until: min(prices.deadline, fromStart.advanced(by: prices.fromLimit)))
    if done == nil {
      prices.cancellation.cancel()
      done = prices.work.wait(until: prices.deadline)
    }
    // A thread that overran the deadline keeps its space; a later question makes another.
    guard let done else { return .unknown }
    helper = .ready(done.space)
    return done.answer
  }

  /// The lowest and highest `total` over the valid builds with the choices, found with
  /// `space`: ``range(of:_:timeLimit:)`` on any space. `nil` when the choices conflict; an
  /// end not found within the time (each end has half of it, and the highest what the lowest
  /// left) is `nil`.
  static func range(
    of total: LinearTotal, named attribute: String, _ choices: [Literal],
    in space: ConfigurationSpace, timeLimit: Duration, cancellation: Cancellation? = nil
  ) throws(ConfigurationError) -> AttributeRange? {
    let deadline = ContinuousClock.now.advanced(by: timeLimit)
    var ends: [Int64?] = []
    for maximising in [false, true] {
      let left = max(deadline - ContinuousClock.now, .zero)
      let budget = AnalysisBudget(
        time: maximising ? left : left / 2, cancellation: cancellation)
      let found: ClosestBuild?
      do {
        found = try analysing(
          "the range of \(attribute)",
          { () throws(AnalysisError) in
            try space.optimum(
              choices: choices, preferred: [], objective: total.weights, maximising: maximising,
              budget: budget)
          })
      } catch .budgetExceeded {
        ends.append(nil)
        continue
      }
      guard let found else { return nil }
      let (end, overflow) = total.constant.addingReportingOverflow(found.cost)
      guard !overflow else { throw .priceOverflow }
      ends.append(end)
    }
    return AttributeRange(
      attribute: attribute, lowest: ends[0], highest: ends[1], scale: total.scale,
      unit: total.unit)
  }

  /// `options … by=ATTR`, found with `space`: for each value asked about (its positive
  /// literal), the lowest and highest total over the valid builds with the choices and that
  /// value, each end within half of the time (the engine's FROM search, ``lowestCosts``, for
  /// the lowest, and over the negated weights for the highest); what is not found is `nil`.
  ///
  /// - Throws: ``ConfigurationError/priceOverflow`` when the totals pass what the optimiser
  ///   represents.
  static func ranges(
    of values: [Literal], _ choices: [Literal], total: LinearTotal,
    in space: ConfigurationSpace, timeLimit: Duration
  ) throws(ConfigurationError) -> [ValueRange] {
    let deadline = ContinuousClock.now.advanced(by: timeLimit)
    var negated: [Literal: Int64] = [:]
    for (literal, weight) in total.weights {
      guard weight != Int64.min else { throw .priceOverflow }
      negated[literal] = -weight
    }
    var ends: [[Int64?]] = []
    for (index, weights) in [total.weights, negated].enumerated() {
      let left = max(deadline - ContinuousClock.now, .zero)
      let found: [Int64?]?
      do {
        found = try analysing(
          "the totals by value",
          { () throws(AnalysisError) in
            try space.lowestCosts(
              of: values, choices: choices, costs: weights,
              budget: AnalysisBudget(time: index == 0 ? left / 2 : left))
          })
      } catch .budgetExceeded {
        found = nil
      }
      let signed = (found ?? Array(repeating: nil, count: values.count)).map { cost in
        cost.flatMap { cost -> Int64? in
          // The highest total is the constant less the lowest of the negated weights.
          let (end, overflow) =
            index == 0
            ? total.constant.addingReportingOverflow(cost)
            : total.constant.subtractingReportingOverflow(cost)
          return overflow ? nil : end
        }
      }
      ends.append(signed)
    }
    return values.indices.map { ValueRange(lowest: ends[0][$0], highest: ends[1][$0]) }
  }

  /// The FROM of `options`, found with `space`: for each value asked about (its positive
  /// literal), the lowest price of a valid build with the choices and that value; `nil` for a
  /// value no such build has, or whose price was not found within the budget. `nil` as a
  /// whole when the choices conflict.
  ///
  /// - Throws: A budget error when not even the cheapest build was found in time.
  static func lowestPrices(
    of values: [Literal], _ choices: [Literal], total: LinearTotal,
    in space: ConfigurationSpace, budget: AnalysisBudget
  ) throws(ConfigurationError) -> [Price?]? {
    guard
      let costs = try analysing(
        "the FROM prices",
        { () throws(AnalysisError) in
          try space.lowestCosts(
            of: values, choices: choices, costs: total.weights, budget: budget)
        })
    else { return nil }
    return costs.map { cost in
      guard let cost else { return nil }
      let (cents, overflow) = total.constant.addingReportingOverflow(cost)
      return overflow ? nil : Price(cents: cents)
    }
  }
}

/// What the background price work hands back: the second space, and the answer.
struct PricesDone: Sendable {
  let space: SpaceHandoff
  let answer: PriceQuestion.Answer
}

/// Prices being found in the background
/// (``ProductConfigurator/pricesInBackground(_:fromLimit:deadline:)``).
struct BackgroundPrices {
  /// The work.
  let work: BackgroundWork<PricesDone>
  /// Ends the work (FROM, once it has had its time; all of it when the question fails).
  let cancellation: Cancellation
  /// The values FROM asks about, once the states are known.
  let values: FromValues
  /// When the range has had its limit.
  let rangeEnd: ContinuousClock.Instant
  /// What FROM takes at least.
  let fromLimit: Duration
  /// The question's deadline.
  let deadline: ContinuousClock.Instant
  /// When the values were posted.
  private(set) var postedAt: ContinuousClock.Instant?

  init(
    work: BackgroundWork<PricesDone>, cancellation: Cancellation, values: FromValues,
    rangeEnd: ContinuousClock.Instant, fromLimit: Duration, deadline: ContinuousClock.Instant
  ) {
    self.work = work
    self.cancellation = cancellation
    self.values = values
    self.rangeEnd = rangeEnd
    self.fromLimit = fromLimit
    self.deadline = deadline
  }

  /// Hands FROM its values (positive literals, in the order the answer gives their prices).
  mutating func post(_ values: [Literal]) {
    postedAt = ContinuousClock.now
    self.values.post(values)
  }
}

/// The values FROM asks about, handed from the thread that finds the states to the one that
/// finds the prices; the first posted counts.
final class FromValues: Sendable {
  private let values = Mutex<[Literal]?>(nil)
  private let posted = DispatchSemaphore(value: 0)

  /// Posts the values (a second post changes nothing).
  func post(_ values: [Literal]) {
    self.values.withLock { if $0 == nil { $0 = values } }
    posted.signal()
  }

  /// The values, waited for until `deadline` (none if not posted by then).
  func wait(until deadline: ContinuousClock.Instant) -> [Literal] {
    _ = posted.wait(until: deadline)
    return values.withLock { $0 } ?? []
  }
}
