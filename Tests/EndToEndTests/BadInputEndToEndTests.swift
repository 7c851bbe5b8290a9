import Foundation
import TestSupport
import Testing

/// Bad command lines, files and standard input for the built binary (SPEC §4): one line on
/// stderr naming the bad value, nothing on stdout, exit 64 for bad usage and 1 for a bad file
/// or command; binary input, closed pipes and overlong lines end quietly, never in a crash.
@Suite struct BadInputEndToEndTests {
  /// A run that must fail: arguments, the exit status, and what the one stderr line contains.
  struct Refusal: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let status: Int32
    let names: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  /// A scratch folder with bad files, the working directory of each run.
  private static let folder: URL = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("bad-input-e2e-\(ProcessInfo.processInfo.processIdentifier)")
    let header = "name,category,unit_price,quantity\n"
    let files: [String: [UInt8]] = [
      "empty": [],
      "binary": [0x00, 0xFF, 0xFE, 0x1B, 0x5B, 0x32, 0x4A, 0x0D, 0x89, 0x50, 0x4E, 0x47, 0x0A],
      "max.csv": Array((header + "Grain,bulk,1.00,9223372036854775807\n").utf8),
      "nan.csv": Array((header + "Kayak,Water,NaN,1\n").utf8),
      "zero-rates.csv": Array("Date,USD,GBP\n2025-02-28,1.0411,0\n".utf8),
      "negative-rates.csv": Array("Date,USD,GBP\n2025-02-28,-1,0.82608\n".utf8),
      "zero-rates.xml": Array(
        "<Cube><Cube time='2025-02-28'><Cube currency='USD' rate='0'/></Cube></Cube>\n".utf8),
      "bad.json": Array(#"{"models":[{"id":"van","drive":"hover"}]}"#.utf8),
    ]
    try? FileManager.default.createDirectory(
      at: folder.appendingPathComponent("folder"), withIntermediateDirectories: true)
    for (name, bytes) in files {
      try? Data(bytes).write(to: folder.appendingPathComponent(name))
    }
    return folder
  }()

