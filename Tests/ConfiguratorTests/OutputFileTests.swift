import Foundation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// `--output FILE` (SPEC §12): the output in the file instead of standard output, atomically;
/// `.html` as a self-contained printable page in which no name can inject markup.
@Suite struct OutputFileTests {
  /// A fresh folder for one test's files.
  static func folder(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("output-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  static func read(_ url: URL) -> String {
    (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }

  @Test func outputGoesToTheFileInTheSessionsFormatAndNotToStandardOutput() throws {
    let folder = try Self.folder("text")
    let harness = SessionHarness()
    try harness.run("build sports drive=4wd")
    let shown = try harness.run("quote 1 gbp")
    let file = folder.appendingPathComponent("quote.txt")
    #expect(try harness.run("quote 1 gbp --output '\(file.path)'") == "")
    // The second quote records Q-2: the same document under its own number.
    #expect(Self.read(file) == shown.replacingOccurrences(of: "Quote Q-1 ", with: "Quote Q-2 "))
    #expect(shown.hasPrefix("Quote Q-1 "))
    // A script line too (the by-bytes path).
    let listing = folder.appendingPathComponent("builds.txt")
    #expect(try harness.runScript("builds --output \(listing.path)") == "")
    #expect(Self.read(listing) == (try harness.run("builds")))
  }

  @Test func aFileThatCannotBeWrittenIsNamedAndTheSessionIsUnchanged() throws {
    let harness = SessionHarness()
    let path = "/nonexistent-\(ProcessInfo.processInfo.processIdentifier)/q.html"
    let message = harness.failure("build compact --output \(path)")
    #expect(message == "--output: cannot write '\(path)': No such file or directory")
    // The build was not recorded: the command's state is taken only once the file is written.
    #expect(harness.failure("show 1")?.contains("no build #1") == true)
    #expect(
      harness.failure("quote 1 --output")?.hasPrefix("quote: missing FILE after --output") == true)
    #expect(
      harness.failure("--output x.html")?.hasPrefix("--output: expected a command before it")
        == true)
    #expect(harness.failure("read x --output y")?.hasPrefix("--output: expected a command") == true)
  }

  @Test func aFolderInTheWayIsRefusedAndLeftAlone() throws {
    let folder = try Self.folder("folder")
    let harness = SessionHarness()
    let message = harness.failure("models --output \(folder.path)")
    #expect(message?.contains("cannot write '\(folder.path)'") == true)
    #expect(message?.contains("not a regular file") == true)
  }

  @Test func aQuotePageShowsTheSameLinesAndTotalAsTheText() throws {
    let folder = try Self.folder("page")
    let harness = SessionHarness()
    try harness.run("catalog load Examples/lineup.json")
    try harness.run("dealer Kings Motors")
    try harness.run("build hatch extras=sport extras=winter")
    let text = try harness.run("quote 1 gbp discount=5% tax=20%")
    let file = folder.appendingPathComponent("q.HTML")
    try harness.run("quote 1 gbp discount=5% tax=20% --output \(file.path)")
    let page = Self.read(file)
    #expect(page.hasPrefix("<!DOCTYPE html>\n"))
    #expect(page.contains("@page { size: A4;"))
    for row in text.split(separator: "\n").drop(while: { !$0.hasPrefix("ITEM") }).dropFirst()
      .dropLast()
    {
      // Each table row's label and amount, as cells of the page.
      let cells = row.split(separator: "  ", omittingEmptySubsequences: true)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      for cell in cells where !cell.isEmpty {
        #expect(page.contains(">\(cell)</td>"), "\(cell)")
      }
    }
    #expect(page.contains("<tr class=\"total\"><td class=\"label\">Total</td>"))
    // 25,819.46 less 5% (1,290.973 → 1,290.97) = 24,528.49; 20% tax 4,905.698 → 4,905.70.
    #expect(page.contains("<td class=\"amount\">£29,434.19</td></tr>\n</tbody>"))
  }

