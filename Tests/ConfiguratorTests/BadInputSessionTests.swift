import Foundation
import StockValuation
import Testing

@testable import Dealership
@testable import configurator

/// Bad commands in a session (SPEC §4): each fails with one line naming the bad value, prints
/// nothing on the output, and leaves the builds, stock, currency and rates as they were.
@Suite struct BadInputSessionTests {
  /// A command that must fail, and the text its message must contain.
  struct Refusal: Sendable, CustomTestStringConvertible {
    let line: String
    let names: String
    var testDescription: String { line }
  }

  /// What a failing command must not change.
  private struct State: Equatable {
    let builds: BuildBook
    let stock: [StockLine]
    let currency: Currency
    let rates: RateTable
    let output: Int

    init(_ harness: SessionHarness) {
      builds = harness.session.state.builds
      stock = harness.session.state.stock.lines
      currency = harness.session.state.money.currency
      rates = harness.session.state.money.rates
      output = harness.out.count
    }
  }

  /// Two builds, one of them in stock, and a rate override: something to lose.
  private static let setup = [
    "build sports drive=4wd", "build compact suspension=firm", "stock add 1 2", "rate GBP 0.60338",
    "currency gbp",
  ]

  static let commands: [Refusal] = [
    .init(line: "frobnicate", names: "'frobnicate'"),
    .init(line: "bulid sports", names: "'bulid'; did you mean 'build'?"),
    .init(line: "help frobnicate", names: "'frobnicate'"),
    .init(line: "help build extra", names: "'extra'"),
    .init(line: "models all", names: "'all'"),
    .init(line: "build", names: "missing MODEL"),
    .init(line: "build sprots", names: "'sprots'; did you mean 'sports'?"),
    .init(line: "build tractor", names: "'tractor'"),
    .init(line: "build sports drive", names: "'drive'"),
    .init(line: "build sports drive=", names: "'drive'"),
    .init(line: "build sports =4wd", names: "''"),
    .init(line: "build sports wheels=4", names: "'wheels'"),
    .init(line: "build sports drive=hover", names: "'hover'"),
    .init(line: "build sports drive=4wd drive=rear", names: "'drive'"),
    .init(line: "build suv drive=front", names: "'front'"),
    .init(line: "build sports floorplan=long", names: "'long'"),
    .init(line: "build sports drive=4wd extra", names: "'extra'"),
    .init(line: "build 'sports", names: "'build 'sports'"),
    .init(line: "build \"sports", names: "unterminated quote"),
    .init(line: "builds 1", names: "'1'"),
    .init(line: "show", names: "missing build number"),
    .init(line: "show x", names: "'x'"),
    .init(line: "show 0", names: "'0'"),
    .init(line: "show -1", names: "'-1'"),
    .init(line: "show 1.5", names: "'1.5'"),
    .init(line: "show \"#\"", names: "'#'"),
    .init(line: "show # a comment", names: "missing build number"),
    .init(line: "show #1", names: "'#' starts a comment"),
    .init(line: "remove #2", names: "'#' starts a comment"),
    .init(line: "show 99", names: "#99"),
    .init(line: "show 9223372036854775808", names: "'9223372036854775808'"),
    .init(line: "show 1 2", names: "'2'"),
    .init(line: "show ١", names: "'١'"),
    .init(line: "remove", names: "missing build number"),
    .init(line: "remove abc", names: "'abc'"),
    .init(line: "remove 3", names: "#3"),
    .init(line: "stock add", names: "missing build number"),
    .init(line: "stock add 9", names: "#9"),
    .init(line: "stock add x", names: "'x'"),
    .init(line: "stock add 1 0", names: "'0'"),
    .init(line: "stock add 1 -3", names: "'-3'"),
    .init(line: "stock add 1 +3", names: "'+3'"),
    .init(line: "stock add 1 1.5", names: "'1.5'"),
    .init(line: "stock add 1 1e3", names: "'1e3'"),
    .init(line: "stock add 1 ３", names: "'３'"),
    .init(line: "stock add 1 9223372036854775807", names: "9223372036854775807"),
    .init(line: "stock add 1 9223372036854775808", names: "'9223372036854775808'"),
    .init(line: "stock add 1 2 3", names: "'3'"),
    .init(line: "stock ad 1", names: "'ad'; did you mean 'add'?"),
    .init(line: "stock gpb", names: "'gpb'"),
    .init(line: "stock xyz", names: "'xyz'"),
    .init(line: "stock gbp extra", names: "'extra'"),
    .init(line: "stock bhd", names: "BHD"),
    .init(line: "stock clear now", names: "'now'"),
    .init(line: "stock load", names: "missing FILE"),
    .init(line: "stock load a b", names: "'b'"),
    .init(line: "currency XXX", names: "'XXX'"),
    .init(line: "currency ''", names: "''"),
    .init(line: "currency gbp usd", names: "'usd'"),
    .init(line: "currency bhd", names: "BHD"),
    .init(line: "rates now", names: "'now'"),
    .init(line: "rate", names: "expected CODE and VALUE"),
    .init(line: "rate GBP", names: "expected CODE and VALUE"),
    .init(line: "rate GBP 1 2", names: "'2'"),
    .init(line: "rate GBP NaN", names: "'NaN'"),
    .init(line: "rate GBP nan", names: "'nan'"),
    .init(line: "rate GBP inf", names: "'inf'"),
    .init(line: "rate GBP 0", names: "'0'"),
    .init(line: "rate GBP 0.000", names: "'0.000'"),
    .init(line: "rate GBP -1", names: "'-1'"),
    .init(line: "rate GBP 1e3", names: "'1e3'"),
    .init(line: "rate GBP 1,5", names: "'1,5'"),
    .init(line: "rate GBP 0x10", names: "'0x10'"),
    .init(line: "rate GBP 99999999999999999999999999999", names: "'99999999999999999999999999999'"),
    .init(
      line: "rate GBP 0.0000000000000000000000000001", names: "'0.0000000000000000000000000001'"),
    .init(line: "rate XXX 1", names: "'XXX'"),
    .init(line: "rate usd 1", names: "USD"),
    .init(line: "quit now", names: "'now'"),
    .init(line: "exit 1", names: "'1'"),
    .init(line: "read", names: "missing FILE"),
    .init(line: "read a b", names: "'b'"),
    .init(line: "read /nonexistent/script", names: "'/nonexistent/script'"),
    .init(line: "read /", names: "'/'"),
    .init(line: "stock load /nonexistent/stock.csv", names: "/nonexistent/stock.csv"),
    .init(line: "stock load /", names: "/"),
  ]

