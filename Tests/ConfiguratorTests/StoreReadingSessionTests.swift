import CarFactory
import Foundation
import Support
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// SPEC §12, a second desk: a session reading a store another process holds sees, before each
/// command, what the holder committed since — and reads nothing again while nothing changed.
@Suite struct StoreReadingSessionTests {
  private let catalogs = Catalogs(registry: CarRegistry())

  /// A holder (an in-process keeper, compacting after 1 KiB of journal) and a session reading
  /// the same store, as `configurator --store S` starts when the store is held.
  private final class Desks {
    let holder: Session
    let reader: Session
    let storeReader: StoreReader
    let out = OutputStream()
    let err = OutputStream()

    init(store: String, catalogs: Catalogs) throws {
      let (keeper, _) = try StoreKeeper.open(store, catalogs: catalogs, minimumJournal: 1024)
      var state = SessionState(catalogs: catalogs)
      state.stock = Stock()
      holder = Session(state: state, format: .text, out: OutputStream(), err: OutputStream())
      try holder.keep(in: keeper)
      try holder.execute("build sports")
      try holder.execute("stock add 1 2")
      let read = try #require(
        try StoreReader.open(store) { _ throws(StoreKeeper.OpenError) in catalogs })
      var seen = SessionState(catalogs: read.catalogs)
      try seen.adopt(read.state)
      reader = Session(state: seen, format: .text, out: out, err: err)
      reader.readOnly(read.reader)
      storeReader = read.reader
    }

    /// Runs a line at the reading desk; the output it wrote.
    @discardableResult
    func read(_ line: String) throws(CommandError) -> String {
      let before = out.count
      try reader.execute(line[...])
      return String(decoding: out.bytes[before...], as: UTF8.self)
    }
  }

  /// The build numbers a `builds` listing shows, in order.
  private static func numbers(_ listing: String) -> [Int] {
    listing.split(separator: "\n").dropFirst().compactMap { line in
      line.split(separator: " ").first.flatMap { Int($0) }
    }
  }

  @Test func aReadingSessionSeesWhatTheHolderCommitsAfterItOpened() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let desks = try Desks(store: scratch.path("dealer.json"), catalogs: catalogs)
    #expect(Self.numbers(try desks.read("builds")) == [1])
    #expect(!(try desks.read("sales")).contains("Ann"))
    try desks.holder.execute("build compact")
    try desks.holder.execute("stock sell 1 customer=Ann")
    #expect(Self.numbers(try desks.read("builds")) == [1, 2])
    let sales = try desks.read("sales")
    #expect(sales.contains("Ann"), "\(sales)")
    #expect(desks.reader.state.saved == desks.holder.state.saved)
    // Through appends and compactions (a new file renamed over the store), the reading desk
    // sees each commit; its changes are still refused.
    var inodes: Set<UInt64> = []
    let cycle = ["build suv", "stock add 2", "currency gbp", "dealer \"Desk A\"", "currency usd"]
    for round in 0..<30 {
      try desks.holder.execute(cycle[round % cycle.count][...])
      try desks.read("stock")
      #expect(desks.reader.state.saved == desks.holder.state.saved, "round \(round)")
      var status = stat()
      #expect(stat(scratch.path("dealer.json"), &status) == 0)
      inodes.insert(UInt64(status.st_ino))
    }
    #expect(inodes.count > 1)
    #expect(throws: CommandError.self) { try desks.read("build compact") }
  }

  @Test func nothingIsReadAgainWhileTheStoreIsUnchanged() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let desks = try Desks(store: scratch.path("dealer.json"), catalogs: catalogs)
    for line in ["builds", "stock", "sales", "show 1", "builds"] { try desks.read(line) }
    #expect(desks.storeReader.reads == 1)
    // A command that changes nothing at the holder writes nothing: still nothing to read.
    try desks.holder.execute("builds")
    try desks.read("builds")
    #expect(desks.storeReader.reads == 1)
    try desks.holder.execute("build compact")
    try desks.read("builds")
    try desks.read("builds")
    #expect(desks.storeReader.reads == 2)
  }

  @Test func aStoreThatNoLongerReadsIsAnErrorAndTheSessionKeepsItsLastState() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("dealer.json")
    let desks = try Desks(store: store, catalogs: catalogs)
    try desks.holder.execute("build compact")
    #expect(Self.numbers(try desks.read("builds")) == [1, 2])
    let before = desks.reader.state.saved
    // A line that is no record, written by something other than the holder.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("not a record\n".utf8))
    try handle.close()
    let damaged = try scratch.bytes("dealer.json")
    do {
      try desks.read("builds")
      Issue.record("a damaged store was read")
    } catch {
      #expect(!error.message.contains("\n"))
      #expect(error.message.contains("dealer.json"), "\(error.message)")
      #expect(error.message.hasSuffix("(this session keeps what it read before)"))
    }
    // Said once: the next commands run on the last good state, and nothing was written.
    #expect(Self.numbers(try desks.read("builds")) == [1, 2])
    #expect(desks.reader.state.saved == before)
    #expect(desks.storeReader.reads == 3)
    #expect(try scratch.bytes("dealer.json") == damaged)
    // A store that is gone says so, likewise once.
    #expect(unlink(store) == 0)
    #expect(throws: CommandError.self) { try desks.read("stock") }
    #expect(Self.numbers(try desks.read("builds")) == [1, 2])
  }
}
