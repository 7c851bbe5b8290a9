import Foundation
import Testing

@testable import CarFactory
@testable import Dealership
@testable import configurator

/// Issue 49: a value `options` could not decide within its time limit is said to be
/// undecided in every format, with the reason, never shown available.
@Suite struct UndecidedOutputTests {
  /// `options pigeons X` where proving `Y` excluded refutes 11 pigeons in 10 holes.
  private static func result() throws -> (OptionsResult, y: Int) {
    var lines = ["features", "  pigeons", "    optional", "      X", "      Y"]
    var rules: [String] = []
    for pigeon in 0..<11 {
      lines += (0..<10).map { "      p_\(pigeon)_\($0)" }
      rules.append(
        "  (X & Y) => (" + (0..<10).map { "p_\(pigeon)_\($0)" }.joined(separator: " | ") + ")")
    }
    for hole in 0..<10 {
      for a in 0..<11 {
        for b in (a + 1)..<11 { rules.append("  !(p_\(a)_\(hole) & p_\(b)_\(hole))") }
      }
    }
    let uvl = (lines + ["constraints"] + rules).joined(separator: "\n") + "\n"
    let line = ProductLine(
      featureModel: try FeatureModel(bytes: Array(uvl.utf8), file: "pigeons.uvl"),
      model: ModelID("pigeons"))
    let configurator = ProductConfigurator(line)
    configurator.timeLimit = .milliseconds(400)
    let x = try #require(line.values.firstIndex { $0.atom == "X" })
    let y = try #require(line.values.firstIndex { $0.atom == "Y" })
    let report = try configurator.options([Choice(value: x, isChosen: true)])
    return (OptionsResult(line: line, report: report), y)
  }

  @Test func textJSONAndCSVSayUndecided() throws {
    let (result, y) = try Self.result()
    let state = result.report.entries[y].state
    // No CDCL search refutes this pigeonhole in 0.3 s (its resolution proofs are
    // exponentially long).
    try #require(state == .undecided, "\(state)")
    let text = OutputStream()
    TextRenderer(out: text, err: OutputStream(), layout: TextLayout(width: 200)).render(
      .options(result), money: MoneySettings())
    let row = try #require(text.text.split(separator: "\n").first { $0.contains(" Y ") })
    #expect(row.contains("undecided"), "\(row)")
    #expect(row.contains("not decided within the time limit"), "\(row)")

    let json = OutputStream()
    JSONLinesRenderer(out: json, err: OutputStream()).render(
      .options(result), money: MoneySettings())
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any])
    let values = try #require(object["values"] as? [[String: Any]])
    let entry = try #require(values.first { $0["atom"] as? String == "Y" })
    #expect(entry["state"] as? String == "undecided")

    let csv = OutputStream()
    CSVRenderer(out: csv, err: OutputStream()).render(.options(result), money: MoneySettings())
    let line = try #require(csv.text.split(separator: "\n").first { $0.contains(",Y,") })
    #expect(line.split(separator: ",", omittingEmptySubsequences: false)[4] == "undecided")
  }
}
