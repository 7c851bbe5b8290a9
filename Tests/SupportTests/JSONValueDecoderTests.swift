import Foundation
import Testing

@testable import Support

/// The package's decoder against Foundation's `JSONDecoder`, the reference it replaces: on
/// random documents (valid ones and ones broken at random) both give the same values, or fail
/// at the same path in the same way.
@Suite struct JSONValueDecoderTests {
  /// A schema with every kind of field the package's schemas use, decoded the standard way
  /// (synthesized `Decodable`, no package helpers), so both decoders can read it.
  struct Record: Decodable, Equatable {
    let name: String
    let count: Int64
    let small: Int8?
    let flag: Bool?
    let ratio: Double?
    let tags: [String]
    let notes: [String: String]?
    let codes: [Int64]?
    let children: [Record]?
  }

  /// What a decoder made of a document: the value, or where and how it failed.
  enum Outcome: Equatable {
    case value(Record)
    case failure(path: String, kind: String)

    init(_ body: () throws -> Record) {
      do {
        self = .value(try body())
      } catch let error as DecodingError {
        switch error {
        case .keyNotFound(let key, let context):
          self = .failure(
            path: JSONIssue.path(context.codingPath), kind: "missing \(key.stringValue)")
        case .typeMismatch(_, let context):
          self = .failure(path: JSONIssue.path(context.codingPath), kind: "type")
        case .valueNotFound(_, let context):
          self = .failure(path: JSONIssue.path(context.codingPath), kind: "null")
        case .dataCorrupted(let context):
          self = .failure(path: JSONIssue.path(context.codingPath), kind: "corrupted")
        @unknown default:
          self = .failure(path: "", kind: "\(error)")
        }
      } catch {
        self = .failure(path: "", kind: "\(error)")
      }
    }
  }

  private static func ours(_ bytes: [UInt8]) -> Outcome {
    Outcome {
      let document = JSONDocument(
        bytes: bytes[...], budget: JSONMemoryBudget(documentSize: bytes.count, available: nil))
      let start = try JSONScanner.check(bytes)
      return try JSONValueDecoder(document: document, offset: start, codingPath: [])
        .decode(Record.self)
    }
  }

  private static func foundations(_ bytes: [UInt8]) -> Outcome {
    Outcome { try JSONDecoder().decode(Record.self, from: Data(bytes)) }
  }

  @Test(arguments: 0..<400)
  func decodesAsJSONDecoderDoes(seed: Int) throws {
    var random = Generator(state: UInt64(seed) &+ 1)
    var document = RandomJSON.record(depth: 2, using: &random)
    if seed % 3 != 0 { document = RandomJSON.broken(document, using: &random) }
    let text = document.text
    let bytes = Array(text.utf8)
    try JSONScanner.check(bytes)
    let mine = Self.ours(bytes)
    let theirs = Self.foundations(bytes)
    guard theirs == .failure(path: "", kind: "corrupted") else {
      #expect(mine == theirs, "seed \(seed): \(text)")
      return
    }
    // A number out of range for its type: JSONDecoder names no path, ours names the value's.
    guard case .failure(let path, "corrupted") = mine else {
      Issue.record("seed \(seed): \(mine) where JSONDecoder found a number out of range: \(text)")
      return
    }
    #expect(!path.isEmpty, "seed \(seed): \(text)")
  }

  @Test func stringsDecodeTheirEscapes() throws {
    let text = #"{"name":"a\"b\\\/\n\t\u00e9\ud83d\ude97 x","count":1,"tags":["\u0000",""]}"#
    let bytes = Array(text.utf8)
    #expect(Self.ours(bytes) == Self.foundations(bytes))
    guard case .value(let record) = Self.ours(bytes) else {
      Issue.record("not decoded")
      return
    }
    #expect(record.name == "a\"b\\/\n\té🚗 x")
    #expect(record.tags == ["\u{0}", ""])
  }