  @Test(arguments: commands)
  func failsWithOneLineNamingTheValueAndChangesNothing(_ refusal: Refusal) throws {
    let harness = SessionHarness()
    for line in Self.setup { try harness.run(line) }
    let before = State(harness)
    let message = try #require(harness.failure(refusal.line), "'\(refusal.line)' succeeded")
    #expect(!message.contains("\n"))
    #expect(message.contains(refusal.names), "\(message)")
    #expect(State(harness) == before)
  }

  // MARK: files

  /// Files in a scratch folder: empty, binary, an overflowing row, a directory.
  private struct Files {
    let folder: URL

    init() throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("bad-input-\(UUID().uuidString)")
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("folder.csv"), withIntermediateDirectories: true)
      let header = "name,category,unit_price,quantity\n"
      let files: [String: [UInt8]] = [
        "empty.csv": [],
        "binary.csv": [0x00, 0xFF, 0xFE, 0x1B, 0x0D, 0x89, 0x50, 0x4E, 0x47],
        "utf16.csv": Array("name".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
        "max.csv": Array((header + "Grain,bulk,1.00,9223372036854775807\n").utf8),
        "price.csv": Array((header + "Gold,bulk,92233720368547758.08,1\n").utf8),
        "sum.csv": Array((header + "Gold,bulk,92233720368547758.07,1\nPin,bulk,0.01,1\n").utf8),
        "badrow.csv": Array((header + "Kayak,Water,275.00,10\nLifejacket,Water,NaN,14\n").utf8),
      ]
      for (name, bytes) in files {
        try Data(bytes).write(to: folder.appendingPathComponent(name))
      }
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
  }

  static let stockFiles: [Refusal] = [
    .init(line: "empty.csv", names: "empty.csv: empty file"),
    .init(line: "binary.csv", names: "binary.csv:1"),
    .init(line: "utf16.csv", names: "utf16.csv:1"),
    .init(line: "folder.csv", names: "folder.csv"),
    .init(line: "missing.csv", names: "missing.csv"),
    .init(
      line: "price.csv",
      names: "price.csv:2: unit_price: number out of range '92233720368547758.08'"),
    .init(line: "badrow.csv", names: "badrow.csv:3: unit_price: bad number 'NaN'"),
  ]

  @Test(arguments: stockFiles)
  func stockLoadOfABadFileChangesNothing(_ refusal: Refusal) throws {
    try Self.checkStockLoadRefused(refusal)
  }

  /// Files whose rows parse but whose stock total would not fit: the load must be refused
  /// naming the file, so that a report can always be made afterwards.
  static let overflowingStockFiles: [Refusal] = [
    .init(line: "max.csv", names: "max.csv"),
    .init(line: "sum.csv", names: "sum.csv"),
  ]

  @Test(arguments: overflowingStockFiles)
  func stockLoadOfAnOverflowingFileNamesItAndChangesNothing(_ refusal: Refusal) throws {
    try Self.checkStockLoadRefused(refusal)
  }

  private static func checkStockLoadRefused(_ refusal: Refusal) throws {
    let files = try Files()
    defer { try? FileManager.default.removeItem(at: files.folder) }
    let harness = SessionHarness()
    for line in Self.setup { try harness.run(line) }
    let before = State(harness)
    let line = "stock load '\(files.path(refusal.line))'"
    let message = try #require(harness.failure(line), "'\(line)' succeeded")
    #expect(!message.contains("\n"))
    #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control })
    #expect(message.contains(refusal.names), "\(message)")
    #expect(State(harness) == before)
  }

  /// A control character typed (or pasted) into a command is shown escaped, not sent to the
  /// terminal: the message stays one line and cannot clear the screen.
  @Test(arguments: [
    "build spo\rrts", "build \u{1B}[2Jsports", "currency G\u{7}BP", "rate GBP 0.6\u{0}",
  ])
  func controlCharactersInMessagesAreEscaped(line: String) throws {
    try Self.checkEscaped(line)
  }

  /// The same for messages the command language makes itself (not the libraries').
  @Test(arguments: ["show \u{8}\u{8}1", "frob\u{1B}[2J", "stock add 1 \u{7}", "models \r"])
  func controlCharactersInCommandMessagesAreEscaped(line: String) throws {
    try Self.checkEscaped(line)
  }

  private static func checkEscaped(_ line: String) throws {
    let harness = SessionHarness()
    let message = try #require(harness.failure(line))
    #expect(
      !message.unicodeScalars.contains { $0.properties.generalCategory == .control },
      "\(message.debugDescription)")
  }
}
