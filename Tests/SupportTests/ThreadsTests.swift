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
    let runs = Mutex([Int](repeating: 0, count: count))
    Threads.run(count, keptOn: []) { index in runs.withLock { $0[index] += 1 } }
    #expect(runs.withLock { $0 } == [Int](repeating: 1, count: count))
  }

  @Test func eachThreadIsKeptOnItsProcessorWhenThereAreEnough() throws {
    let processors = Threads.allowedProcessors()
    let count = processors.count
    let seen = Mutex([[Int32]](repeating: [], count: count))
    let failed = Mutex([String]())
    Threads.run(count, keptOn: processors) { index in
      do {
        let allowed = try Self.kernelAllowedProcessors()
        seen.withLock { $0[index] = allowed }
      } catch {
        failed.withLock { $0.append("\(error)") }
      }
    }
    #expect(failed.withLock { $0 }.isEmpty)
    #expect(seen.withLock { $0 } == processors.map { [$0] })
    // The calling thread is left as it was.
    #expect(try Self.kernelAllowedProcessors() == processors)
  }

  @Test(arguments: [-1, 1])
  func moreOrFewerThreadsThanProcessorsAreKeptNowhere(difference: Int) throws {
    let processors = Threads.allowedProcessors()
    let count = processors.count + difference
    let seen = Mutex([[Int32]](repeating: [], count: count))
    Threads.run(count, keptOn: processors) { index in
      let allowed = try? Self.kernelAllowedProcessors()
      seen.withLock { $0[index] = allowed ?? [] }
    }
    #expect(seen.withLock { $0 } == [[Int32]](repeating: processors, count: count))
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
