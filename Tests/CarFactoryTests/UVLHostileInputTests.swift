import ConfigurationEngine
import Testing

@testable import CarFactory

/// Inputs meant to hurt: every one gives a one-line error (or loads), never a crash, a stack
/// overflow or a runaway.
@Suite struct UVLHostileInputTests {
  private static func isOneLine(_ error: UVLError?) -> Bool {
    guard let description = error?.description else { return false }
    return !description.unicodeScalars.contains {
      [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
    }
  }

  @Test func limitsTheDepthOfTheFeatureTree() throws {
    func chain(_ depth: Int) -> String {
      var text = "features\n"
      var indent = "\t"
      for level in 0..<depth {
        text += indent + "F\(level)\n"
        indent += "\t"
        if level + 1 < depth { text += indent + "optional\n" }
        indent += level + 1 < depth ? "\t" : ""
      }
      return text
    }
    let deep = try UVLTestSupport.compile(chain(UVLParser.maximumDepth))
    #expect(deep.features.count == UVLParser.maximumDepth)
    #expect(deep.features.last?.parent == UVLParser.maximumDepth - 2)
    let error = UVLTestSupport.refusal(chain(UVLParser.maximumDepth + 1))
    #expect(error?.kind == .limit)
    #expect(error?.description == "test.uvl:2002: features nested more than 1000 levels deep")
  }

  @Test func limitsNestingInConstraintsAndAttributes() {
    let parentheses =
      String(repeating: "(", count: 5000) + "A" + String(repeating: ")", count: 5000)
    let deepConstraint = UVLTestSupport.refusal(
      "features\n  R\n    optional\n      A\nconstraints\n  \(parentheses)\n")
    #expect(deepConstraint?.description == "test.uvl:6: brackets nested more than 1000 deep")
    let nots = String(repeating: "!", count: 10_000) + "A"
    let negations = UVLTestSupport.refusal(
      "features\n  R\n    optional\n      A\nconstraints\n  \(nots)\n")
    #expect(
      negations?.description.hasPrefix("test.uvl:6: nested more than 200 levels deep") == true)
    #expect(negations?.kind == .limit)
    let lists = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
    let deepValue = UVLTestSupport.refusal("features\n  R {x \(lists)}\n")
    #expect(deepValue?.description == "test.uvl:2: attribute values nested more than 64 deep")
    #expect(deepValue?.kind == .limit)
  }

  /// A model whose root has one group of `size` members.
  private static func group(_ keyword: String, size: Int) -> String {
    "features\n  R\n    \(keyword)\n" + (0..<size).map { "      F\($0)\n" }.joined()
  }

