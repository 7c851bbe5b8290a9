import CatalogFixtures
import Foundation
import Support
import Testing

@testable import Dealership
@testable import configurator

/// The renderers take a byte-level fast path for the common case (printable ASCII cells,
/// strings with nothing to escape, fields with nothing to quote) and the exact rule for the
/// rest. Random text mixing both — ASCII, controls, CJK, emoji, combining marks, quotes,
/// commas, CR LF — is rendered and checked against references written here: the table
/// against a character-by-character layout, JSON by Foundation's parser, CSV by an RFC 4180
/// reader.
@Suite struct OutputFastPathTests {
  private static let pieces: [String] = [
    "a", "Z", "7", " ", "  ", ",", "\"", "\\", "/", "\t", "\n", "\r", "\r\n", "\u{1B}",
    "\u{7F}", "\u{85}", "é", "e\u{301}", ",\u{301}", "\"\u{301}", "車", "😀", "👍🏽", "ｱ",
    "\u{2028}", "\u{200B}", "€", "Ω", "name.with.dots", "x\u{0}y",
  ]

  private static func text(_ random: inout SeededGenerator) -> String {
    let ascii = Bool.random(using: &random)
    let count = Int.random(in: 0...6, using: &random)
    return (0..<count).map { _ in
      ascii
        ? String(UnicodeScalar(UInt8.random(in: 0x20...0x7E, using: &random)))
        : pieces.randomElement(using: &random) ?? ""
    }.joined()
  }

  /// The table as the exact rule lays it out: each cell escaped, measured a character at a
  /// time, padded, two spaces between columns, trailing blanks trimmed.
  private static func reference(
    _ rows: [[String]], titles: [String], alignments: [TextTable.Alignment]
  ) -> [String] {
    let shown = [titles] + rows.map { $0.map(\.escapingControlCharacters) }
    var widths = [Int](repeating: 0, count: titles.count)
    for row in shown {
      for (index, cell) in row.enumerated() {
        widths[index] = max(widths[index], cell.reduce(0) { $0 + DisplayWidth.of($1) })
      }
    }
    return shown.map { row in
      var line = ""
      for (index, cell) in row.enumerated() {
        let padding = String(
          repeating: " ", count: widths[index] - cell.reduce(0) { $0 + DisplayWidth.of($1) })
        if index > 0 { line += "  " }
        line += alignments[index] == .right ? padding + cell : cell + padding
      }
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }

  @Test func tableLaysOutMixedTextAsTheCharacterRuleDoes() {
    var random = SeededGenerator(state: 0x7AB1E)
    for round in 0..<300 {
      let columns = Int.random(in: 1...4, using: &random)
      let titles = (0..<columns).map { "T\($0)" }
      let alignments = (0..<columns).map { _ in
        Bool.random(using: &random) ? TextTable.Alignment.left : .right
      }
      var table = TextTable(Array(zip(titles, alignments)))
      let rows = (0..<Int.random(in: 0...8, using: &random)).map { _ in
        (0..<columns).map { _ in Self.text(&random) }
      }
      for row in rows { table.append(row) }
      let expected = Self.reference(rows, titles: titles, alignments: alignments)
      #expect(table.render(width: nil) == expected, "round \(round)")
      let out = OutputStream()
      table.write(to: out, width: nil)
      #expect(out.text == expected.map { $0 + "\n" }.joined(), "round \(round)")
      let streamed = OutputStream()
      table.stream(to: streamed, width: nil) { row in
        for given in rows { row(given) }
      }
      // A streamed table holds no rows of its own: the same layout.
      let empty = TextTable(Array(zip(titles, alignments)))
      let alone = OutputStream()
      empty.stream(to: alone, width: nil) { row in
        for given in rows { row(given) }
      }
      #expect(alone.text == expected.map { $0 + "\n" }.joined(), "round \(round)")
    }
  }

  @Test func jsonStringsParseBackToWhatWasWritten() throws {
    var random = SeededGenerator(state: 0x15_0A)
    for round in 0..<2_000 {
      let value = Self.text(&random)
      var object = JSONObject()
      object.add("k", value)
      let data = Data(object.rendered.utf8)
      let parsed = try JSONSerialization.jsonObject(with: data) as? [String: String]
      // Compared by scalars: Foundation's NSString bridging compares canonically.
      #expect(
        parsed?["k"].map { Array($0.unicodeScalars) } == Array(value.unicodeScalars),
        "round \(round): \(object.rendered)")
      #expect(!object.rendered.utf8.contains { $0 < 0x20 }, "round \(round)")
    }
  }

  /// An RFC 4180 reader of one record, by bytes.
  private static func readRecord(_ line: String) -> [String]? {
    var fields: [String] = []
    var field: [UInt8] = []
    var bytes = Array(line.utf8)[...]
    var quoted = false
    var started = true
    while let byte = bytes.popFirst() {
      if quoted {
        if byte == 0x22 {
          if bytes.first == 0x22 {
            field.append(0x22)
            bytes.removeFirst()
          } else {
            quoted = false
          }
        } else {
          field.append(byte)
        }
      } else if byte == 0x22, started {
        quoted = true
        started = false
      } else if byte == 0x2C {
        fields.append(String(decoding: field, as: UTF8.self))
        field = []
        started = true
      } else if byte == 0x22 || byte == 0x0A || byte == 0x0D {
        return nil  // Unquoted: the field should have been quoted.
      } else {
        field.append(byte)
        started = false
      }
    }
    guard !quoted else { return nil }
    fields.append(String(decoding: field, as: UTF8.self))
    return fields
  }

  @Test func csvRowsReadBackToTheirFields() {
    var random = SeededGenerator(state: 0xC5F)
    for round in 0..<2_000 {
      let fields = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.text(&random) }
      let row = CSV.row(fields)
      let read = Self.readRecord(row)
      #expect(
        read.map { $0.map { Array($0.utf8) } } == fields.map { Array($0.utf8) },
        "round \(round): \(row.debugDescription)")
    }
  }

  @Test func csvQuotesWhatACharacterCheckWouldMiss() {
    // CR LF and a comma or quote followed by a combining accent are one Character each.
    #expect(CSV.field("a\r\nb") == "\"a\r\nb\"")
    #expect(CSV.field("x,\u{301}y") == "\"x,\u{301}y\"")
    #expect(CSV.field("\"\u{301}") == "\"\"\"\u{301}\"")
    #expect(CSV.field("plain text") == "plain text")
  }
}
