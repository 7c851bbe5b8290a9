import Foundation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// One currency on screen (SPEC §14): in a session whose currency is not USD, every amount in a
/// table, a working car's change and the prompt is in that currency; the USD list price only on
/// a detail block's last line (SPEC §4) or with `--list-prices`.
@Suite struct OneCurrencyTests {
  private static let lineup = examplesFolder.appendingPathComponent("lineup.json").path

  private static let commands = [
    "models", "options hatch", "options hatch by=price", "build hatch extras=tow",
    "build hatch paint=red", "builds", "compare 1 2", "stock", "stock show S-1",
    "configure estate", "+extras=tow", "+drive=4wd", "options", "undo", "car",
  ]

  @Test func aPoundSessionShowsNoDollarButOnTheBlocksLastLine() throws {
    let harness = SessionHarness()
    try harness.run("catalog load \(Self.lineup)")
    try harness.run("currency gbp")
    for command in Self.commands {
      let output = try harness.run(command)
      for line in output.split(separator: "\n") where line.contains("$") {
        #expect(line.hasPrefix("Price: £") && line.hasSuffix(")"), "\(command): \(line)")
      }
    }
    #expect(!harness.session.prompt("configurator> ").contains("$"))
    #expect(harness.session.prompt("configurator> ").contains("£"))
  }

  @Test func theListedDifferencesAddUpInPounds() throws {
    let harness = SessionHarness()
    try harness.run("catalog load \(Self.lineup)")
    try harness.run("currency gbp")
    let opened = try harness.run("configure estate")
    let changed = try harness.run("+extras=tow")
    // `+extras=tow: £23,555.96 (+£1,592.93)`: the new price less the old, both as shown.
    func pence(_ text: Substring) -> Int {
      Int(text.filter { $0.isNumber }) ?? -1
    }
    guard let before = opened.split(separator: "\n").first(where: { $0.hasPrefix("Price: £") }),
      let header = changed.split(separator: "\n").first,
      let colon = header.firstIndex(of: ":"), let open = header.firstIndex(of: "(")
    else {
      Issue.record("no prices: \(opened) \(changed)")
      return
    }
    let old = pence(before.dropFirst("Price: ".count).prefix { $0 != " " })
    let new = pence(header[header.index(after: colon)..<open])
    let difference = pence(header[header.index(after: open)...])
    #expect(new - old == difference, "\(before) / \(header)")
  }

  @Test func listPricesPutTheUSDPriceBesideEveryAmount() throws {
    let result = try BinaryRunner.run(
      ["--catalog", Self.lineup, "--currency", "gbp", "--list-prices", "options", "hatch"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("($29,900.00)"))
  }
}