  /// The one deliberate difference: an integer must be written as one.
  @Test(arguments: ["1.0", "1e2", "2.5"])
  func integersMustBeWrittenAsIntegers(_ number: String) {
    let bytes = Array(#"{"name":"a","count":\#(number),"tags":[]}"#.utf8)
    #expect(Self.ours(bytes) == .failure(path: "count", kind: "type"))
  }

  @Test func largeObjectsAreLookedUpByKey() throws {
    let members = (0..<500).map { #""k\#($0)":"v\#($0)""# }.joined(separator: ",")
    let bytes = Array(#"{"name":"a","count":1,"tags":[],"notes":{\#(members)}}"#.utf8)
    #expect(Self.ours(bytes) == Self.foundations(bytes))
  }

  // MARK: - the budget

  /// A schema whose list elements are large: each reserves 256 bytes.
  struct Wide: Decodable {
    let items: [Block]

    struct Block: Decodable {
      let a, b, c, d, e, f, g, h: (Int64, Int64, Int64, Int64)

      init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Int64.self)
        let four = (value, value, value, value)
        (a, b, c, d, e, f, g, h) = (four, four, four, four, four, four, four, four)
      }
    }
  }

  private static func failure<T: Decodable>(_ type: T.Type, _ text: String) -> JSONDecodingFailure?
  {
    do {
      _ = try StrictJSON.decode(type, from: Array(text.utf8))
      return nil
    } catch {
      return error
    }
  }

  @Test func aDenseListOfLargeElementsIsRefusedBeforeItsElementsAreDecoded() {
    #expect(MemoryLayout<Wide.Block>.stride == 256)
    // 400,000 elements of 2 bytes: 800 KB of text, 100 MB of blocks.
    let dense = "{\"items\":[" + Array(repeating: "0", count: 400_000).joined(separator: ",") + "]}"
    let limit = (4 * dense.utf8.count + (1 << 20)) >> 20
    #expect(
      Self.failure(Wide.self, dense)
        == .issue(
          JSONIssue(
            path: "items",
            problem: .invalid(
              "the document is too dense: its values would take more than \(limit) MiB of "
                + "memory (4 times its size) to read"))))
    // The same elements with room for them: each is written 256 bytes wide.
    let padded =
      "{\"items\":["
      + Array(repeating: "0" + String(repeating: " ", count: 255), count: 4_000)
      .joined(separator: ",") + "]}"
    #expect(Self.failure(Wide.self, padded) == nil)
  }

  /// Strings of more than 15 bytes live on the heap and are charged for it: a list of
  /// 16-byte strings takes 80 bytes an element (16 in the list, 64 on the heap) for 19 bytes
  /// of text, past 4 times its size; 15-byte strings are kept inline and fit.
  @Test func longStringsAreChargedForTheirStorage() {
    func list(_ length: Int) -> String {
      "["
        + Array(repeating: "\"" + String(repeating: "x", count: length) + "\"", count: 400_000)
        .joined(separator: ",") + "]"
    }
    #expect(Self.failure([String].self, list(15)) == nil)
    guard case .issue(let issue) = Self.failure([String].self, list(16)) else {
      Issue.record("16-byte strings were not refused")
      return
    }
    // Refused at the string that passed the budget (the 391,384th: the list took 6.4 MB of
    // the 31.4 MB, each string 64 bytes more).
    #expect(issue.path == "[391383]")
    guard case .invalid(let reason) = issue.problem else {
      Issue.record("refused for \(issue.problem)")
      return
    }
    #expect(reason.hasPrefix("the document is too dense"))
  }

  /// A schema that swallows errors with `try?` still gets the budget's refusal.
  struct Careless: Decodable {
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: JSONAnyKey.self)
      _ = try? container.decode([Wide.Block].self, forKey: JSONAnyKey(stringValue: "items"))
      throw JSONIssue(path: "", problem: .invalid("something else"))
    }
  }

  @Test func aRefusalASchemaSwallowsIsStillTheAnswer() {
    let dense = "{\"items\":[" + Array(repeating: "0", count: 400_000).joined(separator: ",") + "]}"
    guard case .issue(let issue) = Self.failure(Careless.self, dense) else {
      Issue.record("not refused")
      return
    }
    #expect(issue.path == "items")
    #expect(issue.problem != .invalid("something else"))
  }

  @Test func theAddressSpaceLeftCanSetTheLimit() {
    let budget = JSONMemoryBudget(documentSize: 100 << 20, available: 300 << 20)
    #expect(budget.limit == 150 << 20)
    #expect(budget.isAddressSpaceBound)
    #expect(
      budget.message
        == "the document is too large for the memory left: its values would take more than the "
        + "150 MiB that the address-space limit (ulimit -v) leaves for them")
    let roomy = JSONMemoryBudget(documentSize: 100 << 20, available: 10 << 30)
    #expect(roomy.limit == 401 << 20)
    #expect(!roomy.isAddressSpaceBound)
  }

  @Test func aKeyGivenTwiceInALargeObjectIsFound() {
    for position in [0, 17, 999] {
      var keys = (0..<1000).map { "k\($0)" }
      keys.append(keys[position])
      let text = "{" + keys.map { "\"\($0)\":1" }.joined(separator: ",") + "}"
      #expect(throws: JSONSyntaxError.self, "\(position)") {
        try JSONScanner.check(Array(text.utf8))
      }
    }
  }
}

