internal import ConfigurationEngine
import Synchronization

/// Whether a configurator's product line is compiled (SPEC §17), and if not why: the
/// compiled answers' flag.
public enum CompilationStatus: Hashable, Sendable {
  /// The line is compiled: its circuit's size.
  case compiled(CircuitSize)
  /// The compilation stopped at its budget; counts fall back to #SAT.
  case unfinished(CompilationStop)
}

/// The size of a compiled product line.
public struct CircuitSize: Hashable, Sendable {
  /// The circuit's nodes.
  public let nodes: Int
  /// The entries of its nodes (child nodes, literals and free values).
  public let entries: Int
  /// The bytes it holds in memory.
  public let bytes: Int
  /// How long the compilation took.
  public let duration: Duration
}

/// Why a product line did not compile.
public enum CompilationStop: Hashable, Sendable {
  /// It did not finish within the time limit.
  case timeLimit(Duration)
  /// Its circuit grew past the byte limit.
  case sizeLimit(bytes: Int)
  /// The search's memory limit was reached.
  case memoryLimit(bytes: Int)
  /// It was cancelled, or stopped at a decision limit.
  case cancelled
  /// The model has more variables than a circuit holds.
  case tooManyVariables(Int)
}

/// A product line compiled: the circuit, kept by its configurator for the session.
struct CompiledForm: Sendable {
  /// The circuit over the line's values.
  let circuit: Circuit
  /// What users see of its size.
  let size: CircuitSize
}

/// A configurator's compiled form, made once by the first question that needs it (and again
/// only when asked with a longer time limit after a compilation stopped).
final class CompiledSlot: Sendable {
  /// The outcome so far, with the time limit it had.
  private let made = Mutex<(outcome: Result<CompiledForm, CompilationFailure>, limit: Duration)?>(
    nil)

  /// The compiled form of `constraints` (always the same ones), compiling within `timeLimit`
  /// unless a compilation already finished, or stopped with at least this limit.
  func form(for constraints: ConstraintModel, timeLimit: Duration) -> Result<
    CompiledForm, CompilationFailure
  > {
    made.withLock { made in
      if let made, case .success = made.outcome { return made.outcome }
      if let made, made.limit >= timeLimit { return made.outcome }
      let outcome = Self.compile(constraints, timeLimit: timeLimit)
      made = (outcome, timeLimit)
      return outcome
    }
  }

  /// The compiled form if one was made, without compiling.
  var existing: Result<CompiledForm, CompilationFailure>? { made.withLock { $0?.outcome } }

  private static func compile(_ constraints: ConstraintModel, timeLimit: Duration) -> Result<
    CompiledForm, CompilationFailure
  > {
    let start = ContinuousClock.now
    switch ModelCounter(constraints).compile(budget: CompilationBudget(timeLimit: timeLimit)) {
    case .compiled(let circuit):
      let size = CircuitSize(
        nodes: circuit.nodeCount, entries: circuit.entryCount, bytes: circuit.bytes,
        duration: ContinuousClock.now - start)
      return .success(CompiledForm(circuit: circuit, size: size))
    case .unfinished(let interruption):
      let stop: CompilationStop =
        switch interruption.limit {
        case .time(let duration): .timeLimit(duration)
        case .circuit(let bytes): .sizeLimit(bytes: bytes)
        case .memory(let bytes): .memoryLimit(bytes: bytes)
        case .decisions, .cancelled: .cancelled
        case .variables(let count): .tooManyVariables(count)
        }
      return .failure(CompilationFailure(stop: stop))
    }
  }
}

/// A compilation that stopped, as a `Result` failure.
struct CompilationFailure: Error, Hashable, Sendable {
  /// Why it stopped.
  let stop: CompilationStop
}
