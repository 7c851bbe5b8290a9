import CarFactory
import Foundation
import Support
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// SPEC §12, many readers and one writer: commands that change nothing run on a store another
/// process holds, reading its last committed state and writing nothing; a changing command is
/// refused naming the holder (process id, since when) and `--wait`.
@Suite struct StoreReadersTests {
  /// A session at another desk: `configurator --store S --batch`, fed lines through a pipe.
  final class Desk {
    let process = Process()
    private let input = Pipe()
    /// The seconds (since 1970) between which the desk took the store.
    let startedAfter: Int
    private(set) var heldBy = 0

    init(store: String) throws {
      startedAfter = Int(Date().timeIntervalSince1970)
      process.executableURL = BinaryRunner.executable
      process.arguments = ["--store", store, "--batch"]
      process.standardInput = input
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      // The desk holds the store once its holder record names it.
      let record = Desk.record(of: store)
      let wanted = "pid \(process.processIdentifier) since "
      let deadline = Date().addingTimeInterval(30)
      while Date() < deadline,
        (try? String(contentsOfFile: record, encoding: .utf8))?.hasPrefix(wanted) != true
      {
        usleep(2_000)
      }
      #expect(try String(contentsOfFile: record, encoding: .utf8).hasPrefix(wanted))
      heldBy = Int(Date().timeIntervalSince1970)
    }

    /// The holder record beside a store.
    static func record(of store: String) -> String {
      let url = URL(fileURLWithPath: store)
      return url.deletingLastPathComponent().appendingPathComponent(
        ".\(url.lastPathComponent).holder"
      ).path
    }

    func send(_ text: String) throws {
      try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    /// Closes the desk's input and waits for it to end; its exit status.
    func quit() throws -> Int32 {
      try input.fileHandleForWriting.close()
      process.waitUntilExit()
      return process.terminationStatus
    }

    /// How the refusal may word this desk's hold: its pid, and each second it may have
    /// taken the store in (formatted here by Foundation, not by the product).
    func holdings(_ store: String) -> [String] {
      let format = DateFormatter()
      format.locale = Locale(identifier: "en_US_POSIX")
      format.timeZone = TimeZone(identifier: "UTC")
      format.dateFormat = "yyyy-MM-dd HH:mm:ss"
      return (startedAfter...heldBy).map { second in
        let time = format.string(from: Date(timeIntervalSince1970: TimeInterval(second)))
        return "store '\(store)' is in use by configurator process "
          + "\(process.processIdentifier) since \(time) UTC"
      }
    }
  }

  /// A store with build #1 (a Porsche Boxster, $72,900.00) and two of it in stock.
  private func makeStore(_ scratch: ScratchDirectory) throws -> String {
    let store = scratch.path("dealer.json")
    #expect(try BinaryRunner.run(["--store", store, "build", "sports"]).status == 0)
    #expect(try BinaryRunner.run(["--store", store, "stock", "add", "1", "2"]).status == 0)
    return store
  }

  /// The build numbers a `builds` listing shows, in order.
  private static func numbers(_ listing: String) -> [Int] {
    listing.split(separator: "\n").dropFirst().compactMap { line in
      line.split(separator: " ").first.flatMap { Int($0) }
    }
  }

  @Test func oneShotReadsRunWhileAnotherDeskHoldsTheStoreAndWriteNothing() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = try makeStore(scratch)
    let desk = try Desk(store: store)
    let before = try scratch.bytes("dealer.json")
    let stock = try BinaryRunner.run(["--store", store, "stock"])
    #expect(stock.status == 0)
    #expect(stock.stderr.isEmpty)
    // 2 × $72,900.00.
    #expect(stock.stdout.hasSuffix("2 Products in Stock. Total Value: $145,800.00\n"))
    let builds = try BinaryRunner.run(["--store", store, "builds"])
    #expect(builds.status == 0)
    #expect(Self.numbers(builds.stdout) == [1])
    let show = try BinaryRunner.run(["--store", store, "show", "1"])
    #expect(show.status == 0)
    #expect(show.stdout.hasPrefix("Build #1\nCar type: Porsche Boxster\n"))
    #expect(show.stdout.hasSuffix("Price: $72,900.00\n"))
    // Readers wrote nothing: not the store, not a record of their own.
    #expect(try scratch.bytes("dealer.json") == before)
    #expect(try scratch.names() == [".dealer.json.holder", "dealer.json"])
    // What the desk commits, the next reader sees.
    try desk.send("build suv\nstock add 2\n")
    var seen: [Int] = []
    var report = ""
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, !report.contains("3 Products in Stock") {
      report = try BinaryRunner.run(["--store", store, "stock"]).stdout
    }
    seen = Self.numbers(try BinaryRunner.run(["--store", store, "builds"]).stdout)
    #expect(seen == [1, 2])
    // 2 × $72,900.00 + $89,990.00.
    #expect(report.hasSuffix("3 Products in Stock. Total Value: $235,790.00\n"))
    #expect(try desk.quit() == 0)
    #expect(try scratch.names() == ["dealer.json"])
  }

