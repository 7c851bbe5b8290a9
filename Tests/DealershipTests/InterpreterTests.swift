import CarFactory
import Foundation
import StockValuation
import Support
import Testing

@testable import Dealership

/// An environment of the test's own: a fixed clock, variables and files in memory, and a
/// record of what the core asked of it. The core reaches nothing else, so what it did is all
/// here.
final class TestEnvironment: SessionEnvironment {
  var today = CalendarDate(year: 2026, month: 3, day: 14) ?? .unixEpoch
  var variables: [String: String] = [:]
  var files: [String: [UInt8]] = [:]
  /// The paths read, in order, and the sessions saved, by path.
  private(set) var reads: [String] = []
  private(set) var saved: [String: SavedSession] = [:]

  func variable(_ name: String) -> String? { variables[name] }

  func systemDate() -> CalendarDate { today }

  func absolutePath(_ path: String) -> String { path.hasPrefix("/") ? path : "/work/" + path }

  func fileExists(_ path: String) -> Bool { files[path] != nil }

  func readFile(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
    reads.append(path)
    guard let bytes = files[path] else {
      throw FileSystemError("open", path: path, code: .noSuchFileOrDirectory)
    }
    guard bytes.count <= limit else {
      throw FileSystemError("read", path: path, reason: "file is larger than the limit")
    }
    return bytes
  }

  func readInventory(_ path: String, keepingLinesUpTo lineLimit: Int, byteLimit: Int)
    throws(InventoryError) -> InventoryCSV.Contents
  {
    reads.append(path)
    // The library reads inventories from files: the test's bytes go through one.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("dealership-\(UUID().uuidString)")
    let file = folder.appendingPathComponent((path as NSString).lastPathComponent).path
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    FileManager.default.createFile(atPath: file, contents: Data(files[path] ?? []))
    return try InventoryCSV.read(
      fromFile: file, keepingLinesUpTo: lineLimit, byteLimit: byteLimit)
  }

  func saveSession(_ state: SessionState, to path: String) throws(CommandError) {
    saved[path] = state.saved
  }

  func writeFile(_ bytes: [UInt8], to path: String, for command: String) throws(CommandError) {
    files[path] = bytes
  }

  func loadSession(_ path: String, catalogs: Catalogs) throws(CommandError) -> SavedSession {
    guard let session = saved[path] else { throw .file(command: "load", .unreadable(path: path)) }
    return session
  }
}

/// The core on its own: lines read into invocations and run by the interpreter against a
/// state, answering with typed results and typed errors, and reaching the clock and files
/// only through the environment it was given.
@Suite struct InterpreterTests {
  let environment = TestEnvironment()
  let words = WordList()

  /// Reads and runs one line against the state.
  @discardableResult
  func run(_ line: String, _ state: inout SessionState) throws(CommandError)
    -> Interpreter.Reply
  {
    try state.run(line, in: environment, words: words)
  }

  func failure(_ line: String, _ state: inout SessionState) -> CommandError? {
    do {
      try run(line, &state)
      return nil
    } catch {
      return error
    }
  }

  static func state() -> SessionState {
    SessionState(catalogs: Catalogs.starting(clean: false))
  }

  @Test func aSaleIsDatedByTheEnvironmentsClock() throws {
    var state = Self.state()
    let reply = try run("stock sell S-1 customer=Ann", &state)
    guard case .event(.stockSold(let sale, let left)) = reply.first else {
      Issue.record("not a sale: \(String(describing: reply.first))")
      return
    }
    #expect(sale.date == environment.today)
    #expect(sale.customer == "Ann")
    #expect(sale.line.name == "VW Golf")
    #expect(left == 11)
    #expect(state.sales.entries.count == 1)
  }

  @Test func theDayVariableComesFromTheEnvironmentAndABadOneIsNamed() throws {
    var state = Self.state()
    environment.variables[Today.variable] = "2025-02-28"
    let reply = try run("stock sell S-1", &state)
    guard case .event(.stockSold(let sale, _)) = reply.first else {
      Issue.record("not a sale")
      return
    }
    #expect(sale.date.description == "2025-02-28")
    environment.variables[Today.variable] = "tomorrow"
    guard
      case .badValue(let command, .today(let variable), let value) = failure(
        "stock sell S-1", &state)
    else {
      Issue.record("a bad day was taken")
      return
    }
    #expect(command == "stock sell" && variable == Today.variable && value == "tomorrow")
    // The failed sale changed nothing.
    #expect(state.sales.entries.count == 1)
  }

  @Test func aCatalogIsReadThroughTheEnvironment() throws {
    var state = Self.state()
    environment.files["kart.json"] = Array(
      """
      {"version": 2, "models": [{"id": "kart", "carType": "Go-Kart", "basePrice": "1500.00",
        "floorplan": "short", "suspension": "firm", "drive": "rear"}]}
      """.utf8)
    let reply = try run("catalog load kart.json", &state)
    guard case .event(.catalogLoaded(let file, let models)) = reply.first else {
      Issue.record("not loaded")
      return
    }
    #expect(file == "kart.json")
    #expect(models == [ModelID("kart")])
    #expect(environment.reads == ["kart.json"])
    #expect(state.catalogs.files.map(\.path) == ["/work/kart.json"])
    try run("build kart", &state)
    #expect(state.builds.records.map(\.model) == [ModelID("kart")])
  }