  @Test func limitsTheCounterOfLargeCardinalityGroups() throws {
    // Without a binding upper bound the counter is quadratic in the members.
    let error = UVLTestSupport.refusal(Self.group("[2..*]", size: 1_000))
    #expect(
      error?.description
        == "test.uvl:3: the group [2..*] of 1000 members under 'R' is too large to encode (it "
        + "needs a counter of 1004004 cells; the limit is 500000)")
    #expect(error?.kind == .limit)
    // Linear encodings have no such limit.
    for keyword in ["alternative", "or", "optional", "mandatory", "[1..*]", "[1..1]", "[0..1]"] {
      let model = try UVLTestSupport.compile(Self.group(keyword, size: 3_000))
      #expect(model.engine.variableCount < 3 * 3_001, "\(keyword)")
    }
  }

  @Test(arguments: ["[2..*]", "[3..5]", "[0..4]", "[1..3]", "[2..2]", "[5..*]", "[0..1]", "[7]"])
  func countsCounterCellsAsTheEncodingMakesThem(keyword: String) throws {
    for size in [7, 12, 30] {
      let model = try UVLTestSupport.compile(Self.group(keyword, size: size))
      let kind = model.groups[0].kind
      let cells = FeatureModel.counterCells(kind, members: size)
      let auxiliaries = model.engine.variableCount - model.features.count
      #expect(auxiliaries <= 2 * cells + 2, "\(keyword) over \(size)")
      #expect(cells <= 2 * auxiliaries + size, "\(keyword) over \(size)")
    }
  }

  @Test func limitsConstraintsThatWouldNestOrGrowWithoutBound() throws {
    let header = "features\n  R\n    optional\n      A\n      B\nconstraints\n  "
    let chain = Array(repeating: "A", count: 102).joined(separator: " => ")
    let nested = UVLTestSupport.refusal(header + chain + "\n")
    #expect(nested?.description == "test.uvl:7: a constraint with more than 100 '=>' and '<=>'")
    #expect(nested?.kind == .limit)
    let huge = Array(repeating: "A", count: 60_000).joined(separator: "|")
    let tooMany = UVLTestSupport.refusal(header + huge + "\n")
    #expect(tooMany?.description == "test.uvl:7: a constraint of more than 100000 tokens")
    // Long but within the limits: a flat disjunction and a long chain of equivalences.
    let wide = try UVLTestSupport.compile(
      header + Array(repeating: "A", count: 20_000).joined(separator: " | ") + " | B\n")
    #expect(wide.engine.clauses.allSatisfy { $0.count <= FeatureModel.chunkSize + 1 })
    let solutions = UVLTestSupport.projectedSolutions(wide)
    #expect(Set(solutions.keys) == [0b011, 0b101, 0b111])
    let equivalences = Array(repeating: "A", count: 101).joined(separator: " <=> ")
    #expect(try UVLTestSupport.compile(header + equivalences + "\n").constraints.count == 1)
  }

  @Test func readsATenMegabyteLine() throws {
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: 10 << 20)
    let model = try UVLReader.read(
      Array("features\n  R // ".utf8) + long + Array("\n    optional\n      A\n".utf8),
      file: "test.uvl")
    #expect(model.features.map(\.name) == ["R", "A"])
    #expect(model.features.map(\.line) == [2, 4])
  }

  @Test func shortensALongNameInMessages() throws {
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
    let header = Array("features\n  R\n    optional\n      A\n".utf8)
    let error = UVLTestSupport.refusal(
      bytes: header + Array("constraints\n  A => y".utf8) + long + [0x0A])
    #expect(error?.kind == .invalid)
    #expect(
      error?.description
        == "test.uvl:6: unknown feature 'yxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' "
        + "(1048577 bytes) in the constraint 'A => yxxxxxxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxxxxxx"
        + "xxxxxxxx' (1048582 bytes)")
    let unclosed = UVLTestSupport.refusal(bytes: header + Array("    \"".utf8) + long + [0x0A])
    #expect(unclosed?.kind == .syntax)
    #expect((unclosed?.description.count ?? .max) < 160)
  }

  @Test func refusesNULAndControlBytesWithEscapedMessages() {
    let nul = UVLTestSupport.refusal("features\n  R\n    optional\n      A\u{0}B\n")
    #expect(nul?.description == "test.uvl:4: unexpected NUL byte")
    let escape = UVLTestSupport.refusal("features\n  R\n    optional\n      A\u{1B}[2J\n")
    #expect(escape?.description == #"test.uvl:4: unexpected character '\u{1B}'"#)
    let quoted = UVLTestSupport.refusal(
      "features\n  R\n    optional\n      \"A\u{1B}\"\nconstraints\n  \"A\u{1B}\" => B\n")
    #expect(Self.isOneLine(quoted))
    #expect(quoted?.description.contains(#"\u{1B}"#) == true)
  }

  @Test func refusesInvalidUTF8InNamesButNotInComments() throws {
    let header = Array("features\n  R\n    optional\n      ".utf8)
    let inName = UVLTestSupport.refusal(
      bytes: header + Array("\"A".utf8) + [0xFF] + Array("\"\n".utf8))
    #expect(inName?.description == "test.uvl:4: invalid UTF-8 in the name 'A\u{FFFD}'")
    let inWord = UVLTestSupport.refusal(bytes: header + Array("Gr".utf8) + [0xC3, 0x28] + [0x0A])
    #expect(inWord?.kind == .syntax)
    #expect(Self.isOneLine(inWord))
    let inString = UVLTestSupport.refusal(
      bytes: header + Array("A {s 'x".utf8) + [0xFF] + Array("'}\n".utf8))
    #expect(inString?.description == "test.uvl:4: invalid UTF-8 in ''x\u{FFFD}''")
    let atStart = UVLTestSupport.refusal(bytes: header + [0xFF, 0x0A])
    #expect(atStart?.description == "test.uvl:4: unexpected invalid UTF-8 byte 0xFF")
    let inComment = try UVLReader.read(
      header + Array("A // ".utf8) + [0xFF, 0xFE] + [0x0A], file: "test.uvl")
    #expect(inComment.features.map(\.name) == ["R", "A"])
  }

  @Test func survivesTruncationAtEveryByte() {
    let text = Array(
      """
      namespace N
      include
        Boolean
      features
        "Root" {abstract, price 1.50, list [1, {a 'b'}]}
          [1..2]
            A {constraint A => !B}
            B
      constraints
        (A | B) <=> !"Root"
      """.utf8)
    for length in 0...text.count {
      let error = UVLTestSupport.refusal(bytes: Array(text[..<length]))
      if let error { #expect(Self.isOneLine(error), "\(length): \(error)") }
    }
  }
}