  @Test func aSecondWriterIsRefusedNamingTheHolderAndTheStoreIsUntouched() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = try makeStore(scratch)
    let desk = try Desk(store: store)
    let before = try scratch.bytes("dealer.json")
    let second = try BinaryRunner.run(["--store", store, "build", "compact"])
    #expect(second.status == 1)
    #expect(second.stdout.isEmpty)
    let expected = desk.holdings(store).map {
      "configurator: \($0); use --wait SECONDS to wait for it\n"
    }
    #expect(expected.contains(second.stderr), "\(second.stderr)")
    // An option the store would keep (its currency) is a change too.
    let currency = try BinaryRunner.run(["--store", store, "--currency", "GBP", "builds"])
    #expect(currency.status == 0)
    #expect(Self.numbers(currency.stdout) == [1])
    #expect(try scratch.bytes("dealer.json") == before)
    #expect(try desk.quit() == 0)
    // The desk let go: the currency was not kept, and a writer gets in at once.
    #expect(try BinaryRunner.run(["--store", store, "stock"]).stdout.hasPrefix("Stock in USD."))
    let after = try BinaryRunner.run(["--store", store, "build", "compact"])
    #expect(after.status == 0)
    #expect(after.stdout.hasSuffix("Price: $28,500.00\n"))
  }

  @Test func aSessionOnAHeldStoreReadsAndRefusesEachChangeNamingTheHolder() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = try makeStore(scratch)
    let desk = try Desk(store: store)
    let before = try scratch.bytes("dealer.json")
    let script = "builds\nbuild compact\nstock\ncurrency gbp\nsave \(store)\n"
    let session = try BinaryRunner.run(["--store", store], stdin: script)
    #expect(session.status == 1)
    #expect(Self.numbers(session.stdout.components(separatedBy: "Stock in USD")[0]) == [1])
    #expect(session.stdout.hasSuffix("2 Products in Stock. Total Value: $145,800.00\n"))
    let lines = session.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4)
    for (number, line) in zip([2, 4], lines) {
      let expected = desk.holdings(store).map {
        "configurator: line \(number): \($0); this session only reads it (start again when "
          + "that process quits, or with --wait SECONDS)"
      }
      #expect(expected.contains(String(line)), "\(line)")
    }
    #expect(
      lines.count > 2
        && lines[2]
          == "configurator: line 5: save: cannot write '\(store)': it is the store this session only reads; save elsewhere"
    )
    #expect(try scratch.bytes("dealer.json") == before)
    #expect(try desk.quit() == 0)
  }

  /// A session started on a store another desk holds sees, before each command, what that
  /// desk committed since (here the reading session runs in this process, the desk in
  /// another).
  @Test func aReadingSessionFollowsTheDeskThatHoldsTheStore() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = try makeStore(scratch)
    let desk = try Desk(store: store)
    let catalogs = Catalogs(registry: CarRegistry())
    let read = try #require(
      try StoreReader.open(store) { _ throws(StoreKeeper.OpenError) in catalogs })
    var state = SessionState(catalogs: read.catalogs)
    try state.adopt(read.state)
    let out = OutputStream()
    let session = Session(state: state, format: .text, out: out, err: OutputStream())
    session.readOnly(read.reader)
    func run(_ line: String) throws -> String {
      let before = out.count
      try session.execute(line[...])
      return String(decoding: out.bytes[before...], as: UTF8.self)
    }
    #expect(Self.numbers(try run("builds")) == [1])
    try desk.send("build suv\nstock sell 1 customer=Ann\n")
    var seen: [Int] = []
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, !(try run("sales")).contains("Ann") { usleep(10_000) }
    seen = Self.numbers(try run("builds"))
    #expect(seen == [1, 2])
    #expect(try run("stock").hasSuffix("Total Value: $72,900.00\n"))
    #expect(try desk.quit() == 0)
    // The desk has quit: the session still only reads, and still follows the store.
    #expect(throws: CommandError.self) { try run("build compact") }
    #expect(try BinaryRunner.run(["--store", store, "build", "compact"]).status == 0)
    #expect(Self.numbers(try run("builds")) == [1, 2, 3])
  }

  /// The waiter's build must come after the desk's last one: it could only have got the
  /// store once the desk let it go.
  @Test func waitTakesTheStoreOnceTheHolderQuits() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = try makeStore(scratch)
    let desk = try Desk(store: store)
    let waiter = Process()
    waiter.executableURL = BinaryRunner.executable
    waiter.arguments = ["--store", store, "--wait", "600", "build", "compact"]
    waiter.standardOutput = FileHandle.nullDevice
    waiter.standardError = FileHandle.nullDevice
    try waiter.run()
    try desk.send("build suv\n")
    #expect(try desk.quit() == 0)
    waiter.waitUntilExit()
    #expect(waiter.terminationStatus == 0)
    let builds = try BinaryRunner.run(["--store", store, "builds"])
    #expect(Self.numbers(builds.stdout) == [1, 2, 3])
    let lines = builds.stdout.split(separator: "\n")
    #expect(lines.count == 4 && lines[2].contains("Cadillac Escalade"))
    #expect(lines.count == 4 && lines[3].contains("VW Golf"))
    #expect(try scratch.names() == ["dealer.json"])
  }

  /// Readers run while a writer appends builds, and after it is killed mid-write: each sees
  /// builds 1…n with n never going back; the kill leaves a stale holder record that names
  /// nobody and blocks nobody.
  @Test func readersStayConsistentThroughAWriterKilledMidWrite() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("dealer.json")
    let script = scratch.path("busy.script")
    try String(repeating: "build compact suspension=firm\n", count: 20_000).write(
      toFile: script, atomically: false, encoding: .utf8)
    #expect(try BinaryRunner.run(["--store", store, "builds"]).status == 0)
    let startSize = try scratch.bytes("dealer.json").count
    let writer = Process()
    writer.executableURL = BinaryRunner.executable
    writer.arguments = ["--store", store, "-f", script]
    writer.standardOutput = FileHandle.nullDevice
    writer.standardError = FileHandle.nullDevice
    try writer.run()
    let deadline = Date().addingTimeInterval(30)
    while writer.isRunning, try scratch.bytes("dealer.json").count == startSize,
      Date() < deadline
    {
      usleep(200)
    }
    var last = 0
    for _ in 0..<4 {
      let read = try BinaryRunner.run(["--store", store, "builds"])
      #expect(read.status == 0, "\(read.stderr)")
      let numbers = Self.numbers(read.stdout)
      #expect(numbers == Array(stride(from: 1, through: numbers.count, by: 1)))
      #expect(numbers.count >= last)
      last = numbers.count
    }
    kill(writer.processIdentifier, SIGKILL)
    writer.waitUntilExit()
    let before = try scratch.bytes("dealer.json")
    let read = try BinaryRunner.run(["--store", store, "builds"])
    #expect(read.status == 0, "\(read.stderr)")
    let numbers = Self.numbers(read.stdout)
    #expect(numbers.count >= max(last, 1))
    #expect(numbers == Array(stride(from: 1, through: numbers.count, by: 1)))
    #expect(try scratch.bytes("dealer.json") == before)
    // A killed writer's record stays until the next writer, which it does not block.
    if writer.terminationReason == .uncaughtSignal {
      #expect(FileManager.default.fileExists(atPath: Desk.record(of: store)))
    }
    let next = try BinaryRunner.run(["--store", store, "build", "suv"])
    #expect(next.status == 0, "\(next.stderr)")
    #expect(next.stdout.hasPrefix("Build #\(numbers.count + 1)\n"))
    #expect(try scratch.names() == ["busy.script", "dealer.json"])
  }

  /// A holder record whose process is gone is not believed while someone (here the test)
  /// holds the lock.
  /// `save` over the store itself compacts it, so a one-shot `save` of its own store takes it.
  @Test func aOneShotSaveOverItsOwnStoreTakesItAndCompacts() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = try makeStore(scratch)
    let journaled = try scratch.bytes("dealer.json")
    let save = try BinaryRunner.run(["--store", store, "save", store])
    #expect(save.status == 0, "\(save.stderr)")
    let compacted = try scratch.bytes("dealer.json")
    #expect(!String(decoding: compacted, as: UTF8.self).contains(#"{"record":"#))
    #expect(String(decoding: journaled, as: UTF8.self).contains(#"{"record":"#))
    let desk = try Desk(store: store)
    let refused = try BinaryRunner.run(["--store", store, "save", store])
    #expect(refused.status == 1)
    #expect(refused.stderr.hasSuffix("; use --wait SECONDS to wait for it\n"))
    #expect(try desk.quit() == 0)
  }

  @Test func aStaleHolderRecordNamesNobody() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = try makeStore(scratch)
    let gone = Process()
    gone.executableURL = URL(fileURLWithPath: "/bin/sh")
    gone.arguments = ["-c", "exit 0"]
    try gone.run()
    gone.waitUntilExit()
    try scratch.write("pid \(gone.processIdentifier) since 0\n", to: ".dealer.json.holder")
    let descriptor = open(store, O_RDWR)
    defer { close(descriptor) }
    #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    let second = try BinaryRunner.run(["--store", store, "build", "compact"])
    #expect(second.status == 1)
    #expect(
      second.stderr
        == "configurator: store '\(store)' is in use by another configurator process; "
        + "use --wait SECONDS to wait for it\n")
    let reader = try BinaryRunner.run(["--store", store, "builds"])
    #expect(reader.status == 0)
    #expect(Self.numbers(reader.stdout) == [1])
  }

  // MARK: in this process

  /// A reader between a keeper's commits (compactions included: a new file renamed over the
  /// store) sees exactly the last committed session; a torn record after it is left out and
  /// left in place.
  @Test func aReaderSeesTheLastCommitWhateverTheKeeperIsDoing() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("dealer.json")
    let catalogs = Catalogs(registry: CarRegistry())
    let (keeper, _) = try StoreKeeper.open(store, catalogs: catalogs, minimumJournal: 1024)
    var state = SessionState(catalogs: catalogs)
    state.stock = Stock()
    let session = Session(state: state, format: .text, out: OutputStream(), err: OutputStream())
    try session.keep(in: keeper)
    var identities: Set<UInt64> = []
    let cycle = ["build compact", "stock add 1", "currency gbp", "build sports", "currency usd"]
    for round in 0..<40 {
      try session.execute(cycle[round % cycle.count][...])
      let read = try #require(
        try StoreReader.open(store) { _ throws(StoreKeeper.OpenError) in catalogs })
      #expect(read.state == session.state.saved, "round \(round)")
      var status = stat()
      #expect(stat(store, &status) == 0)
      identities.insert(UInt64(status.st_ino))
    }
    // The journal was compacted (a new file) while readers came and went.
    #expect(identities.count > 1)
    let torn = Array(#"{"record":99,"builds":{"add"#.utf8)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(torn))
    try handle.close()
    let before = try scratch.bytes("dealer.json")
    let read = try #require(
      try StoreReader.open(store) { _ throws(StoreKeeper.OpenError) in catalogs })
    #expect(read.state == session.state.saved)
    #expect(try scratch.bytes("dealer.json") == before)
  }

  @Test func aMissingStoreIsNoReaderYet() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let catalogs = Catalogs(registry: CarRegistry())
    let read = try StoreReader.open(scratch.path("none.json")) {
      _ throws(StoreKeeper.OpenError) in catalogs
    }
    #expect(read == nil)
    #expect(try scratch.names().isEmpty)
  }

  // MARK: which commands change nothing

  /// The typed invocation of a line (it must read).
  private static func invocation(_ line: String) throws -> Invocation {
    let words = WordList()
    words.set(line.split(separator: " ").map(String.init))
    return try Invocation(words: words, catalogs: Catalogs(registry: CarRegistry()), car: nil)
  }

  @Test(arguments: [
    "help", "help build", "models", "builds", "show 1", "show Q-1", "quotes", "compare 1 2",
    "stock",
    "stock gbp eur", "options sports", "count sports", "lint", "rules sports", "currency",
    "rates", "save x.json", "read x.script", "quit", "exit",
  ])
  func readsChangeNothing(_ line: String) throws {
    #expect(try Self.invocation(line).changesNothing)
  }

  @Test(arguments: [
    "build sports", "remove 1", "stock add 1", "stock remove 1", "stock load x.csv",
    "stock clear", "currency gbp", "rate GBP 0.6", "rate GBP reset", "rates reset",
    "load x.json", "catalog load x.json", "configure sports",
    "edit 1", "quote 1 gbp",
  ])
  func changesAreChanges(_ line: String) throws {
    #expect(try !Self.invocation(line).changesNothing)
  }

  @Test func aHolderRecordReadsBackAndRefusesAnythingElse() {
    let holder = LockHolder(processID: 4242, since: 1_795_643_044)
    #expect(LockHolder(parsing: Array("pid 4242 since 1795643044\n".utf8)) == holder)
    #expect(holder.sinceText == "2026-11-25 21:44:04 UTC")
    for bad in ["", "pid 4242 since 1795643044", "pid -1 since 5\n", "pid 1 since x\n", "pid 1\n"] {
      #expect(LockHolder(parsing: Array(bad.utf8)) == nil, "\(bad)")
    }
  }
}
