internal import ConfigurationEngine
import Synchronization

/// Answers the configurator's questions about one product line (SPEC §7, §8): what is still
/// possible under the user's choices, what is forced or excluded and why, how many builds
/// there are, how to get out of a conflict, and which build to make.
///
/// It owns the engine's incremental solver for the line, so one instance should serve a whole
/// session; it is a reference type with mutable solver state and not `Sendable` — one caller
/// at a time. Every question runs within a time budget and throws
/// ``ConfigurationError/budgetExceeded(_:)`` rather than hang.
public final class ProductConfigurator {
  /// The product line asked about.
  public let line: ProductLine
  /// The engine's analyses over the line's constraints, made on first question (so the working
  /// car's first step on a large line makes its second space on the other core meanwhile).
  private(set) lazy var space = ConfigurationSpace(line.constraints)
  /// The exact counter, made on first need (on the counting thread, for `options`).
  private let counter = CounterSlot()
  /// The line compiled for the compiled answers (SPEC §17), made on first need and kept.
  let compiledSlot = CompiledSlot()
  /// Model-level reasons (rules only, no choice) by the literal they explain, computed on first
  /// need and kept: they stay valid and minimal under any consistent choices. Plain state, no
  /// lock: the configurator is not `Sendable` (one caller at a time, like its solver).
  var modelReasons: [Literal: Explanation] = [:]
  /// A second space over the same constraints, which shares the checks of the working car's
  /// first step on a large line (``explainEach(_:choices:deadline:sharing:)``); prepared by
  /// that step, then kept.
  var helper: HelperSpace?
  /// When the working car's first step shares its work with the second space.
  var sharing = WorkSharing()
  /// The values forced or excluded without any choice, computed on first need.
  var modelStates: [OptionsReport.State]?
  /// The completion found for each set of choices (see ``completion(_:)``).
  var completions: [Set<Literal>: Assignment] = [:]
  /// How long one question may take before it gives up.
  public var timeLimit: Duration = .seconds(10)

  /// Prepares a product line: loads its constraints into a solver.
  ///
  /// - Parameter line: The product line.
  public init(_ line: ProductLine) {
    self.line = line
  }

  /// Reads the choices of a command line from its words' bytes into `storage`'s memory (see
  /// ``ProductLine/choices(count:reusing:word:)``), the line borrowed rather than copied.
  public func choices(
    count: Int, reusing storage: inout [Choice], word: (Int) -> UnsafeBufferPointer<UInt8>
  ) throws(ChoiceError) -> [Choice] {
    // Most script lines name a model alone: the line is not even looked at.
    guard count > 0 else { return [] }
    // The line is passed once for all the words (to each word it would be copied again).
    return try ChoiceReader.choices(count: count, reusing: &storage, word: word, of: line)
  }

  /// The budget of one question.
  var budget: AnalysisBudget { AnalysisBudget(time: timeLimit) }

  /// The engine literal of a choice.
  func literal(_ choice: Choice) -> Literal {
    let variable = line.values[choice.value].variable
    return choice.isChosen ? variable.positive : variable.negative
  }

  /// The user's choices behind an engine reason, in the order the user gave them.
  func explanation(_ reason: Reason, choices: [Choice]) -> Explanation {
    let cited = Set(reason.choices)
    return Explanation(
      choices: choices.filter { cited.contains(literal($0)) }, rules: reason.ruleIDs)
  }

  /// The number of valid builds under the choices, exactly.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - timeLimit: How long the count may take; the configurator's limit by default.
  /// - Returns: The count.
  /// - Throws: ``ConfigurationError/countUnfinished(_:)`` when the count does not finish in
  ///   time or memory.
  public func count(_ choices: [Choice], timeLimit: Duration? = nil) throws(ConfigurationError)
    -> BuildCount
  {
    let counter = self.counter.counter(for: line.constraints)
    let budget = CountBudget(timeLimit: timeLimit ?? self.timeLimit)
    switch counter.countBuilds(choosing: choices.map(literal), budget: budget) {
    case .exact(let value): return BuildCount(value)
    case .unknown(let interruption): throw .countUnfinished(interruption.description)
    }
  }