  static let refusals: [Refusal] = [
    // Bad usage: exit 64.
    .init(arguments: ["--frobnicate", "models"], status: 64, names: "'--frobnicate'"),
    .init(
      arguments: ["--curency", "GBP", "models"], status: 64, names: "did you mean '--currency'?"),
    .init(arguments: ["--currency"], status: 64, names: "'--currency'"),
    .init(arguments: ["--currency", "XYZ", "models"], status: 64, names: "'XYZ'"),
    .init(arguments: ["--currency=", "models"], status: 64, names: "'--currency'"),
    .init(arguments: ["--format", "xml", "models"], status: 64, names: "'xml'"),
    .init(arguments: ["--rounding", "up", "models"], status: 64, names: "'up'"),
    .init(arguments: ["--as-of", "2025-13-01", "models"], status: 64, names: "'2025-13-01'"),
    .init(arguments: ["--as-of", "2020-01-01", "models"], status: 64, names: "2020-01-01"),
    .init(arguments: ["--locale", "xx_YY", "models"], status: 64, names: "'xx_YY'"),
    .init(arguments: ["--rate", "GBP=0", "models"], status: 64, names: "'0'"),
    .init(arguments: ["--rate", "GBP=NaN", "models"], status: 64, names: "'NaN'"),
    .init(arguments: ["--rate", "GBP=-1", "models"], status: 64, names: "'-1'"),
    .init(arguments: ["--rate", "GBP=1e3", "models"], status: 64, names: "'1e3'"),
    .init(arguments: ["--rate", "GBP", "models"], status: 64, names: "'GBP'"),
    .init(arguments: ["--rate", "XYZ=1", "models"], status: 64, names: "'XYZ'"),
    .init(arguments: ["--rate", "USD=1", "models"], status: 64, names: "USD"),
    .init(arguments: ["--bail=yes", "models"], status: 64, names: "'--bail'"),
    .init(arguments: ["--batch", "--interactive"], status: 64, names: "--interactive"),
    .init(arguments: ["-f", "script", "models"], status: 64, names: "'models'"),
    .init(arguments: ["--inventory", "a", "--inventory", "b"], status: 64, names: "'--inventory'"),
    // Bad files: exit 1, the message names the file.
    .init(arguments: ["--inventory", "missing.csv", "stock"], status: 1, names: "missing.csv"),
    .init(arguments: ["--inventory", "folder", "stock"], status: 1, names: "folder"),
    .init(arguments: ["--inventory", "empty", "stock"], status: 1, names: "empty: empty file"),
    .init(arguments: ["--inventory", "binary", "stock"], status: 1, names: "binary:1"),
    .init(
      arguments: ["--inventory", "nan.csv", "stock"], status: 1,
      names: "nan.csv:2: unit_price: bad number 'NaN'"),
    .init(arguments: ["--rates", "missing.csv", "models"], status: 1, names: "missing.csv"),
    .init(arguments: ["--rates", "folder", "models"], status: 1, names: "folder"),
    .init(arguments: ["--rates", "empty", "models"], status: 1, names: "empty: empty file"),
    .init(arguments: ["--rates", "binary", "models"], status: 1, names: "binary:1"),
    .init(
      arguments: ["--rates", "zero-rates.csv", "models"], status: 1,
      names: "zero-rates.csv:2: rate for GBP must be positive, got '0'"),
    .init(
      arguments: ["--rates", "negative-rates.csv", "models"], status: 1,
      names: "negative-rates.csv:2: bad rate '-1' for USD"),
    .init(
      arguments: ["--rates", "zero-rates.xml", "models"], status: 1,
      names: "zero-rates.xml:1: rate for USD must be positive"),
    .init(arguments: ["--catalog", "missing.json", "models"], status: 1, names: "missing.json"),
    .init(arguments: ["--catalog", "folder", "models"], status: 1, names: "folder"),
    .init(arguments: ["--catalog", "empty", "models"], status: 1, names: "empty: not valid JSON"),
    .init(
      arguments: ["--catalog", "binary", "models"], status: 1, names: "binary: not valid JSON"),
    .init(arguments: ["--catalog", "bad.json", "models"], status: 1, names: "bad.json: models[0]"),
    .init(arguments: ["-f", "missing.script"], status: 1, names: "'missing.script'"),
    .init(arguments: ["-f", "folder"], status: 1, names: "'folder'"),
    // Bad one-shot commands: exit 1.
    .init(arguments: ["build", "sprots"], status: 1, names: "'sprots'"),
    .init(arguments: ["build", "sports", "drive=hover"], status: 1, names: "'hover'"),
    .init(arguments: ["show", "1"], status: 1, names: "#1"),
    .init(arguments: ["stock", "xyz"], status: 1, names: "'xyz'"),
    .init(arguments: ["rate", "GBP", "NaN"], status: 1, names: "'NaN'"),
    .init(arguments: ["rate", "GBP", "0"], status: 1, names: "'0'"),
    .init(arguments: ["stock", "load", "binary"], status: 1, names: "binary:1"),
    .init(arguments: ["read", "folder"], status: 1, names: "'folder'"),
    .init(arguments: ["build", "spo\nrts"], status: 1, names: #"'spo\nrts'"#),
  ]

  @Test(arguments: refusals)
  func failsWithOneLineNamingTheValue(_ refusal: Refusal) throws {
    try Self.checkRefused(refusal)
  }

  /// An inventory whose total does not fit must be refused at once, naming the file.
  static let overflowingInventory: [Refusal] = [
    .init(arguments: ["--inventory", "max.csv", "models"], status: 1, names: "max.csv"),
    .init(arguments: ["stock", "load", "max.csv"], status: 1, names: "max.csv"),
  ]

  @Test(arguments: overflowingInventory)
  func overflowingInventoryIsRefusedNamingTheFile(_ refusal: Refusal) throws {
    try Self.checkRefused(refusal)
  }

  private static func checkRefused(_ refusal: Refusal) throws {
    let result = try run(refusal.arguments)
    #expect(result.status == refusal.status)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasSuffix("\n"))
    #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
    #expect(result.stderr.contains(refusal.names), "\(result.stderr)")
    if refusal.status == 64 { #expect(result.stderr.contains("--help")) }
  }

  // MARK: standard input

  @Test func emptyInputDoesNothingAndSucceeds() throws {
    let result = try Self.run(["--batch"], stdin: [])
    #expect(result == Result(stdout: "", stderr: "", status: 0, crashed: false))
  }

  /// Binary input: each line is a bad command with one line of error, shown without the raw
  /// control bytes, and the run ends with status 1.
  @Test
  func binaryInputGivesOneEscapedErrorPerLine() throws {
    let input: [UInt8] = [
      0x00, 0x01, 0x1B, 0x5B, 0x32, 0x4A, 0x0A, 0xFF, 0xFE, 0x0D, 0x0A, 0x89, 0x0A,
    ]
    let result = try Self.run(["--batch"], stdin: input)
    #expect(result.status == 1)
    #expect(!result.crashed)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { $0.hasPrefix("configurator: line ") })
    #expect(
      !result.stderr.unicodeScalars.contains {
        $0 != "\n" && $0.properties.generalCategory == .control
      }, "\(result.stderr.debugDescription)")
  }

  @Test func invalidUTF8IsShownAsReplacementCharacters() throws {
    let input = Array("build sp".utf8) + [0xC3, 0x28] + Array("rts\nmodels\n".utf8)
    let result = try Self.run(["--batch"], stdin: input)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "configurator: line 1: unknown model 'sp\u{FFFD}(rts'; did you mean 'sports'? (models: compact, sports, suv)\n"
    )
    #expect(result.stdout.contains("Porsche Boxster"))
  }

