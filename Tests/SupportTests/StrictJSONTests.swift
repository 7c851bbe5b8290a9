import Testing

@testable import Support

/// The one strict JSON decoding: syntax checked with positions, duplicate keys refused,
/// unknown keys refused by the schemas, paths in every issue.
@Suite struct StrictJSONTests {
  private struct Item: Decodable, Equatable {
    let name: String
    let count: Int64

    enum CodingKeys: String, CodingKey, CaseIterable {
      case name, count
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      let field = try container.requiredDecoder(forKey: .count)
      guard let count = field.wholeNumber() else { throw field.wrongType(expected: .wholeNumber) }
      self.count = count
    }
  }

  private struct Document: Decodable {
    let items: [Item]
  }

  private func decode(_ text: String) throws(JSONDecodingFailure) -> Document {
    try StrictJSON.decode(Document.self, from: Array(text.utf8))
  }

  @Test func aValidDocumentDecodes() throws {
    let document = try decode(#"{"items":[{"name":"a\u00e9","count":2}]}"#)
    #expect(document.items.map(\.name) == ["aé"])
  }

  @Test func stringsDecodeEscapesAndSurrogatePairs() throws {
    let document = try decode(#"{"items":[{"name":"a\"b\\\/\n\u00e9\ud83d\ude97","count":1}]}"#)
    #expect(document.items.first?.name == "a\"b\\/\né🚗")
  }

  @Test func duplicateKeysAreRefusedWithTheirPlace() {
    #expect(throws: JSONDecodingFailure.self) { _ = try decode(#"{"items":[],"items":[]}"#) }
    do {
      _ = try decode("{\"items\":[],\n \"items\":[]}")
    } catch {
      #expect(
        error
          == .syntax(
            JSONSyntaxError(
              reason: "key 'items' appears twice in one object", line: 2, column: 2, atEnd: false)))
    }
  }

  @Test(arguments: [
    #"{"a":1"#, #"[1,]"#, #"[01]"#, #"[1.]"#, #"["\ud800"]"#, "[\"a\u{1}\"]", #"[tru]"#,
    #"{"a" 1}"#, "[" + String(repeating: "[", count: 64) + String(repeating: "]", count: 65),
    "{} x",
  ])
  func malformedJSONIsRefused(_ text: String) {
    #expect(throws: JSONSyntaxError.self) { _ = try JSONScanner.check(Array(text.utf8)) }
  }

  @Test func invalidUTF8IsRefused() {
    #expect(throws: JSONSyntaxError.self) { _ = try JSONScanner.check([0x22, 0xFF, 0x22]) }
  }

  @Test func issuesNameTheJSONPath() {
    func issue(_ text: String) -> JSONIssue? {
      do {
        _ = try decode(text)
        return nil
      } catch {
        guard case .issue(let issue) = error else { return nil }
        return issue
      }
    }
    #expect(
      issue(#"{"items":[{"name":"a","count":1,"cuont":2}]}"#)
        == JSONIssue(
          path: "items[0].cuont", problem: .unknownKey("cuont", allowed: ["name", "count"])))
    #expect(
      issue(#"{"items":[{"name":"a"}]}"#)
        == JSONIssue(path: "items[0]", problem: .missingKey("count")))
    #expect(
      issue(#"{"items":[{"name":7,"count":1}]}"#)
        == JSONIssue(
          path: "items[0].name", problem: .wrongType(expected: .string, found: .number("7"))))
    #expect(
      issue(#"{"items":[{"name":"a","count":1.0}]}"#)
        == JSONIssue(
          path: "items[0].count", problem: .wrongType(expected: .wholeNumber, found: .number("1.0"))
        ))
    #expect(
      issue(#"{"items":{}}"#)
        == JSONIssue(path: "items", problem: .wrongType(expected: .array, found: .object)))
  }
}