  /// Starts counting the builds with the choices on another thread (``count(_:timeLimit:)``
  /// without waiting): the counter is a value of its own, shared with nothing the caller
  /// goes on changing.
  ///
  /// - Parameters:
  ///   - choices: The user's choices.
  ///   - timeLimit: How long the count may take.
  ///   - cancellation: Stops the count early.
  /// - Returns: The count under way; `wait()` gives it.
  func countInBackground(
    _ choices: [Choice], timeLimit: Duration, cancellation: Cancellation
  ) -> BackgroundWork<ModelCount> {
    let slot = counter
    let constraints = line.constraints
    let literals = choices.map(literal)
    let budget = CountBudget(timeLimit: timeLimit, cancellation: cancellation)
    return BackgroundWork {
      slot.counter(for: constraints).countBuilds(choosing: literals, budget: budget)
    }
  }

  /// Runs an engine analysis, turning a budget overrun into the configurator's error.
  func analysing<Result>(_ what: String, _ body: () throws(AnalysisError) -> Result)
    throws(ConfigurationError) -> Result
  {
    try Self.analysing(what, body)
  }

  /// ``analysing(_:_:)`` for work on any space (the second space's, on another thread).
  static func analysing<Result>(_ what: String, _ body: () throws(AnalysisError) -> Result)
    throws(ConfigurationError) -> Result
  {
    do {
      return try body()
    } catch {
      switch error {
      case .budgetExceeded: throw .budgetExceeded(what)
      case .costOverflow: throw .priceOverflow
      }
    }
  }
}

/// A configurator's counter, made once by whichever thread needs it first (the counting
/// thread of `options`, or `count`).
final class CounterSlot: Sendable {
  private let made = Mutex<ModelCounter?>(nil)

  /// The counter over `constraints` (always the same ones), made on first call.
  func counter(for constraints: ConstraintModel) -> ModelCounter {
    made.withLock { made in
      if let made { return made }
      let counter = ModelCounter(constraints)
      made = counter
      return counter
    }
  }
}

/// Why the configurator could not answer: the user's choices conflict, or the question ran out
/// of time. The description is the one-line message users see.
public enum ConfigurationError: Error, Hashable, Sendable {
  /// The choices cannot all hold: a minimal conflict and the smallest ways out.
  case conflict(Conflict)
  /// A question took longer than the time limit (named: "propagation", "the closest build").
  case budgetExceeded(String)
  /// Counting stopped at its budget (the reason says which).
  case countUnfinished(String)
  /// Prices add up past what money can hold.
  case priceOverflow
}

/// The values that conflict and how to get out: a minimal set of the user's choices with the
/// rules involved, and corrections (choices to drop), smallest first, each with the price of
/// the build it would give.
public struct Conflict: Hashable, Sendable {
  /// One way out.
  public struct Correction: Hashable, Sendable {
    /// The choices to drop.
    public let drop: [Choice]
    /// The price `build` would give without them, if it could work it out.
    public let price: Price?
  }

  /// The conflicting choices and the rules between them.
  public let reason: Explanation
  /// The ways out, smallest first.
  public let corrections: [Correction]
}

/// Why a value is forced or excluded: only the user's choices and rule ids (SPEC §7); where
/// an answer shows it, also the groups of the structure that decide it and the numbers of
/// its rules with arithmetic (SPEC §14).
public struct Explanation: Hashable, Sendable {
  /// The user's choices involved (none when the model alone decides).
  public let choices: [Choice]
  /// The ids of the rules involved (none when the structure alone decides).
  public let rules: [String]
  /// The group rules that decide the value (indices into ``ProductLine/groupRules``): set
  /// by the answer that shows the reason, from the states it is about.
  public internal(set) var groups: [Int] = []
  /// The numbers of the rules that compare a total, for the build the answer is about.
  public internal(set) var numbers: [RuleNumbers] = []

  /// A reason of choices and rules alone.
  ///
  /// - Parameters:
  ///   - choices: The user's choices involved.
  ///   - rules: The ids of the rules involved.
  public init(choices: [Choice], rules: [String]) {
    self.choices = choices
    self.rules = rules
  }
}

/// An exact number of builds, of any size.
public struct BuildCount: Hashable, Sendable, CustomStringConvertible {
  let value: BigUInt

  init(_ value: BigUInt) { self.value = value }

  /// The number in full, in decimal digits.
  public var description: String { value.description }
  /// The number, when it fits in 64 bits.
  public var uint64Value: UInt64? { value.uint64Value }
}
