import Testing

@testable import ConfigurationEngine

@Suite struct ExpressionParserTests {
  /// Tokens for a compact test syntax: single letters are atoms.
  private static func tokens(_ text: String) -> [ExpressionToken] {
    var result: [ExpressionToken] = []
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let column = index + 1
      let character = characters[index]
      func take(_ kind: ExpressionToken.Kind, _ length: Int) {
        result.append(ExpressionToken(kind, column: column))
        index += length
      }
      switch character {
      case " ": index += 1
      case "!": take(.not, 1)
      case "&": take(.and, 1)
      case "|": take(.or, 1)
      case "(": take(.open, 1)
      case ")": take(.close, 1)
      case "=": take(.implies, 2)
      case "<": take(.equivalent, 3)
      default: take(.atom(String(character)), 1)
      }
    }
    return result
  }

  private static func parse(_ text: String) throws(ExpressionSyntaxError) -> Expression {
    try ExpressionParser.parse(tokens(text), endColumn: text.count + 1)
  }

  private static func atom(_ name: String, _ column: Int) -> Expression {
    .atom(name, column: column)
  }

  @Test func bindsNotTighterThanAndTighterThanOr() throws {
    let parsed = try Self.parse("!a & b | c")
    #expect(
      parsed == .or([.and([.not(Self.atom("a", 2)), Self.atom("b", 6)]), Self.atom("c", 10)]))
  }

  @Test func bindsImplicationTighterThanEquivalence() throws {
    let parsed = try Self.parse("a => b <=> c")
    #expect(
      parsed == .equivalent(.implies(Self.atom("a", 1), Self.atom("b", 6)), Self.atom("c", 12)))
  }

  @Test func associatesImplicationToTheLeftAsUVLDoes() throws {
    let parsed = try Self.parse("a => b => c")
    #expect(parsed == .implies(.implies(Self.atom("a", 1), Self.atom("b", 6)), Self.atom("c", 11)))
  }

  @Test func flattensChainsOfAndAndOr() throws {
    let parsed = try Self.parse("a & b & (c | d | e)")
    #expect(parsed.atoms.map(\.name) == ["a", "b", "c", "d", "e"])
    guard case .and(let parts) = parsed else {
      Issue.record("expected a conjunction, got \(parsed)")
      return
    }
    #expect(parts.count == 3)
  }

  @Test(arguments: [
    ("a &", 4, "the expression ends where a name or '(' was expected"),
    ("(a | b", 7, "expected ')' to close the '(' at column 1, found the end"),
    ("a b", 3, "unexpected 'b' after a complete expression"),
    ("& a", 1, "unexpected '&' where a name or '(' was expected"),
  ])
  func refusesMalformedExpressions(text: String, column: Int, message: String) {
    #expect(throws: ExpressionSyntaxError(column: column, message: message)) {
      try Self.parse(text)
    }
  }

  @Test func limitsNesting() {
    let deep = String(repeating: "(", count: 500) + "a" + String(repeating: ")", count: 500)
    #expect(throws: ExpressionSyntaxError.self) { try Self.parse(deep) }
  }

  /// Each open parenthesis, each `!` and each link of an implication chain is one level; `!(`
  /// is one level, not two.
  @Test(arguments: [
    ("(", ")"), ("!(", ")"), ("!", ""), ("a => ", ""),
  ])
  func nestingIsCountedOncePerLevel(open: String, close: String) throws {
    let limit = ExpressionParser.maximumDepth
    func nested(_ levels: Int) -> String {
      String(repeating: open, count: levels) + "a" + String(repeating: close, count: levels)
    }
    // Written out by hand at the limit: one level per repetition.
    _ = try Self.parse(nested(limit))
    let error = try #require(throws: ExpressionSyntaxError.self) {
      try Self.parse(nested(limit + 1))
    }
    #expect(error.message == "nested more than \(limit) levels deep")
  }
}