  @Test func aMissingCatalogIsTheCatalogsOwnError() {
    var state = Self.state()
    guard case .failed(nil, let error as CatalogError) = failure("catalog load gone.json", &state)
    else {
      Issue.record("a missing file was not refused as a catalog's error")
      return
    }
    #expect(error.description.contains("gone.json"))
    #expect(error.description.contains("no such file"))
  }

  @Test func saveAndLoadGoThroughTheEnvironment() throws {
    var state = Self.state()
    try run("build sports drive=4wd", &state)
    try run("save day.json", &state)
    #expect(environment.saved["day.json"]?.builds.count == 1)
    var other = Self.state()
    let reply = try run("load day.json", &other)
    guard case .event(.loaded(let file, let summary)) = reply.first else {
      Issue.record("not loaded")
      return
    }
    #expect(file == "day.json" && summary.builds == 1)
    #expect(other.builds == state.builds)
  }

  @Test func errorsAreDataNamingWhatIsWrong() {
    var state = Self.state()
    guard case .noSuchBuild("show", 9, let known, 0) = failure("show 9", &state) else {
      Issue.record("show 9 was not refused for its number")
      return
    }
    #expect(known.isEmpty)
    guard
      case .notFound("stock sell", .product(let name, let nearest, let names)) = failure(
        "stock sell 'VW Glof'", &state)
    else {
      Issue.record("an unknown product was not refused as one")
      return
    }
    #expect(name == "VW Glof")
    #expect(nearest == "VW Golf")
    #expect(names.contains("Porsche Boxster"))
    guard case .missingArgument("build", .model(let models)) = failure("build", &state) else {
      Issue.record("build without a model was not refused as a missing model")
      return
    }
    #expect(models.map(\.rawValue) == ["compact", "sports", "suv"])
  }

  @Test func aLineEndingWithOutputNamesItsFile() throws {
    var state = Self.state()
    var bytes = Array("quote 1 gbp --output q.html".utf8)
    let read = try bytes.withUnsafeMutableBufferPointer { buffer throws(CommandError) in
      try InvocationParser.read(UnsafeBufferPointer(buffer), into: words, of: &state)
    }
    #expect(read?.output == "q.html")
    guard case .quote(let request) = read?.invocation else {
      Issue.record("not a quote")
      return
    }
    #expect(request.build == 1 && request.currency == .gbp)
    for blank in ["", "   ", "# a comment"] {
      var line = Array(blank.utf8)
      let none = try line.withUnsafeMutableBufferPointer { buffer throws(CommandError) in
        try InvocationParser.read(UnsafeBufferPointer(buffer), into: words, of: &state)
      }
      #expect(none == nil, "'\(blank)'")
    }
  }

  @Test func theMemosRecordOfAKnownBuildIsTheInterpretersOwn() throws {
    var state = Self.state()
    try run("build sports", &state)
    let interpreter = Interpreter(environment: environment)
    guard let configuration = state.builds.configurationIndex(of: 1) else {
      Issue.record("no configuration")
      return
    }
    let edits = state.edits
    #expect(interpreter.record(known: configuration, on: &state) == 2)
    #expect(state.builds.records.map(\.number) == [1, 2])
    #expect(state.edits != edits)
  }

  @Test func lastNamesTheNewestBuild() throws {
    var state = Self.state()
    guard case .notFound("show", .lastBuild) = failure("show last", &state) else {
      Issue.record("show last without builds was not refused as such")
      return
    }
    try run("build sports", &state)
    try run("build suv", &state)
    try run("remove 2", &state)
    guard case .build(let view) = try run("show LAST", &state).first else {
      Issue.record("show last showed no build")
      return
    }
    #expect(view.number == 1)
    guard
      case .event(.stockAdded(let build, _, _, _, _, _)) = try run("stock add last", &state).first
    else {
      Issue.record("stock add last added nothing")
      return
    }
    #expect(build == 1)
  }

  @Test func todayAndYesterdayAreTheEnvironmentsDays() throws {
    var state = Self.state()
    environment.today = try #require(CalendarDate("2025-03-01"))
    try run("stock sell S-1", &state)
    environment.today = try #require(CalendarDate("2025-03-02"))
    try run("stock sell S-2", &state)
    func sold(_ line: String) throws -> [Int] {
      guard case .sales(let report) = try run(line, &state).first else { return [-1] }
      return report.rows.map(\.sale.number)
    }
    #expect(try sold("sales from=today") == [2])
    #expect(try sold("sales to=yesterday") == [1])
    #expect(try sold("sales from=yesterday to=today") == [1, 2])
    guard case .invalid("sales", .emptyDateRange) = failure("sales from=today to=yesterday", &state)
    else {
      Issue.record("a range ending before it starts was taken")
      return
    }
  }
}
