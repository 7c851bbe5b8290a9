import CarFactory
import Foundation
import StockValuation
import Support
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

@Suite struct SessionFileRoundTripTests {
  /// A session with removed builds, stock with tax, a currency and an override.
  private func busySession() throws -> SessionHarness {
    let harness = SessionHarness()
    try harness.run("build sports drive=4wd")
    try harness.run("build compact suspension=firm drive=4wd")
    try harness.run("build suv")
    try harness.run("remove 2")
    try harness.run("build sports")
    try harness.run("stock add 1 2")
    try harness.run("stock load \(examplesFolder.appendingPathComponent("sportsstore.csv").path)")
    try harness.run("rate GBP 0.60338")
    try harness.run("currency gbp")
    try harness.run("remove 4")
    return harness
  }

  @Test func encodingThenDecodingRestoresExactlyTheSameState() throws {
    let harness = try busySession()
    let state = harness.session.state.saved
    let bytes = SessionFile.encode(harness.session.state)
    let decoded = try SessionFileDecoder(
      file: "s.json", catalogs: Catalogs(registry: CarRegistry())
    ).decode(bytes)
    #expect(decoded == state)
    #expect(decoded.builds.nextNumber == 5)
    #expect(decoded.builds.records.map(\.number) == [1, 3])
    #expect(decoded.rates.overrides == state.rates.overrides)
    #expect(
      decoded.rates.rates.map(\.value.description) == state.rates.rates.map(\.value.description))
    // A second round trip writes the same bytes.
    #expect(SessionFile.encode(decoded) == bytes)
  }

  @Test func saveThenLoadInAnotherSessionGivesTheSameReportsAndNumbers() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let harness = try busySession()
    let file = scratch.path("dealer.json")
    #expect(
      try harness.run("save \(file)") == "Saved session to \(file) (2 builds, 15 stock lines).\n")
    let other = SessionHarness()
    #expect(
      try other.run("load \(file)")
        == "Loaded session from \(file) (2 builds, 15 stock lines, currency GBP).\n")
    #expect(other.session.state == harness.session.state)
    #expect(try other.run("stock") == harness.run("stock"))
    #expect(try other.run("builds") == harness.run("builds"))
    #expect(try other.run("rates") == harness.run("rates"))
    // Numbering goes on where the saved session stopped.
    try other.run("build compact")
    #expect(other.session.state.builds.records.map(\.number) == [1, 3, 5])
  }

  @Test func theFileIsVersionedJSONWithExactDecimalStrings() throws {
    let harness = SessionHarness()
    try harness.run("build sports drive=4wd")
    try harness.run("stock clear")
    try harness.run("stock add 1 4 received=2026-10-01")
    try harness.run("rate GBP 0.60338")
    let text = String(decoding: SessionFile.encode(harness.session.state), as: UTF8.self)
    #expect(text.hasPrefix("{\n  \"format\": \"configurator-session\",\n  \"version\": 9,\n"))
    #expect(
      text.contains(
        #"{"number":1,"model":"sports","options":{"drive":"4wd"},"price":"76550.00","choices":["drive=4wd"]}"#
      ))
    #expect(text.contains("\"nextBuild\": 2,"))
    #expect(
      text.contains(
        #"{"number":6,"name":"Porsche Boxster (4WD)","category":"sports","unitPrice":"76550.00","quantity":4,"received":"2026-10-01","build":{"number":1,"#
      ))
    #expect(text.contains("\"currency\": \"USD\","))
    #expect(
      text.contains(
        #"{"quote":"GBP","value":"0.82608","date":"2025-02-28","source":"ECB euro reference rates"}"#
      ))
    #expect(
      text.contains(
        #"{"base":"USD","quote":"GBP","value":"0.60338","source":"command line"}"#))
    #expect(text.hasSuffix("}\n"))
  }

  @Test func loadReplacesBuildsStockCurrencyAndRates() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let saved = SessionHarness()
    try saved.run("build suv")
    try saved.run("stock clear")
    try saved.run("save \(scratch.path("small.json"))")
    let harness = SessionHarness()
    try harness.run("build sports")
    try harness.run("build sports")
    try harness.run("rate GBP 0.5")
    try harness.run("currency gbp")
    try harness.run("load \(scratch.path("small.json"))")
    #expect(harness.session.state.builds.records.map(\.model) == [.suv])
    #expect(harness.session.state.stock.lines.isEmpty)
    #expect(harness.session.state.money.currency == .usd)
    #expect(harness.session.state.money.rates == RateTable.ecbReference)
    // The scripted replay cache of the old book is not used for the new one.
    #expect(try harness.run("build sports").hasSuffix("Price: $72,900.00\n"))
    #expect(harness.session.state.builds.records.map(\.number) == [1, 2])
  }

  @Test func saveAndLoadReportInJSON() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let harness = SessionHarness(format: .json)
    try harness.run("build sports")
    let file = scratch.path("s.json")
    #expect(
      try harness.run("save \(file)")
        == #"{"type":"saved","file":""# + file
        + #"","builds":1,"nextBuild":2,"stockLines":5,"currency":"USD"}"# + "\n")
    #expect(
      try harness.run("load \(file)")
        == #"{"type":"loaded","file":""# + file
        + #"","builds":1,"nextBuild":2,"stockLines":5,"currency":"USD"}"# + "\n")
  }

  @Test func aRefusedLoadLeavesTheSessionAsItWas() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try scratch.write(
      SessionFileRefusalTests.valid.replacingOccurrences(of: "\"sports\"", with: "\"tractor\""),
      to: "bad.json")
    let harness = SessionHarness()
    try harness.run("build compact")
    let before = harness.session.state
    #expect(harness.failure("load \(scratch.path("bad.json"))") != nil)
    #expect(harness.session.state == before)
    #expect(
      harness.failure("load \(scratch.path("missing.json"))")
        == "load: cannot read '\(scratch.path("missing.json"))': No such file or directory")
    #expect(harness.failure("load") == "load: missing FILE (usage: load FILE)")
    #expect(harness.failure("save a b") == "save: unexpected argument 'b' (usage: save FILE)")
  }
}

