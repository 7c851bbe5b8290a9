import Foundation
import TestSupport
import Testing

/// SPEC §10: a failed write to stdout is an error (only a closed pipe ends quietly), and no
/// read, however endless its file, takes more memory than its limit.
@Suite struct OutputFailureTests {
  @Test func aFullDeviceOnStdoutIsReportedAndExitsOne() throws {
    let result = try Self.run(["models"], stdin: "")
    #expect(result.status == 1)
    #expect(
      result.stderr == "configurator: cannot write to standard output: No space left on device\n")
  }

  /// The script stops at the line whose output could not be written; the store holds exactly
  /// the commands that ran.
  @Test func aScriptStopsAtAFailedWriteAndTheStoreKeepsTheCommandsThatRan() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("dealer.json")
    let result = try Self.run(
      ["--store", store], stdin: String(repeating: "build sports\n", count: 3000))
    #expect(result.status == 1)
    let pattern =
      #/^configurator: line (\d+): cannot write to standard output: No space left on device; the script stopped here\n$/#
    let match = try #require(result.stderr.wholeMatch(of: pattern))
    let stopped = try #require(Int(match.1))
    #expect(stopped > 0 && stopped < 3000)
    let builds = try BinaryRunner.run(["--store", store, "--format", "csv", "builds"])
    #expect(builds.stdout.split(separator: "\n").count == stopped + 1)
  }

  /// A short script's output is written only at its end: the failure names the last line
  /// run, and says the script ran to its end (issue 28).
  @Test func aFailureAtTheFinalFlushNamesTheLastLineRun() throws {
    let result = try Self.run([], stdin: "build sports\n# a comment\nbuilds\n")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "configurator: line 3: cannot write to standard output: No space left on device "
        + "(writing the output of the script, which had run to its end)\n")
    let file = try Self.run(["--format", "json"], stdin: "models\n")
    #expect(file.stderr.contains(#""line":1,"code":"output""#), "\(file.stderr)")
  }

  /// `/dev/zero` never ends: each reader stops at its limit with a clear error.
  @Test(arguments: [
    (
      ["load", "/dev/zero"],
      "configurator: load: cannot read '/dev/zero': file is larger than 256 MiB"
    ),
    (
      ["--rates", "/dev/zero", "models"],
      "configurator: /dev/zero: cannot read: file is larger than 64 MiB"
    ),
    (
      ["--catalog", "/dev/zero", "models"],
      "configurator: /dev/zero: cannot read file (file is larger than 16 MiB)"
    ),
    (
      ["--inventory", "/dev/zero", "models"],
      "configurator: /dev/zero:1: record longer than 1048576 bytes"
    ),
  ])
  func anEndlessFileStopsAtItsLimit(_ arguments: [String], _ message: String) throws {
    let result = try BinaryRunner.run(arguments)
    #expect(result.status == 1)
    #expect(result.stderr == message + "\n")
  }

  /// The same under a 1 GiB address-space limit, which an unbounded read would run into
  /// (AddressSanitizer reserves terabytes of address space, so it cannot run under one).
  @Test(.enabled(if: !isAddressSanitized, "ulimit -v and AddressSanitizer do not mix"))
  func anEndlessFileStaysWithinAMemoryLimit() throws {
    for arguments in [["load", "/dev/zero"], ["--rates", "/dev/zero", "models"]] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "ulimit -v 1048576 && exec \"$@\"", "sh", BinaryRunner.executable.path]
        + arguments
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(process.terminationReason == .exit)
      #expect(process.terminationStatus == 1)
      #expect(text.contains("file is larger than"), "\(text)")
    }
  }

  /// Runs the binary with stdout on `/dev/full`.
  private static func run(_ arguments: [String], stdin: String) throws -> BinaryRunner.Result {
    let process = Process()
    process.executableURL = BinaryRunner.executable
    process.arguments = arguments
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    process.standardError = errors
    // A child that stops reading its input must not kill the test process with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    try process.run()
    try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    return BinaryRunner.Result(
      stdout: "", stderr: String(decoding: stderr, as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// Whether this process (and so the binary built with it) runs under AddressSanitizer.
let isAddressSanitized = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
