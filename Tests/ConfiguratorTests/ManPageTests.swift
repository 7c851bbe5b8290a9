import Foundation
import Testing

@testable import Dealership
@testable import configurator

/// The man page is the help: `Docs/configurator.1` equals the page made from the entries
/// `--help` and `help COMMAND` print, every command and option is in it, and groff reads it
/// without a warning. Set `UPDATE_MAN=1` to write the file again after changing the help.
@Suite struct ManPageTests {
  private static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs/configurator.1")

  @Test func theFileIsThePageMadeFromTheHelp() throws {
    let page = ManPage.text
    if ProcessInfo.processInfo.environment["UPDATE_MAN"] == "1" {
      try page.write(to: Self.file, atomically: true, encoding: .utf8)
    }
    let kept = try String(contentsOf: Self.file, encoding: .utf8)
    #expect(kept == page, "Docs/configurator.1 differs from the help: run UPDATE_MAN=1 swift test")
  }

  @Test func everyCommandAndOptionHasItsEntry() {
    let page = ManPage.text
    for command in Command.allCases where command != .exit {
      let name = command == .quit ? "quit, exit" : command.synopsis
      #expect(page.contains(".B " + ManPage.escaped(name) + "\n"), "\(command)")
    }
    for option in Usage.options {
      #expect(page.contains(".B " + ManPage.escaped(option.term) + "\n"), "\(option.term)")
    }
  }

  @Test func roffLiteralsAreEscaped() {
    #expect(ManPage.escaped(#"a\b"#) == #"a\eb"#)
    #expect(ManPage.escaped("--width N") == #"\-\-width N"#)
    #expect(ManPage.escaped(".hidden") == #"\&.hidden"#)
    #expect(ManPage.escaped("'quoted'") == #"\&'quoted'"#)
    #expect(ManPage.escaped("≈1×10") == #"\[u2248]1\[u00D7]10"#)
  }

  /// groff formats the page with every warning on and none given (reported as skipped, not
  /// passed, on a machine without groff).
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")))
  func groffReadsThePageWithoutAWarning() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
    process.arguments = ["-man", "-Tutf8", "-ww", "-z"]
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data(ManPage.text.utf8))
    try input.fileHandleForWriting.close()
    let warnings = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: warnings, as: UTF8.self) == "")
  }
}