  @Test func aQuotePageNamesTheDealerOnceOverTheAddressBlock() throws {
    let folder = try Self.folder("profile")
    let harness = SessionHarness()
    try harness.run("catalog load Examples/lineup.json")
    try harness.run(
      "dealer Kings Motors address=\"12 High Street, Leeds LS1 4AB\" phone=\"0113 496 0000\" "
        + "vat=GB123456789 tax=VAT 20%")
    try harness.run("build hatch")
    let file = folder.appendingPathComponent("q.html")
    try harness.run("quote 1 gbp --output \(file.path)")
    let page = Self.read(file)
    #expect(page.components(separatedBy: "Kings Motors").count == 2)
    #expect(
      page.contains(
        "<p class=\"address\">12 High Street<br>Leeds LS1 4AB<br>Phone: 0113 496 0000<br>"
          + "VAT number: GB123456789</p>"))
    #expect(page.contains(">VAT (20% of "))
    #expect(!page.contains("£0.00") && !page.contains("USD") && !page.contains("rounding"))
  }

  @Test func hostileNamesCannotInjectMarkup() throws {
    let folder = try Self.folder("hostile")
    let catalog = folder.appendingPathComponent("evil.json")
    let evil = #"<script>alert(1)</script><img src=x onerror=alert(2)>"#
    let escapedJSON = evil.replacingOccurrences(of: "\"", with: "\\\"")
    try """
    {"version":2,"models":[{"id":"evil","carType":"\(escapedJSON)","basePrice":"100.00",
    "floorplan":"standard","suspension":"standard","drive":"front","alternatives":[],
    "equipment":[{"group":"extras","select":"any","choices":[
    {"id":"x","name":"</td></tr><style>*{display:none}</style>","surcharge":"1.00"}]}]}]}
    """.write(to: catalog, atomically: true, encoding: .utf8)
    let harness = SessionHarness()
    try harness.run("catalog load \(catalog.path)")
    try harness.run("dealer \(evil)")
    try harness.run("build evil extras=x")
    let file = folder.appendingPathComponent("q.html")
    try harness.run("quote 1 'customer=\"><a href=javascript:x>&amp;' --output \(file.path)")
    let page = Self.read(file)
    for markup in ["<script", "<img", "<a ", "<style>*", "</td></tr><style"] {
      #expect(!page.contains(markup), "\(markup)")
    }
    #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(page.contains("&quot;&gt;&lt;a href=javascript:x&gt;&amp;amp;"))
    // Nothing from elsewhere: no links, imports or URLs but the SVG namespace.
    #expect(!page.contains("http"))
    #expect(!page.contains("@import"))
    #expect(!page.contains("url("))
  }

  @Test func theStockPageDrawsBarsInProportionToTheExactValues() throws {
    let folder = try Self.folder("stock")
    let harness = SessionHarness()
    let file = folder.appendingPathComponent("stock.html")
    try harness.run("stock --output \(file.path)")
    let page = Self.read(file)
    // The sample stock: compact $438,450.00, sports $444,700.00, suv $449,950.00, the longest
    // bar 420 units: 438,450 / 449,950 × 420 = 409.27, 444,700 / 449,950 × 420 = 415.10
    // (tenths, cut).
    #expect(page.contains(#"width="409.2" height="12""#))
    #expect(page.contains(#"width="415.0" height="12""#))
    #expect(page.contains(#"width="420.0" height="12""#))
    #expect(page.contains("<title>suv: $449,950.00</title>"))
    // The report's table is a table: its titles a header row, amounts right-aligned, the
    // subtotals and the lines as the text report has them.
    #expect(
      page.contains(#"<th>NO.</th><th>CATEGORY</th><th>PRODUCT</th><th class="amount">QTY</th>"#))
    #expect(
      page.contains(
        #"<tr class="sum"><td></td><td class="word">suv</td><td class="word">Subtotal</td>"#))
    #expect(page.contains(#"<td class="amount">$449,950.00</td>"#))
    #expect(!page.contains("<pre>"))
    #expect(
      page.contains("<p>Stock in USD. Rate: none (values in USD, the list-price currency).</p>"))
    #expect(HTMLPage.length(of: 1, largest: 3) == "140.0")
    #expect(HTMLPage.length(of: 0, largest: 3) == "0")
    #expect(HTMLPage.length(of: 5, largest: 0) == "0")
  }

  @Test func wideSalesPagesTurnToLandscapeWithAChartPerCurrency() throws {
    let folder = try Self.folder("sales")
    let harness = SessionHarness()
    try harness.run("rate GBP 0.5")
    try harness.run("stock sell S-1 price=27000 customer=\"Ann <Lee>\"")
    try harness.run("stock sell S-3")
    let file = folder.appendingPathComponent("sales.html")
    try harness.run("sales usd gbp --output \(file.path)")
    let page = Self.read(file)
    // 13 columns: past the 8 a portrait page holds.
    #expect(page.contains("@page { size: A4 landscape;"))
    #expect(page.contains(#"aria-label="Sales by category in USD""#))
    #expect(page.contains(#"aria-label="Sales by category in GBP""#))
    #expect(page.contains(#"<th class="amount">PRICE GBP</th>"#))
    #expect(page.contains("<td>Ann &lt;Lee&gt;</td>"))
    #expect(page.contains(#"<tr class="total">"#))
    // The table's type is set to fit: smaller than the body's, never below 5 pt.
    let size = page.range(of: #"<table style="font-size: "#).map {
      page[$0.upperBound...].prefix(4)
    }
    #expect(size.flatMap { Double($0.prefix { $0 != "p" }) }.map { $0 >= 5 && $0 < 10.5 } == true)
    // A narrow page stays portrait.
    let aging = folder.appendingPathComponent("aging.html")
    try harness.run("stock aging --output \(aging.path)")
    let agingPage = Self.read(aging)
    #expect(!agingPage.contains("landscape"))
    #expect(agingPage.contains(#"<th>DAYS</th><th class="amount">CARS</th>"#))
  }

  @Test func stockCategoryNamesAreEscapedInTheChart() throws {
    let folder = try Self.folder("stock-names")
    let inventory = folder.appendingPathComponent("evil.csv")
    try "name,category,unit_price,quantity\nCar,<svg onload=alert(1)>,100.00,2\n"
      .write(to: inventory, atomically: true, encoding: .utf8)
    let harness = SessionHarness()
    try harness.run("stock load --replace \(inventory.path)")
    let file = folder.appendingPathComponent("stock.html")
    try harness.run("stock --output \(file.path)")
    let page = Self.read(file)
    #expect(!page.contains("<svg onload"))
    #expect(page.contains("&lt;svg onload=alert(1)&gt;"))
  }

  @Test func oneShotTakesTheOptionBeforeOrAfterTheCommand() throws {
    let folder = try Self.folder("oneshot")
    let before = try BinaryRunner.run(
      ["--output", folder.appendingPathComponent("a.txt").path, "models"])
    let after = try BinaryRunner.run(
      ["models", "--output", folder.appendingPathComponent("b.txt").path])
    let plain = try BinaryRunner.run(["models"])
    #expect(before.stdout == "" && after.stdout == "")
    #expect(Self.read(folder.appendingPathComponent("a.txt")) == plain.stdout)
    #expect(Self.read(folder.appendingPathComponent("b.txt")) == plain.stdout)
    let twice = try BinaryRunner.run(["-o", "x", "models", "--output", "y"])
    #expect(twice.stderr == "configurator: --output: given twice ('x' and 'y')\n")
    let script = try BinaryRunner.run(["--output", "x", "-f", "-"])
    #expect(script.status == 64)
    #expect(script.stderr.contains("--output is for one command"))
  }
}