/// A splitmix generator, so each seed gives the same document everywhere.
private struct Generator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random JSON documents for ``JSONValueDecoderTests/Record``, as text.
private enum RandomJSON {
  indirect enum Value {
    case object([(String, Value)])
    case array([Value])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    var text: String {
      switch self {
      case .object(let members):
        "{" + members.map { "\(RandomJSON.quoted($0.0)):\($0.1.text)" }.joined(separator: ",")
          + "}"
      case .array(let elements): "[" + elements.map(\.text).joined(separator: ", ") + "]"
      case .string(let text): RandomJSON.quoted(text)
      case .number(let text): text
      case .bool(let flag): flag ? "true" : "false"
      case .null: "null"
      }
    }
  }

  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      case "é": result += "\\u00e9"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  static func string(using random: inout Generator) -> String {
    let pieces = ["a", "b", "é", "🚗", "\"", "\\", "\n", "\u{1}", " ", "long text "]
    return (0..<Int.random(in: 0...6, using: &random)).map { _ in
      pieces.randomElement(using: &random) ?? ""
    }.joined()
  }

  /// A whole number; one in ten out of range for `Int8`, one in twenty for `Int64`.
  static func integer(using random: inout Generator) -> String {
    switch Int.random(in: 0..<20, using: &random) {
    case 0: ["9223372036854775808", "18446744073709551616"].randomElement(using: &random) ?? ""
    case 1, 2:
      ["128", "-129", "9223372036854775807", "-9223372036854775808"].randomElement(using: &random)
        ?? ""
    default: String(Int.random(in: -127...127, using: &random))
    }
  }

  static func record(depth: Int, using random: inout Generator) -> Value {
    var members: [(String, Value)] = [
      ("name", .string(string(using: &random))),
      ("count", .number(integer(using: &random))),
      (
        "tags",
        .array(
          (0..<Int.random(in: 0...3, using: &random)).map { _ in .string(string(using: &random)) })
      ),
    ]
    if Bool.random(using: &random) { members.append(("small", .number(integer(using: &random)))) }
    if Bool.random(using: &random) { members.append(("flag", .bool(Bool.random(using: &random)))) }
    if Bool.random(using: &random) {
      let ratio = ["0.5", "-2", "1e3", "3.25E-2", "0"].randomElement(using: &random) ?? "0"
      members.append(("ratio", .number(ratio)))
    }
    if Bool.random(using: &random) {
      members.append(
        (
          "notes",
          .object(
            (0..<Int.random(in: 0...20, using: &random)).map {
              ("n\($0)", .string(string(using: &random)))
            })
        ))
    }
    if Bool.random(using: &random) {
      members.append(
        (
          "codes",
          .array(
            (0..<Int.random(in: 0...4, using: &random)).map { _ in .number(integer(using: &random))
            })
        ))
    }
    if depth > 0, Bool.random(using: &random) {
      members.append(
        (
          "children",
          .array(
            (0..<Int.random(in: 0...3, using: &random)).map { _ in
              record(depth: depth - 1, using: &random)
            })
        ))
    }
    if Int.random(in: 0..<4, using: &random) == 0 { members.append(("unknown", .number("1"))) }
    members.shuffle(using: &random)
    return .object(members)
  }

  /// The value with one change somewhere: a value of another kind, `null`, or a member gone.
  static func broken(_ value: Value, using random: inout Generator) -> Value {
    switch value {
    case .object(var members) where !members.isEmpty && Bool.random(using: &random):
      let index = Int.random(in: 0..<members.count, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: members.remove(at: index)
      case 1: members[index].1 = broken(members[index].1, using: &random)
      default: members[index].1 = replacement(using: &random)
      }
      return .object(members)
    case .array(var elements) where !elements.isEmpty && Bool.random(using: &random):
      let index = Int.random(in: 0..<elements.count, using: &random)
      elements[index] = broken(elements[index], using: &random)
      return .array(elements)
    default:
      return replacement(using: &random)
    }
  }

  static func replacement(using random: inout Generator) -> Value {
    switch Int.random(in: 0..<6, using: &random) {
    case 0: .null
    case 1: .bool(true)
    case 2: .number(integer(using: &random))
    case 3: .string("x")
    case 4: .array([.number("1")])
    default: .object([("a", .number("1"))])
    }
  }
}
