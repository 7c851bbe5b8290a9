import Foundation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// The quote printed to PDF (`--output quote.pdf`: the product runs headless Chromium), read
/// back with `pdftotext`: one A4 page with the same lines and total as the text quote. Skipped
/// (and reported as skipped) where Chromium or poppler is not installed; `.ci/run` installs
/// both. Without a browser, `--output FILE.pdf` is an error (``NoBrowserPDFTests``).
@Suite struct PrintedPageTests {
  /// The first of these programs on the path.
  static func program(_ names: [String]) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      for name in names {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }

  static let chromium = program(["chromium", "chromium-browser"])
  static let pdftotext = program(["pdftotext"])
  static let pdfinfo = program(["pdfinfo"])

  /// Runs a program to its end; returns its standard output.
  static func run(_ executable: String, _ arguments: [String], in folder: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = folder.path
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test(
    .enabled(
      if: chromium != nil && pdftotext != nil && pdfinfo != nil,
      "needs chromium, pdftotext and pdfinfo"))
  func thePrintedQuoteShowsTheSameLinesAndTotal() throws {
    let folder = try OutputFileTests.folder("pdf")
    let harness = SessionHarness()
    try harness.run("catalog load Examples/lineup.json")
    try harness.run("dealer Kings Motors")
    try harness.run("build hatch extras=sport extras=winter")
    let terms = "gbp customer=\"Ann Lee\" discount=5% tax=20%"
    let text = try harness.run("quote 1 \(terms)")
    // The recorded quote printed by the product itself: `show Q-1`, since a second `quote`
    // would record Q-2.
    try harness.run("show Q-1 --output \(folder.appendingPathComponent("quote.pdf").path)")
    let pdf = folder.appendingPathComponent("quote.pdf")
    let bytes = try Data(contentsOf: pdf)
    #expect(bytes.starts(with: Array("%PDF-".utf8)))
    let info = try Self.run(Self.pdfinfo ?? "", ["quote.pdf"], in: folder)
    #expect(info.contains("Pages:           1"), "\(info)")
    #expect(info.contains("(A4)"), "\(info)")
    let printed = try Self.run(Self.pdftotext ?? "", ["-layout", "quote.pdf", "-"], in: folder)
    let squeezed = DealerQuoteTests.squeezed(printed)
    let heading = text.split(separator: "\n").prefix { !$0.hasPrefix("ITEM") }
    for line in heading {
      // The page names the dealer once, in its title (`Quote — Kings Motors`).
      let shown = line.hasPrefix("Dealer: ") ? "Quote — " + line.dropFirst(8) : line
      #expect(squeezed.contains(shown), "\(line) is not on the printed page")
    }
    for row in text.split(separator: "\n").drop(while: { !$0.hasPrefix("ITEM") }).dropFirst()
      .dropLast()
    {
      let cells = row.split(separator: "  ", omittingEmptySubsequences: true)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      for cell in cells where !cell.isEmpty {
        #expect(squeezed.contains(cell), "\(cell) is not on the printed page")
      }
    }
    // 25,819.46 less 5% (1,290.973 → 1,290.97) = 24,528.49; 20% tax 4,905.698 → 4,905.70.
    #expect(squeezed.contains("Total £29,434.19"))
  }
}

/// `--output FILE.pdf` without a browser to print with: a clear error naming the file, exit 1,
/// no file written, and a changing command's change not made (the quote is not recorded).
@Suite struct NoBrowserPDFTests {
  @Test func aPDFWithoutABrowserIsRefusedAndChangesNothing() throws {
    let folder = try OutputFileTests.folder("nopdf")
    let environment = [
      "CONFIGURATOR_BROWSER": "/nonexistent/chromium", "CONFIGURATOR_TODAY": "2026-12-02",
    ]
    let store = folder.appendingPathComponent("s.json").path
    let built = try BinaryRunner.run(
      ["--store", store, "build", "sports"], environment: environment, directory: folder)
    #expect(built.status == 0, "\(built.stderr)")
    let refused = try BinaryRunner.run(
      ["--store", store, "quote", "1", "--output", "q.pdf"], environment: environment,
      directory: folder)
    #expect(refused.status == 1)
    #expect(refused.stdout.isEmpty)
    #expect(
      refused.stderr
        == "configurator: --output: cannot write 'q.pdf': CONFIGURATOR_BROWSER "
        + "'/nonexistent/chromium' cannot be run\n")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("q.pdf").path))
    let quotes = try BinaryRunner.run(
      ["--store", store, "quotes"], environment: environment, directory: folder)
    #expect(quotes.stdout == "No quotes yet (quote N records one).\n", "\(quotes.stdout)")
    // No browser on PATH at all.
    let none = try BinaryRunner.run(
      ["--store", store, "show", "1", "--output", "b.pdf"],
      environment: ["PATH": "/nonexistent", "CONFIGURATOR_BROWSER": ""], directory: folder)
    #expect(none.status == 1)
    #expect(none.stderr.contains("cannot write 'b.pdf': a PDF is printed by headless Chromium"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.pdf").path))
  }
}