  /// A line past 64 KiB is one error; the lines after it still run.
  @Test func overlongLineIsAnErrorAndTheScriptGoesOn() throws {
    let input = Array(("build " + String(repeating: "x", count: 70_000) + "\nbuild sports\n").utf8)
    let result = try Self.run(["--batch"], stdin: input)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("configurator: line 1: line is too long (70006 bytes"))
    #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    #expect(result.stdout.contains("Car type: Porsche Boxster"))
  }

  /// A script with no line break in sight (`-f /dev/zero`) ends: past 64 MiB of one line the
  /// reading stops, with one error and exit 1, instead of skipping forever.
  @Test(arguments: [["-f", "/dev/zero"], ["--batch", "-f", "/dev/zero"]])
  func anEndlessLineStopsTheScript(arguments: [String]) throws {
    let result = try Self.run(arguments, stdin: [])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "/dev/zero:1: line is too long (no line break within 67174400 bytes; the limit is "
        + "65536); the script stopped here\n")
    #expect(result.stdout.isEmpty)
  }

  /// A reader that went away (`configurator models | head -0`): the program stops quietly.
  @Test(arguments: [["models"], ["--batch"]])
  func closedOutputPipeEndsQuietly(arguments: [String]) throws {
    let input = Array(String(repeating: "build sports drive=4wd\nmodels\n", count: 20_000).utf8)
    let result = try Self.run(arguments, stdin: input, closeOutput: true)
    #expect(!result.crashed)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect([0, 1].contains(result.status))
  }

  // MARK: running

  struct Result: Equatable {
    let stdout: String
    let stderr: String
    let status: Int32
    let crashed: Bool
  }

  /// Runs the binary in the scratch folder with `stdin` as raw bytes; with `closeOutput`, its
  /// standard output is a pipe whose read end is already closed.
  static func run(_ arguments: [String], stdin: [UInt8] = [], closeOutput: Bool = false) throws
    -> Result
  {
    // A child that stops reading its input must not kill the test process with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = BinaryRunner.executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    if closeOutput { try output.fileHandleForReading.close() }
    try process.run()
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    if !closeOutput {
      DispatchQueue.global().async(group: group) {
        outData = output.fileHandleForReading.readDataToEndOfFile()
      }
    }
    DispatchQueue.global().async(group: group) {
      errData = errors.fileHandleForReading.readDataToEndOfFile()
    }
    // The child may stop reading early (a closed output): a failed write is not our error.
    try? input.fileHandleForWriting.write(contentsOf: Data(stdin))
    try? input.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    return Result(
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self),
      status: process.terminationStatus,
      crashed: process.terminationReason == .uncaughtSignal)
  }
}
