import CarFactory
import Foundation
import StockValuation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// The dealer's name is part of the session (SPEC §12): `save`, `load` and `--store` keep
/// it; files written before it load without one; a bad name in a file is refused by path.
@Suite struct DealerSessionTests {
  @Test func saveAndLoadKeepTheDealersName() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let harness = SessionHarness()
    try harness.run("dealer Kings Motors")
    try harness.run("save \(scratch.path("s.json"))")
    let text = String(decoding: try scratch.bytes("s.json"), as: UTF8.self)
    #expect(text.contains("\n  \"dealer\": \"Kings Motors\",\n"))
    let other = SessionHarness()
    try other.run("load \(scratch.path("s.json"))")
    #expect(try other.run("dealer") == "Dealer: Kings Motors\n")
    // A file without the key (every file written before it) has no dealer, and `load`
    // takes that too.
    try other.run("save \(scratch.path("t.json"))")
    let none = SessionHarness()
    try none.run("save \(scratch.path("u.json"))")
    #expect(!String(decoding: try scratch.bytes("u.json"), as: UTF8.self).contains("dealer"))
    try other.run("load \(scratch.path("u.json"))")
    #expect(try other.run("dealer") == "No dealer name set (dealer NAME sets it).\n")
  }

  @Test func aBadNameInAFileIsRefusedByItsPath() throws {
    let valid = SessionFileRefusalTests.valid
    for (name, problem) in [
      ("\"\"", "is empty"), ("\"a\\u0007b\"", "contains a control character"),
    ] {
      let text = valid.replacingOccurrences(
        of: "\"currency\":", with: "\"dealer\": \(name),\n  \"currency\":")
      #expect(text != valid)
      do {
        _ = try SessionFileDecoder(file: "d.json", catalogs: Catalogs(registry: CarRegistry()))
          .decode(Array(text.utf8))
        Issue.record("\(name) was accepted")
      } catch {
        #expect("\(error)" == "d.json: dealer: the dealer's name \(problem)")
      }
    }
  }

  @Test func aBadProfileInAFileIsRefusedByItsPath() throws {
    let valid = SessionFileRefusalTests.valid
    let cases = [
      (
        #"{"name":"K","tax":{"label":"VAT","percent":"101"}}"#,
        "d.json: dealer.tax.percent: expected a percent from 0 to 100, got 101"
      ),
      (
        #"{"name":"K","fax":"1"}"#,
        "d.json: dealer.fax: unknown key; did you mean 'tax'? (keys: name, address, phone, vat, tax)"
      ),
      (#"{"address":"x"}"#, "d.json: dealer.name: missing"),
    ]
    for (profile, message) in cases {
      let text = valid.replacingOccurrences(
        of: "\"currency\":", with: "\"dealer\": \(profile),\n  \"currency\":")
      do {
        _ = try SessionFileDecoder(file: "d.json", catalogs: Catalogs(registry: CarRegistry()))
          .decode(Array(text.utf8))
        Issue.record("\(profile) was accepted")
      } catch {
        #expect("\(error)" == message)
      }
    }
  }

  @Test func theStoreKeepsTheNameAcrossRunsAndLoads() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("day.json")
    #expect(try BinaryRunner.run(["--store", store, "dealer", "Kings", "Motors"]).status == 0)
    #expect(try BinaryRunner.run(["--store", store, "dealer"]).stdout == "Dealer: Kings Motors\n")
    let empty = SessionHarness()
    try empty.run("save \(scratch.path("empty.json"))")
    _ = try BinaryRunner.run(["--store", store, "load", scratch.path("empty.json")])
    #expect(
      try BinaryRunner.run(["--store", store, "dealer"]).stdout
        == "No dealer name set (dealer NAME sets it).\n")
  }

  @Test func theWholeProfileIsKeptBySaveAndByTheStoresJournal() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let harness = SessionHarness()
    try harness.run("dealer Kings Motors address=\"12 High Street, Leeds\" vat=GB1 tax=VAT 20%")
    try harness.run("save \(scratch.path("s.json"))")
    let text = String(decoding: try scratch.bytes("s.json"), as: UTF8.self)
    #expect(text.contains("\"version\": 9,"))
    #expect(
      text.contains(
        #""dealer": {"name":"Kings Motors","address":"12 High Street, Leeds","vat":"GB1","#
          + #""tax":{"label":"VAT","percent":"20"}},"#))
    let other = SessionHarness()
    try other.run("load \(scratch.path("s.json"))")
    let shown =
      "Dealer: Kings Motors (address 12 High Street, Leeds; VAT number GB1; tax VAT 20%)\n"
    #expect(try other.run("dealer") == shown)
    // The store: one run sets it, a record of the journal; the next reads it back.
    let store = scratch.path("day.json")
    let set = [
      "dealer", "Kings", "Motors", "address=12 High Street, Leeds", "vat=GB1", "tax=VAT 20%",
    ]
    #expect(try BinaryRunner.run(["--store", store] + set).status == 0)
    #expect(try BinaryRunner.run(["--store", store, "dealer", "phone=0113"]).status == 0)
    #expect(
      try BinaryRunner.run(["--store", store, "dealer"]).stdout
        == "Dealer: Kings Motors (address 12 High Street, Leeds; phone 0113; VAT number GB1; "
        + "tax VAT 20%)\n")
  }

  @Test func recordedQuotesAreKeptBySaveAndTheStoreAndShownAgainUnchanged() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("day.json")
    let day = ["CONFIGURATOR_TODAY": "2026-11-25"]
    func run(_ arguments: [String]) throws -> String {
      try BinaryRunner.run(["--store", store] + arguments, environment: day).stdout
    }
    _ = try run(["dealer", "Kings", "Motors", "tax=VAT 20%"])
    _ = try run(["build", "sports"])
    let quoted = try run(["--rate", "GBP=0.60338", "quote", "1", "gbp", "discount=5%"])
    #expect(quoted.hasPrefix("Quote Q-1 for build #1: "))
    _ = try run(["rate", "GBP", "0.7"])
    // After the rates moved, the store's Q-1 has the figures it was given.
    #expect(try run(["show", "Q-1"]) == quoted)
    #expect(try run(["quotes"]).contains("Q-1 "))
    // save and load keep it too.
    let harness = SessionHarness()
    try harness.run("load \(store)")
    #expect(try harness.run("show Q-1") == quoted)
    try harness.run("save \(scratch.path("s.json"))")
    let other = SessionHarness()
    try other.run("load \(scratch.path("s.json"))")
    #expect(other.session.state.quotes == harness.session.state.quotes)
    #expect(other.session.state.quotes.entries.count == 1)
  }

  @Test func ordersAreKeptByTheStoreAndSaveAndListedInEveryFormat() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("day.json")
    let day = ["CONFIGURATOR_TODAY": "2026-11-25"]
    func run(_ arguments: [String]) throws -> String {
      try BinaryRunner.run(["--store", store] + arguments, environment: day).stdout
    }
    _ = try run(["build", "sports"])
    _ = try run(["--rate", "GBP=0.60338", "quote", "1", "gbp", "customer=Ann Lee"])
    let placed = try run(["order", "Q-1", "deposit=£500"])
    #expect(placed.hasPrefix("Order O-1 of quote Q-1 (build #1 "))
    #expect(placed.contains("Ann Lee): total £") && placed.hasSuffix(", deposit £500.00\n"))
    #expect(try run(["orders"]).contains("O-1 "))
    let json = try run(["--format", "json", "orders"])
    #expect(json.hasPrefix(#"{"type":"orders","orders":[{"order":"O-1","number":1,"quote":"Q-1""#))
    #expect(json.contains(#""deposit":{"currency":"GBP","amount":"500.00","minorUnits":50000}"#))
    #expect(json.contains(#""status":"open","sale":null}"#))
    let csv = try run(["--format", "csv", "orders"]).split(separator: "\n")
    #expect(csv.first == "order,date,quote,build,name,customer,total,deposit,currency,status,sale")
    #expect(csv.dropFirst().first?.hasPrefix("O-1,2026-11-25,Q-1,1,") == true)
    #expect(csv.dropFirst().first?.hasSuffix(",500.00,GBP,open,") == true)
    // save and load keep them; the next order is O-2.
    let harness = SessionHarness()
    try harness.run("load \(store)")
    try harness.run("save \(scratch.path("s.json"))")
    let other = SessionHarness()
    try other.run("load \(scratch.path("s.json"))")
    #expect(other.session.state.orders == harness.session.state.orders)
    #expect(other.session.state.orders.entries.first?.deposit?.minorUnits == 50_000)
    _ = try run(["quote", "1"])
    #expect(try run(["order", "Q-2"]).hasPrefix("Order O-2 of quote Q-2 "))
  }

  @Test func aSaleOfAnOrderKeepsItsOrderTaxAndDepositInTheStoreAndShowsThem() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("day.json")
    let day = ["CONFIGURATOR_TODAY": "2026-11-25"]
    func run(_ arguments: [String]) throws -> String {
      try BinaryRunner.run(["--store", store] + arguments, environment: day).stdout
    }
    _ = try run(["build", "sports"])
    // $72,900.00 × 0.60338 = £43,986.40; 5% off = £2,199.32 → net £41,787.08; 20% tax of it
    // is £8,357.416 → £8,357.42.
    _ = try run(["--rate", "GBP=0.60338", "quote", "1", "gbp", "discount=5%", "tax=20%"])
    _ = try run(["order", "Q-1", "deposit=500"])
    _ = try run(["stock", "add", "1"])
    #expect(try run(["stock", "sell", "S-1", "order=O-1"]).contains(" for £41,787.08 "))
    let csv = try run(["--format", "csv", "sales"]).split(separator: "\n")
    #expect(csv.first?.contains(",customer,order,tax,deposit,") == true)
    #expect(csv.dropFirst().first?.contains(",GBP,41787.08,,O-1,8357.42,500.00,") == true)
    let json = try run(["--format", "json", "sales"])
    #expect(json.contains(#""order":"O-1","tax":{"currency":"GBP","amount":"8357.42""#))
    #expect(try run(["orders"]).contains("sold (sale 1)"))
    // The store keeps them: a session that loads it has the same ledger.
    let harness = SessionHarness()
    try harness.run("load \(store)")
    let sale = try #require(harness.session.state.sales.entries.first)
    #expect(sale.order == 1 && sale.deposit?.decimalString == "500.00")
  }
}