@Suite struct SessionFileRefusalTests {
  /// A small valid file that each case below breaks in one place.
  static let valid = """
    {
      "format": "configurator-session",
      "version": 1,
      "builds": [
        {"number":1,"model":"sports","options":{"drive":"4wd"},"price":"76550.00"}
      ],
      "nextBuild": 2,
      "stock": [
        {"name":"Kayak","category":"Watersports","unitPrice":"275.00","quantity":10,"taxPercent":"10"}
      ],
      "currency": "GBP",
      "rates": {
        "base": "EUR",
        "source": "ECB euro reference rates",
        "rates": [
          {"quote":"USD","value":"1.0411","date":"2025-02-28","source":"ECB"},
          {"quote":"GBP","value":"0.82608","date":"2025-02-28","source":"ECB"}
        ],
        "overrides": [
          {"base":"USD","quote":"GBP","value":"0.60338","source":"command line"}
        ]
      }
    }
    """

  @Test func theValidFileLoads() throws {
    let state = try SessionFileDecoder(file: "d.json", catalogs: Catalogs(registry: CarRegistry()))
      .decode(Array(Self.valid.utf8))
    #expect(state.builds.records.first?.price == Price(cents: 76_550_00))
    #expect(state.stock.lines.first?.taxPercent == ExactDecimal(significand: 10, scale: 0))
    #expect(state.currency == .gbp)
    #expect(state.rates.override(from: .usd, to: .gbp)?.value.description == "0.60338")
  }

