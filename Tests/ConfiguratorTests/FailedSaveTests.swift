import CarFactory
import Foundation
import Support
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// Issue 49: a command whose change the store cannot save (a full disk, a failing device)
/// prints nothing on stdout, fails with `store not saved`, and leaves the session as the store
/// last saved it, so the next command does not write its change and a retry makes it once.
@Suite struct FailedSaveTests {
  /// The faults injected into the store's append (``LockedFile/AppendFault``).
  static let faults: [LockedFile.AppendFault] = [
    .init(.write(after: 0), code: Errno(rawValue: ENOSPC)),
    .init(.write(after: 7), code: Errno(rawValue: ENOSPC)),
    .init(.sync, code: .ioError),
    .init(.syncAndCut, code: .ioError),
  ]

  /// A session kept in a new store in `scratch`, with the sample stock.
  static func session(in scratch: ScratchDirectory) throws -> (Session, StoreKeeper, String) {
    let store = scratch.path("dealer.json")
    let catalogs = Catalogs(registry: CarRegistry())
    let (keeper, _) = try StoreKeeper.open(store, catalogs: catalogs)
    let session = Session(
      state: SessionState(catalogs: catalogs), format: .text, out: OutputStream(),
      err: OutputStream())
    try session.keep(in: keeper)
    return (session, keeper, store)
  }

  @Test(arguments: faults)
  func aSaleThatCannotBeSavedPrintsNothingAndIsNotKept(_ fault: LockedFile.AppendFault) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let (session, keeper, store) = try Self.session(in: scratch)
    try session.execute("build compact"[...])
    let before = session.state.saved
    let bytes = try scratch.bytes("dealer.json")
    let printed = session.out.count
    keeper.fault = fault
    var failure: CommandError?
    do {
      try session.execute("stock sell S-1 customer=Ann"[...])
    } catch {
      failure = error
    }
    #expect(failure?.message.hasPrefix("store not saved: cannot write '\(store)': ") == true)
    #expect(session.out.count == printed)
    #expect(session.state.saved == before)
    #expect(session.state.sales.entries.isEmpty)
    // A command that changes nothing writes nothing either.
    try session.execute("builds"[...])
    if case .syncAndCut = fault.step {
      // The record's bytes could not be cut off: they are past the saved end.
      #expect(try scratch.bytes("dealer.json").count > bytes.count)
    } else {
      #expect(try scratch.bytes("dealer.json") == bytes)
    }
    // The disk is back: the retry records one sale, the first.
    keeper.fault = nil
    let sold = session.out.count
    try session.execute("stock sell S-1 customer=Ann"[...])
    #expect(String(decoding: session.out.bytes[sold...], as: UTF8.self).contains(": sale 1;"))
    let contents = try SessionFileDecoder(file: store, catalogs: session.state.catalogs)
      .decodeStore(Array(try scratch.bytes("dealer.json")))
    #expect(contents.state == session.state.saved)
    #expect(contents.state.sales.entries.count == 1)
    #expect(contents.state.builds.listing.numbers == [1])
  }

  /// The scripted fast path (a known build replayed from the memo) saves before it prints.
  @Test(arguments: faults)
  func aReplayedBuildThatCannotBeSavedPrintsNothing(_ fault: LockedFile.AppendFault) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let (session, keeper, store) = try Self.session(in: scratch)
    var line = Array("build compact".utf8)
    let run = { () throws(CommandError) in
      let outcome = line.withUnsafeMutableBufferPointer { buffer in
        Result { () throws(CommandError) in
          try session.runScriptLine(UnsafeBufferPointer(buffer))
        }
      }
      _ = try outcome.get()
    }
    try run()
    let printed = session.out.count
    keeper.fault = fault
    #expect(throws: CommandError.self) { try run() }
    #expect(session.out.count == printed)
    #expect(session.state.builds.listing.numbers == [1])
    keeper.fault = nil
    try run()
    let contents = try SessionFileDecoder(file: store, catalogs: session.state.catalogs)
      .decodeStore(Array(try scratch.bytes("dealer.json")))
    #expect(contents.state.builds.listing.numbers == [1, 2])
  }
}
