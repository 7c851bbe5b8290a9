import Foundation
import TestSupport
import Testing

/// SPEC §10 through the built binary: opening a file takes memory bounded by a small multiple
/// of its size whatever its shape, and past the bound it is a clear error (exit 1), never an
/// allocator abort (exit 134, `Fatal error: failed to allocate`), also under `ulimit -v`.
///
/// The dense files here are what the audit of issue 28 found: with Foundation's
/// `JSONDecoder`, `{"builds":[0,0,0,…]}` needed some 25 times its size before its schema was
/// looked at, and aborted under a limit.
@Suite(.enabled(if: !isAddressSanitized, "ulimit -v and AddressSanitizer do not mix"))
struct MemoryLimitEndToEndTests {
  /// The address-space limit the binary runs under: a debug binary takes about 100 MiB
  /// before it reads anything, so this leaves some 150 MiB for the files below.
  private static let limitKiB = 256 * 1024

  private struct Run {
    let status: Int32
    let exited: Bool
    let stderr: String
  }

  private static func runLimited(_ arguments: [String]) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      ["-c", "ulimit -v \(limitKiB) && exec \"$@\"", "sh", BinaryRunner.executable.path]
      + arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, exited: process.terminationReason == .exit,
      stderr: text)
  }

  /// `count` zeros where a list of objects belongs: 2 bytes a value.
  private static func zeros(_ count: Int) -> String {
    var text = String(repeating: "0,", count: count)
    text.removeLast()
    return text
  }

  @Test func aDenseSessionFileIsAClearErrorNotAnAbort() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    // 8 MB: JSONDecoder's tree of it took about 200 MB.
    try scratch.write(
      #"{"format":"configurator-session","version":1,"builds":["# + Self.zeros(4_000_000)
        + #"],"nextBuild":1,"stock":[],"currency":"USD","rates":{}}"#,
      to: "dense.json")
    let file = scratch.path("dense.json")
    for arguments in [["load", file], ["--store", file, "builds"]] {
      let run = try Self.runLimited(arguments)
      #expect(run.exited && run.status == 1, "\(arguments): \(run.status) \(run.stderr)")
      #expect(
        run.stderr.hasPrefix("configurator: ")
          && run.stderr.contains("builds: the document is too"),
        "\(arguments): \(run.stderr)")
      #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
    }
  }

  @Test func aDenseCatalogIsAClearErrorNotAnAbort() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try scratch.write(#"{"version":2,"models":["# + Self.zeros(4_000_000) + "]}", to: "dense.json")
    let run = try Self.runLimited(["--catalog", scratch.path("dense.json"), "models"])
    #expect(run.exited && run.status == 1, "\(run.status) \(run.stderr)")
    #expect(run.stderr.contains("models: the document is too"), "\(run.stderr)")
  }

  /// A catalog of 150,000 choices (12 MB) is refused before it is compiled, naming its
  /// choices and the room left, where it aborted in the allocator (issue 49).
  @Test func aCatalogOfTooManyChoicesIsAClearErrorNotAnAbort() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let count = 150_000
    let choices = (0..<count).map { #"{"id":"c\#($0)","name":"C\#($0)","surcharge":"1.00"}"# }
    let catalog =
      #"{"version":2,"models":[{"id":"big","carType":"Big","basePrice":"1000.00","#
      + #""floorplan":"standard","suspension":"standard","drive":"front","#
      + #""equipment":[{"group":"extras","select":"any","choices":["#
      + choices.joined(separator: ",") + "]}]}]}"
    try scratch.write(catalog, to: "many.json")
    let run = try Self.runLimited(["--catalog", scratch.path("many.json"), "models"])
    #expect(run.exited && run.status == 1, "\(run.status) \(run.stderr)")
    #expect(
      run.stderr.hasPrefix(
        "configurator: \(scratch.path("many.json")): models: 150000 choices would take about "
          + "146 MiB to compile, more than half the "),
      "\(run.stderr)")
    #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
  }

  /// A real session of a size like the dense file's loads under the same limit.
  @Test func aSessionOfRealBuildsLoadsUnderTheSameLimit() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let count = 40_000
    let builds = (1...count).map {
      #"{"number":\#($0),"model":"sports","options":{"drive":"4wd"},"price":"76550.00"}"#
    }
    try scratch.write(
      #"{"format":"configurator-session","version":1,"builds":["#
        + builds.joined(separator: ",\n")
        + #"],"nextBuild":\#(count + 1),"stock":[],"currency":"USD","rates":"#
        + #"{"base":"EUR","source":"x","rates":[{"quote":"USD","value":"1.0411","source":"x"}],"#
        + #""overrides":[]}}"#,
      to: "real.json")
    let run = try Self.runLimited(["load", scratch.path("real.json")])
    #expect(run.exited && run.status == 0, "\(run.status) \(run.stderr)")
  }

  /// An 8 MB UVL model of 450,000 features: before, reading and compiling it aborted under the
  /// limit; now it is refused at the line where the budget (half the address space left) runs
  /// out. Without a limit it loads (it needs about 245 MB, within 32 times its size).
  @Test func aLargeUVLModelIsAClearErrorNotAnAbort() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    var text = "features\n  R\n    optional\n"
    for group in 0..<4_500 {
      text += "      g\(group)\n        optional\n"
      for member in 0..<99 { text += "          h\(group)_\(member)\n" }
    }
    try scratch.write(text, to: "forest.uvl")
    let run = try Self.runLimited(["--catalog", scratch.path("forest.uvl"), "models"])
    #expect(run.exited && run.status == 1, "\(run.status) \(run.stderr)")
    #expect(
      run.stderr.contains("the model is too large for the memory left"), "\(run.stderr)")
  }
}