  /// A build of a value its model no longer offers (another version of the catalog) is
  /// kept as recorded, without a car, so the store opens and `revalidate` says what became
  /// of it (SPEC §16).
  @Test func aBuildOfAValueNoLongerOfferedIsKeptAsRecorded() throws {
    let text = Self.valid.replacingOccurrences(of: "\"4wd\"", with: "\"hover\"")
    let state = try SessionFileDecoder(file: "d.json", catalogs: Catalogs(registry: CarRegistry()))
      .decode(Array(text.utf8))
    let record = try #require(state.builds.records.first)
    #expect(record.number == 1 && record.options.drive?.rawValue == "hover")
    #expect(state.builds.configuration(of: 1)?.carName == nil)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let replace: String
    let with: String
    let message: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "corrupt JSON", replace: "\"nextBuild\": 2,", with: "\"nextBuild\": 2,,",
      message: "d.json: not valid JSON: expected a quoted key, found ',' at line 7, column 18"),
    Case(
      name: "unknown version", replace: "\"version\": 1", with: "\"version\": 10",
      message:
        "d.json: version: unsupported version 10 (this configurator reads versions 1, 2, 3, 4, 5, 6, 7, 8 and 9)"
    ),
    Case(
      name: "not a session", replace: "configurator-session", with: "catalog",
      message: "d.json: not a configurator session (no \"format\": \"configurator-session\")"),
    Case(
      name: "wrong type", replace: "\"quantity\":10", with: "\"quantity\":\"10\"",
      message: "d.json: stock[0].quantity: expected a whole number, got the string \"10\""),
    Case(
      name: "negative quantity", replace: "\"quantity\":10", with: "\"quantity\":-1",
      message: "d.json: stock[0].quantity: must not be negative, got -1"),
    Case(
      name: "fractional quantity", replace: "\"quantity\":10", with: "\"quantity\":1.5",
      message: "d.json: stock[0].quantity: expected a whole number, got 1.5"),
    Case(
      name: "money as a JSON number", replace: "\"275.00\"", with: "275.00",
      message:
        "d.json: stock[0].unitPrice: expected a decimal string like \"275.00\", got the number 275.00"
    ),
    Case(
      name: "bad money", replace: "\"275.00\"", with: "\"1,275.00\"",
      message: "d.json: stock[0].unitPrice: bad number '1,275.00'"),
    Case(
      name: "too precise money", replace: "\"275.00\"", with: "\"275.001\"",
      message: "d.json: stock[0].unitPrice: too many decimal places in '275.001' (at most 2)"),
    Case(
      name: "negative price", replace: "\"76550.00\"", with: "\"-1.00\"",
      message: "d.json: builds[0].price: must not be negative, got '-1.00'"),
    Case(
      name: "bad rate", replace: "\"0.60338\"", with: "\"0.6e1\"",
      message: "d.json: rates.overrides[0].value: bad rate '0.6e1' for GBP"),
    Case(
      name: "zero rate", replace: "\"1.0411\"", with: "\"0\"",
      message: "d.json: rates.rates[0].value: rate for USD must be positive, got '0'"),
    Case(
      name: "bad date", replace: "\"date\":\"2025-02-28\",\"source\":\"ECB\"},",
      with: "\"date\":\"2025-02-30\",\"source\":\"ECB\"},",
      message: "d.json: rates.rates[0].date: bad date '2025-02-30' (expected YYYY-MM-DD)"),
    Case(
      name: "unknown model", replace: "\"sports\"", with: "\"tractor\"",
      message:
        "d.json: builds[0].model: unknown model 'tractor' (models: compact, sports, suv); "
        + "is its catalog missing? (add it with --catalog FILE)"),
    Case(
      name: "unknown key", replace: "\"quantity\":10", with: "\"quantty\":10",
      message:
        "d.json: stock[0].quantty: unknown key; did you mean 'quantity'? "
        + "(keys: number, name, category, unitPrice, quantity, taxPercent, vin, build, cost, "
        + "costCurrency, received)"),
    Case(
      name: "missing key", replace: "\"currency\": \"GBP\",", with: "",
      message: "d.json: currency: missing"),
    Case(
      name: "unknown currency", replace: "\"currency\": \"GBP\"", with: "\"currency\": \"GBX\"",
      message: "d.json: currency: unknown currency 'GBX'; did you mean 'GBP'?"),
    Case(
      name: "duplicate build number", replace: "\"nextBuild\": 2", with: "\"nextBuild\": 1",
      message: "d.json: nextBuild: must be greater than every build number, got 1 (largest: 1)"),
    Case(
      name: "duplicate key", replace: "\"nextBuild\": 2,",
      with: "\"nextBuild\": 2, \"nextBuild\": 3,",
      message:
        "d.json: not valid JSON: key 'nextBuild' appears twice in one object at line 7, column 19"),
    Case(
      name: "negative feature count", replace: "\"price\":\"76550.00\"}",
      with: "\"price\":\"76550.00\",\"chosen\":-1}",
      message: "d.json: builds[0].chosen: must not be negative, got -1"),
    Case(
      name: "notes not text", replace: "\"price\":\"76550.00\"}",
      with: "\"price\":\"76550.00\",\"notes\":{\"drive=4wd\":4}}",
      message: "d.json: builds[0].notes.drive=4wd: expected an object, got the number 4"),
    Case(
      name: "trailing text", replace: "\n}", with: "\n}}",
      message:
        "d.json: not valid JSON: unexpected text after the end of the JSON value at line 23, column 2"
    ),
    Case(
      name: "floor plan rate over 100%", replace: "\"currency\": \"GBP\",",
      with: "\"floorPlan\": [{\"from\":\"2025-03-01\",\"apr\":\"101\"}], \"currency\": \"GBP\",",
      message: "d.json: floorPlan[0].apr: expected a percent from 0 to 100, got 101"),
    Case(
      name: "floor plan days out of order", replace: "\"currency\": \"GBP\",",
      with: "\"floorPlan\": [{\"from\":\"2025-03-01\",\"apr\":\"7\"},"
        + "{\"from\":\"2025-02-01\",\"apr\":\"6\"}], \"currency\": \"GBP\",",
      message:
        "d.json: floorPlan[1].from: must be after the rate before's day 2025-03-01, got 2025-02-01"),
    Case(
      name: "floor plan not a list", replace: "\"currency\": \"GBP\",",
      with: "\"floorPlan\": \"7.3%\", \"currency\": \"GBP\",",
      message: "d.json: floorPlan: expected an array, got the string \"7.3%\""),
  ]

  @Test(arguments: cases)
  func aBrokenFileIsRefusedNamingTheFileAndJSONPath(_ broken: Case) {
    #expect(Self.valid.contains(broken.replace))
    let text = Self.valid.replacingOccurrences(of: broken.replace, with: broken.with)
    #expect(throws: SessionFileError.self) {
      _ = try SessionFileDecoder(file: "d.json", catalogs: Catalogs(registry: CarRegistry()))
        .decode(Array(text.utf8))
    }
    do {
      _ = try SessionFileDecoder(file: "d.json", catalogs: Catalogs(registry: CarRegistry()))
        .decode(Array(text.utf8))
    } catch {
      #expect(String(describing: error) == broken.message)
    }
  }

  @Test func aTruncatedFileIsRefusedAsTruncated() throws {
    let bytes = Array(Self.valid.utf8)
    for length in [0, 1, 40, bytes.count / 2, bytes.count - 2] {
      do {
        _ = try SessionFileDecoder(file: "d.json", catalogs: Catalogs(registry: CarRegistry()))
          .decode(Array(bytes[..<length]))
        Issue.record("a file cut at \(length) bytes was accepted")
      } catch {
        let message = String(describing: error)
        #expect(
          message == "d.json: the file is empty (expected a configurator session)"
            || message.hasSuffix("(the file ends too early: is it truncated?)"),
          "\(message)")
      }
    }
  }
}

