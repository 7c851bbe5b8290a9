import Foundation
import TestSupport
import Testing

/// A store's money options (SPEC §15): `--rate`, `--rates` and `--currency` of commands that
/// change nothing are that run's reading only, one-shot or in a session, and leave the store
/// byte for byte as it was; the first command that changes the session saves them with it.
@Suite struct StoreMoneyOptionTests {
  @Test func readingCommandsNeverWriteTheRunsRates() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("s.json")
    #expect(try BinaryRunner.run(["--store", store, "build", "sports"]).status == 0)
    let saved = try scratch.bytes("s.json")
    let reads = [
      ["--store", store, "--rate", "GBP=0.5", "builds"],
      ["--store", store, "--rate", "GBP=0.5", "--currency", "gbp", "builds"],
      ["--store", store, "--currency", "eur", "show", "1"],
    ]
    for arguments in reads {
      let result = try BinaryRunner.run(arguments)
      #expect(result.status == 0, "\(arguments)")
      #expect(try scratch.bytes("s.json") == saved, "\(arguments) wrote the store")
    }
    // The run's rate is what it reads by: 72,900 USD at 0.5.
    let priced = try BinaryRunner.run(
      ["--store", store, "--rate", "GBP=0.5", "--currency", "gbp", "builds"])
    #expect(priced.stdout.contains("£36,450.00"))
    // A session of reading commands writes nothing either.
    let session = try BinaryRunner.run(
      ["--store", store, "--rate", "GBP=0.5"], stdin: "builds\nshow 1\nrates\n")
    #expect(session.status == 0)
    #expect(try scratch.bytes("s.json") == saved)
  }

  @Test func theFirstChangeSavesTheRunsMoneyWithIt() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("s.json")
    #expect(try BinaryRunner.run(["--store", store, "build", "sports"]).status == 0)
    #expect(
      try BinaryRunner.run(["--store", store, "--rate", "GBP=0.5", "currency", "gbp"]).status
        == 0)
    // Later runs without options read by the saved currency and rate.
    let later = try BinaryRunner.run(["--store", store, "builds"])
    #expect(later.stdout.contains("£36,450.00"), "\(later.stdout)")
  }
}
