import Foundation
import TestSupport
import Testing

/// The ledger and the stock numbers on a `--store`: each sale is one appended journal record,
/// compaction keeps them, and a record cut short by a crash is dropped (SPEC §10, §12).
@Suite struct SalesStoreTests {
  private static let day = ["CONFIGURATOR_TODAY": "2025-03-03"]

  private func run(_ store: String, _ words: [String]) throws -> BinaryRunner.Result {
    try BinaryRunner.run(["--store", store] + words, environment: Self.day)
  }

  @Test func salesAreAppendedToTheJournalAndSurviveCompaction() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("lot.json")
    let examples = examplesFolder.path
    #expect(try run(store, ["stock", "load", examples + "/dealer-cars.csv"]).status == 0)
    let sold = try run(store, ["stock", "sell", "S-1", "price=27900", "customer=Ann Lee"])
    #expect(
      sold.stdout
        == "Sold 1 × S-1 VW Golf to Ann Lee for $27,900.00 (list $28,500.00) on 2025-03-03: "
        + "sale 1; 0 left in stock.\n")
    let text = String(decoding: try scratch.bytes("lot.json"), as: UTF8.self)
    let records = text.split(separator: "\n").filter { $0.hasPrefix(#"{"record":"#) }
    #expect(records.last?.contains(#""sales":{"add":[{"sale":1,"date":"2025-03-03""#) == true)
    #expect(records.last?.contains(#""vin":"WVWZZZ1KZ8W000001""#) == true)
    #expect(try run(store, ["stock", "sell", "S-1", "void"]).status == 0)
    let before = try run(store, ["sales"]).stdout
    #expect(before.hasSuffix("0 cars sold (1 sale, 1 voided). Total: $0.00 ($0.00 to list).\n"))
    // `save` to the store's own path compacts it: the document holds the ledger.
    #expect(try run(store, ["save", store]).status == 0)
    let compacted = String(decoding: try scratch.bytes("lot.json"), as: UTF8.self)
    #expect(!compacted.contains(#"{"record":"#))
    #expect(compacted.contains(#"  "nextStock": 4,"#))
    #expect(compacted.contains(#"{"sale":2,"voids":1,"date":"2025-03-03""#))
    #expect(try run(store, ["sales"]).stdout == before)
    // The voided car is back in its place, first.
    #expect(
      try run(store, ["stock"]).stdout.split(separator: "\n")[2]
        == "S-1  compact   VW Golf          WVWZZZ1KZ8W000001    1  $28,500.00       $28,500.00")
  }

  @Test func aTornSaleRecordIsDroppedAndTheStoreKeepsItsLastState() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("lot.json")
    #expect(
      try run(store, ["stock", "load", examplesFolder.path + "/dealer-cars.csv"]).status == 0)
    let before = try run(store, ["stock"]).stdout
    // A crash in the middle of writing a sale's record leaves a piece of it.
    var bytes = try scratch.bytes("lot.json")
    bytes.append(contentsOf: Data(#"{"record":2,"stock":{"at":0,"remove":1,"insert":[]},"sa"#.utf8))
    try bytes.write(to: URL(fileURLWithPath: store))
    #expect(try run(store, ["stock"]).stdout == before)
    #expect(
      try run(store, ["sales"]).stdout.hasSuffix(
        "0 cars sold (0 sales). Total: $0.00 ($0.00 to list).\n"))
    // The next sale is written after the last good record.
    #expect(try run(store, ["stock", "sell", "S-3"]).status == 0)
    #expect(try run(store, ["sales"]).stdout.contains("S-3  Porsche Boxster"))
  }
}
