import Foundation
import Synchronization
import Testing

@testable import Support

/// ``Threads`` against what the kernel says of each thread: its `Cpus_allowed_list` in
/// `/proc/thread-self/status` (read here, not through the code under test).
@Suite struct ThreadsTests {
  /// The processors the calling thread may run on, as the kernel lists them (`0-3,6`).
  private static func kernelAllowedProcessors() throws -> [Int32] {
    let status = try String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)
    let line = try #require(
      status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
    let list = line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
    var processors: [Int32] = []
    for range in list.split(separator: ",") {
      let bounds = try range.split(separator: "-").map { try #require(Int32($0)) }
      processors += Array(bounds[0]...bounds[bounds.count - 1])
    }
    return processors
  }

  @Test func theAllowedProcessorsAreTheKernelsAndCountedAsNprocCounts() throws {
    let allowed = Threads.allowedProcessors()
    #expect(allowed == (try Self.kernelAllowedProcessors()))
    #expect(POSIX.processorCount == allowed.count)
  }

  @Test(arguments: [0, 1, 2, 3, 7, 16])
  func everyBodyRunsOnceWithItsIndex(count: Int) {
    let runs = Slots(count: count, initial: 0)
    Threads.run(count, keptOn: []) { index in runs[index] += 1 }
    #expect(runs.values == [Int](repeating: 1, count: count))
  }

  @Test func eachThreadIsKeptOnItsProcessorWhenThereAreEnough() throws {
    let processors = Threads.allowedProcessors()
    let count = processors.count
    let seen = Slots(count: count, initial: [Int32]())
    Threads.run(count, keptOn: processors) { index in
      seen[index] = (try? Self.kernelAllowedProcessors()) ?? []
    }
    #expect(seen.values == processors.map { [$0] })
    // The calling thread is left as it was.
    #expect(try Self.kernelAllowedProcessors() == processors)
  }

  @Test(arguments: [-1, 1])
  func moreOrFewerThreadsThanProcessorsAreKeptNowhere(difference: Int) throws {
    let processors = Threads.allowedProcessors()
    let count = processors.count + difference
    let seen = Slots(count: count, initial: [Int32]())
    Threads.run(count, keptOn: processors) { index in
      seen[index] = (try? Self.kernelAllowedProcessors()) ?? []
    }
    #expect(seen.values == [[Int32]](repeating: processors, count: count))
  }

  @Test func aDetachedThreadRuns() {
    let done = DispatchSemaphore(value: 0)
    let ran = Atomic(false)
    #expect(
      Threads.detach {
        ran.store(true, ordering: .sequentiallyConsistent)
        done.signal()
      })
    #expect(done.wait(timeout: .now() + 10) == .success)
    let value = ran.load(ordering: .sequentiallyConsistent)
    #expect(value)
  }
}

/// One value per thread of a ``Threads/run(_:keptOn:_:)``, without a lock (so that
/// ThreadSanitizer checks the accesses: it cannot see `Mutex`'s futex on Linux).
// @unchecked: thread `i` alone writes slot `i`, and `run` joins every thread before the reads.
private final class Slots<Value>: @unchecked Sendable {
  private let storage: UnsafeMutableBufferPointer<Value>

  init(count: Int, initial: Value) {
    storage = .allocate(capacity: count)
    storage.initialize(repeating: initial)
  }

  deinit {
    _ = storage.deinitialize()
    storage.deallocate()
  }

  subscript(index: Int) -> Value {
    get { storage[index] }
    set { storage[index] = newValue }
  }

  var values: [Value] { Array(storage) }
}