@Suite struct SessionFileAtomicWriteTests {
  @Test func writeReplacesTheFileAndLeavesNoTemporaryFile() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.path("s.json")
    try AtomicFile.write(Array("one".utf8), to: path)
    try AtomicFile.write(Array("two".utf8), to: path)
    #expect(try scratch.bytes("s.json") == Data("two".utf8))
    #expect(try scratch.names() == ["s.json"])
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    // A session file may hold prices and stock: it is the user's alone.
    #expect(mode == 0o600)
  }

  @Test func writeKeepsTheReplacedFilesPermissionsAndFollowsALink() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.path("s.json")
    try scratch.write("old", to: "s.json")
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("link.json"), withDestinationPath: path)
    try AtomicFile.write(Array("new".utf8), to: scratch.path("link.json"))
    #expect(try scratch.bytes("s.json") == Data("new".utf8))
    let attributes = try FileManager.default.attributesOfItem(atPath: scratch.path("link.json"))
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  /// Places a write cannot go even for root: a missing folder, a folder that is a file, /proc.
  @Test(arguments: [
    ("missing/s.json", "No such file or directory"), ("file/s.json", "Not a directory"),
  ])
  func aFailedWriteNamesThePathAndReasonAndChangesNothing(_ name: String, _ reason: String)
    throws
  {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try scratch.write("a file", to: "file")
    let path = scratch.path(name)
    #expect(throws: FileSystemError.self) { try AtomicFile.write([1], to: path) }
    do {
      try AtomicFile.write([1], to: path)
    } catch {
      #expect(error.description == "cannot write '\(path)': \(reason)")
    }
    #expect(try scratch.names() == ["file"])
    #expect(try scratch.bytes("file") == Data("a file".utf8))
  }

  @Test func saveUnderProcFails() {
    let harness = SessionHarness()
    let message = harness.failure("save /proc/configurator-session.json")
    #expect(message?.hasPrefix("save: cannot write '/proc/configurator-session.json': ") == true)
  }

  @Test(
    .enabled(
      if: getuid() != 0, "root writes into read-only folders; the ulimit store test covers it"))
  func aReadOnlyFolderKeepsItsOldFile() throws {
    let scratch = try ScratchDirectory()
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: scratch.url.path)
      scratch.remove()
    }
    try scratch.write("old", to: "s.json")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o555], ofItemAtPath: scratch.url.path)
    let harness = SessionHarness()
    #expect(
      harness.failure("save \(scratch.path("s.json"))")
        == "save: cannot write '\(scratch.path("s.json"))': Permission denied")
    #expect(try scratch.bytes("s.json") == Data("old".utf8))
  }
}

/// The process's file creation mask, read without changing it for long.
func currentUmask() -> mode_t {
  let mask = umask(0o022)
  umask(mask)
  return mask
}
