// What the benchmarks share: a seeded generator and timing in milliseconds, wall and this
// thread's CPU time (the machine is shared: CPU time is the steadier one under load).
import Foundation

/// SplitMix64: a small seeded generator, so runs are repeatable.
public struct SplitMix: RandomNumberGenerator {
  /// The generator's state, advanced by each number.
  public var state: UInt64

  /// A generator from a seed.
  ///
  /// - Parameter state: The seed.
  public init(state: UInt64) { self.state = state }

  /// The next number.
  ///
  /// - Returns: 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Wall and CPU time of one measurement, in milliseconds.
public struct Time {
  /// Wall-clock time.
  public var wall: Double
  /// This thread's CPU time.
  public var cpu: Double

  /// A measurement.
  ///
  /// - Parameters:
  ///   - wall: Wall-clock time.
  ///   - cpu: CPU time.
  public init(wall: Double, cpu: Double) {
    self.wall = wall
    self.cpu = cpu
  }

  /// Both times, as the benchmarks print them.
  public var text: String { String(format: "%.1f ms (cpu %.1f)", wall, cpu) }
}

/// This thread's CPU time so far, in milliseconds.
///
/// - Returns: The time.
public func threadCPU() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return Double(now.tv_sec) * 1e3 + Double(now.tv_nsec) / 1e6
}

/// A duration in milliseconds.
///
/// - Parameter duration: The duration.
/// - Returns: Milliseconds.
public func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

/// Runs `body` once, timed.
///
/// - Parameter body: The work.
/// - Returns: What it returned and how long it took.
/// - Throws: What `body` throws.
public func measure<T>(_ body: () throws -> T) rethrows -> (T, Time) {
  let cpu = threadCPU()
  let start = ContinuousClock.now
  let result = try body()
  let wall = milliseconds(ContinuousClock.now - start)
  return (result, Time(wall: wall, cpu: threadCPU() - cpu))
}

/// The `p`-th quantile (0…1) of `values`, rounding the rank up.
///
/// - Parameters:
///   - values: The values.
///   - p: The quantile.
/// - Returns: The value at that rank, or NaN for no values.
public func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let rank = Int((p * Double(sorted.count - 1)).rounded(.up))
  return sorted[min(rank, sorted.count - 1)]
}
