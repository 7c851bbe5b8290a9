import Foundation
import TestSupport
import Testing

/// Issue 49: `--output` files carry customers' names, so a new one is `0600` whatever the
/// umask (a file replaced keeps its own mode), and the temporary file a killed `--output`
/// left is removed by the next `--output` of the same file.
@Suite struct OutputFilePrivacyTests {
  static func permissions(_ path: String) -> mode_t {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
  }

  /// Runs the binary under `umask 000`.
  static func runWithOpenUmask(_ arguments: [String], in directory: URL) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      ["-c", "umask 000 && exec \"$@\"", "sh", BinaryRunner.executable.path]
      + arguments
    process.currentDirectoryURL = directory
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test(arguments: ["quote.txt", "quote.html"])
  func aNewOutputFileIsReadableByItsOwnerOnly(_ name: String) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    #expect(try Self.runWithOpenUmask(["-o", name, "builds"], in: scratch.url) == 0)
    #expect(Self.permissions(scratch.path(name)) == 0o600)
  }

  @Test func aReplacedOutputFileKeepsItsMode() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try scratch.write("old\n", to: "shared.txt")
    #expect(chmod(scratch.path("shared.txt"), 0o644) == 0)
    #expect(try Self.runWithOpenUmask(["-o", "shared.txt", "builds"], in: scratch.url) == 0)
    #expect(Self.permissions(scratch.path("shared.txt")) == 0o644)
  }

  @Test func aKilledWritersTemporaryFileIsRemovedByTheNextOutput() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    // A process id no process has now: one that has exited.
    let gone = Process()
    gone.executableURL = URL(fileURLWithPath: "/bin/true")
    try gone.run()
    gone.waitUntilExit()
    let dead = ".q.txt.tmp-\(gone.processIdentifier)-1"
    // A running writer's file (this test's own process) stays.
    let running = ".q.txt.tmp-\(getpid())-1"
    try scratch.write("half", to: dead)
    try scratch.write("half", to: running)
    let result = try BinaryRunner.run(["-o", "q.txt", "builds"], directory: scratch.url)
    #expect(result.status == 0)
    #expect(try scratch.names().sorted() == [running, "q.txt"].sorted())
  }
}
