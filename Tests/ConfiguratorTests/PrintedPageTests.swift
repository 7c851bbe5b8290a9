import Foundation
import Testing

@testable import Dealership
@testable import configurator

/// The quote page printed to PDF by headless Chromium, as `Docs/UserGuide.md` shows, and read
/// back with `pdftotext`: the paper shows the same lines and total as the text quote. Skipped
/// (and reported as skipped) where Chromium or poppler's `pdftotext` is not installed; `.ci/run`
/// installs both.
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

  @Test(.enabled(if: chromium != nil && pdftotext != nil, "needs chromium and pdftotext"))
  func thePrintedQuoteShowsTheSameLinesAndTotal() throws {
    let folder = try OutputFileTests.folder("pdf")
    let harness = SessionHarness()
    try harness.run("catalog load Examples/lineup.json")
    try harness.run("dealer Kings Motors")
    try harness.run("build hatch extras=sport extras=winter")
    let terms = "gbp customer=\"Ann Lee\" discount=5% tax=20%"
    let text = try harness.run("quote 1 \(terms)")
    // The recorded quote printed: `show Q-1`, since a second `quote` would record Q-2.
    try harness.run("show Q-1 --output \(folder.appendingPathComponent("quote.html").path)")
    _ = try Self.run(
      Self.chromium ?? "",
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
        "--print-to-pdf=quote.pdf", "quote.html",
      ],
      in: folder)
    let pdf = folder.appendingPathComponent("quote.pdf")
    #expect(FileManager.default.fileExists(atPath: pdf.path))
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
