import Foundation
import Support
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// SPEC §9: `--store FILE --wait SECONDS` waits for another process's hold on the store
/// before failing; without `--wait` a held store still fails at once.
@Suite struct StoreWaitTests {
  // MARK: the option

  @Test(arguments: [
    ("5", 5_000), ("0.5", 500), ("0", 0), ("1.25", 1_250), ("0.001", 1), ("86400", 86_400_000),
    ("007.100", 7_100),
  ])
  func readsSecondsAsWholeMilliseconds(_ text: String, _ milliseconds: Int) throws {
    let arguments = try Arguments(parsing: ["--store", "s.json", "--wait", text, "builds"])
    #expect(arguments.wait == StoreWait(milliseconds: milliseconds))
  }

  @Test(arguments: [
    "-1", "abc", "", "0.0001", "86400.001", "99999", "1e3", ".5", "1.", "1,5", " 1",
    "99999999999999999999", "nan",
  ])
  func refusesABadWaitNamingIt(_ text: String) {
    let expected =
      text.isEmpty
      ? "option '--wait' needs a value"
      : "bad wait '\(text)' (seconds from 0 to 86400, at most 3 decimals, e.g. 0.5)"
    #expect(Self.usage(["--store", "s.json", "--wait=\(text)", "builds"]) == expected)
  }

  @Test func refusesAWaitWithoutAStore() {
    #expect(
      Self.usage(["--wait", "1", "models"])
        == "--wait is for waiting on a held --store; give --store FILE too")
  }

  @Test func refusesAWaitGivenTwice() {
    #expect(
      Self.usage(["--store", "s", "--wait", "1", "--wait", "2"])
        == "option '--wait' is given twice")
  }

  /// The message of the usage error the arguments are refused with; `nil` if they are not.
  private static func usage(_ arguments: [String]) -> String? {
    do {
      _ = try Arguments(parsing: arguments)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func aBadWaitExitsWithUsageStatus() throws {
    let result = try BinaryRunner.run(["--store", "s.json", "--wait", "soon", "models"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("bad wait 'soon'"))
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: [
    (1, "0.001 s"), (100, "0.1 s"), (5_000, "5 s"), (1_250, "1.25 s"), (86_400_000, "86400 s"),
  ])
  func describesAWaitInSeconds(_ milliseconds: Int, _ text: String) {
    #expect(StoreWait(milliseconds: milliseconds).description == text)
  }

  // MARK: waiting for a held store

  /// Holds an exclusive `flock` on `path` through a descriptor of this process (another open
  /// file description, so the binary's lock conflicts with it as with another process's).
  private final class Hold: @unchecked Sendable {
    // @unchecked: the descriptor is closed once, by `release()`, guarded by the lock.
    private let lock = NSLock()
    private var descriptor: Int32

    init(_ path: String) {
      descriptor = open(path, O_RDWR)
      #expect(descriptor >= 0)
      #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    }

    /// Lets go after `seconds` on a thread of its own: the global queues' few threads may all
    /// be blocked in other tests' child processes (under AddressSanitizer on two cores the
    /// release came after the 5 s wait).
    func release(after seconds: Double) {
      Thread.detachNewThread {
        Thread.sleep(forTimeInterval: seconds)
        self.release()
      }
    }

    func release() {
      lock.lock()
      defer { lock.unlock() }
      if descriptor >= 0 { close(descriptor) }
      descriptor = -1
    }
  }

  /// A store with one build in it, made by the binary.
  private func makeStore(_ scratch: ScratchDirectory) throws -> String {
    let store = scratch.path("dealer.json")
    #expect(try BinaryRunner.run(["--store", store, "build", "sports"]).status == 0)
    return store
  }

  @Test func aStoreLetGoWhileWaitingIsTaken() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = try makeStore(scratch)
    let hold = Hold(store)
    defer { hold.release() }
    hold.release(after: 0.2)
    let result = try BinaryRunner.run(["--store", store, "--wait", "5", "build", "suv"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.contains("Cadillac Escalade"))
    let builds = try BinaryRunner.run(["--store", store, "builds"])
    #expect(
      builds.stdout.contains("Porsche Boxster") && builds.stdout.contains("Cadillac Escalade"))
  }

  @Test func aStoreStillHeldAfterTheWaitFailsSayingHowLongItWaited() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = try makeStore(scratch)
    let before = try scratch.bytes("dealer.json")
    let hold = Hold(store)
    defer { hold.release() }
    let result = try BinaryRunner.run(["--store", store, "--wait", "0.1", "build", "suv"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "configurator: store '\(store)' is in use by another configurator process "
        + "(waited 0.1 s for it)\n")
    #expect(result.stdout.isEmpty)
    #expect(try scratch.bytes("dealer.json") == before)
  }

  @Test func withoutAWaitAHeldStoreStillFailsAtOnceMentioningWait() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = try makeStore(scratch)
    let hold = Hold(store)
    defer { hold.release() }
    let result = try BinaryRunner.run(["--store", store, "build", "suv"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "configurator: store '\(store)' is in use by another configurator process; "
        + "use --wait SECONDS to wait for it\n")
  }

  @Test func lockedFileWaitsForAHolderInTheSameProcessToLetGo() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.path("held")
    try scratch.write("x", to: "held")
    let hold = Hold(path)
    defer { hold.release() }
    #expect(throws: LockedFile.OpenError.self) {
      try LockedFile.open(path, waitingUpTo: 0) { [] }
    }
    #expect(throws: LockedFile.OpenError.self) {
      try LockedFile.open(path, waitingUpTo: 50) { [] }
    }
    hold.release(after: 0.2)
    let file = try LockedFile.open(path, waitingUpTo: 5_000) { [] }
    #expect(try file.readAll(limit: 10) == Array("x".utf8))
  }
}
