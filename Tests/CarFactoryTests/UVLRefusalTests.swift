import Testing

@testable import CarFactory

/// Every refusal: one line, `FILE:LINE: message`, naming the bad token, of the right kind.
@Suite struct UVLRefusalTests {
  /// A model whose line 4 is `line`, under an optional group of `R` with members A, B, C.
  private static func withConstraint(_ line: String) -> String {
    "features\n  R\n    optional\n      A {x 1, s 'v'}\n      B\n      C\nconstraints\n  \(line)\n"
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let text: String
    let description: String
    let kind: UVLError.Kind
    var testDescription: String { description }

    init(_ text: String, _ description: String, _ kind: UVLError.Kind) {
      self.text = text
      self.description = description
      self.kind = kind
    }
  }

  static let beyondTheArithmeticLevel: [Case] = [
    Case(
      "imports\n  other as o\nfeatures\n  R\n",
      "test.uvl:1: 'imports' (composing models from other files) is beyond the arithmetic level",
      .unsupported),
    Case(
      "features\n  R\n    optional\n      Integer Size\n",
      "test.uvl:4: typed feature 'Size' (Integer) is beyond the arithmetic level", .unsupported),
    Case(
      "features\n  R\n    optional\n      String \"Label\"\n",
      "test.uvl:4: typed feature 'Label' (String) is beyond the arithmetic level", .unsupported),
    Case(
      "features\n  Real R\n",
      "test.uvl:2: typed feature 'R' (Real) is beyond the arithmetic level", .unsupported),
    Case(
      "features\n  R\n    optional\n      A cardinality [1..3]\n",
      "test.uvl:4: feature cardinality of 'A' is beyond the arithmetic level", .unsupported),
    Case(
      withConstraint("A.s != 'v'"),
      "test.uvl:8: the string ''v'' in a constraint is beyond the arithmetic level "
        + "(string constraints are not read)", .unsupported),
    Case(
      withConstraint("len(A.s) > 2"),
      "test.uvl:8: the string function 'len(…)' is beyond the arithmetic level (typed "
        + "features are not read)", .unsupported),
    Case(
      withConstraint("floor(A.x) > 2"),
      "test.uvl:8: the function 'floor(…)' is not linear (it rounds); only sum(…) and avg(…) "
        + "are read", .unsupported),
    Case(
      withConstraint("sum(A, x) > 2"),
      "test.uvl:8: 'sum(FEATURE, ATTRIBUTE)' over a subtree is not read; sum(ATTRIBUTE) is "
        + "over the whole model", .unsupported),
    Case(
      withConstraint("sum(x) * sum(x) > 2"),
      "test.uvl:8:10: not linear: a product of two sums in the constraint "
        + "'sum(x) * sum(x) > 2'", .unsupported),
    Case(
      withConstraint("A.x > 1 | (B &\n    2 / (sum(x) - 1) < 4)"),
      "test.uvl:9:7: not linear: a division by a sum in the constraint "
        + "'A.x > 1 | (B & 2 / (sum(x) - 1) < 4)'", .unsupported),
    Case(
      withConstraint("avg(x) * 2 + sum(x) > 2"),
      "test.uvl:8:23: not linear: an avg may only be compared with constants (avg · count is "
        + "not a sum) in the constraint 'avg(x) * 2 + sum(x) > 2'", .unsupported),
    Case(
      "include\n  Boolean\n  Arithmetic.feature-cardinality\nfeatures\n  R\n",
      "test.uvl:3: language level 'Arithmetic.feature-cardinality' is beyond what is read (the "
        + "Boolean and arithmetic levels; no types, no feature cardinalities)", .unsupported),
    Case(
      "include\n  Type.string-constraints\nfeatures\n  R\n",
      "test.uvl:2: language level 'Type.string-constraints' is beyond what is read (the "
        + "Boolean and arithmetic levels; no types, no feature cardinalities)", .unsupported),
    Case(
      "include\n  Type\nfeatures\n  R\n",
      "test.uvl:2: language level 'Type' is beyond what is read (the Boolean and arithmetic "
        + "levels; no types, no feature cardinalities)", .unsupported),
  ]

  /// Arithmetic that is well-formed but wrong: unknown names, numbers used as features and
  /// the reverse, numbers no exact value holds.
  static let invalidArithmetic: [Case] = [
    Case(
      withConstraint("A.x"),
      "test.uvl:8: 'A.x' is the attribute 'x' of a feature, a number: compare it (A.x > 0) to "
        + "use it in a constraint", .invalid),
    Case(
      withConstraint("A + 1 > 2"),
      "test.uvl:8: 'A' is a feature, not a number; arithmetic takes FEATURE.ATTRIBUTE, "
        + "sum(ATTRIBUTE), avg(ATTRIBUTE) and numbers", .invalid),
    Case(
      withConstraint("Engnie.x > 2"),
      "test.uvl:8: unknown feature 'Engnie' in 'Engnie.x' in the constraint 'Engnie.x > 2'",
      .invalid),
    Case(
      withConstraint("sum(y) > 2"),
      "test.uvl:8:3: unknown attribute 'y'; did you mean 'x'? (attributes: x) in the "
        + "constraint 'sum(y) > 2'", .invalid),
    Case(
      withConstraint("A.x / 0 > 2"),
      "test.uvl:8:7: division by zero in the constraint 'A.x / 0 > 2'", .invalid),
    Case(
      withConstraint("A.x > 0.1234567"),
      "test.uvl:8:9: bad number '0.1234567' (at most 6 decimals, below 10^12) in the "
        + "constraint 'A.x > 0.1234567'", .invalid),
    Case(
      "features\n  R\n    optional\n      A {w 0.1234567}\nconstraints\n  sum(w) > 0\n",
      "test.uvl:4: the number '0.1234567' of the attribute 'w' of 'A' is not an exact value (at "
        + "most 6 decimals, below 10^12), so the constraint on line 6 cannot use it", .invalid),
  ]

  static let invalidModels: [Case] = [
    Case(
      "features\n  R\n    optional\n      A\n      B\n    or\n      A\n",
      "test.uvl:7: duplicate feature name 'A' (first declared on line 4)", .invalid),
    Case(
      withConstraint("Bee => Cee"),
      "test.uvl:8: unknown feature 'Bee' in the constraint 'Bee => Cee'", .invalid),
    Case(
      "features\n  R\n    optional\n      Engine\nconstraints\n  R => Engnie\n",
      "test.uvl:6: unknown feature 'Engnie' in the constraint 'R => Engnie'; did you mean "
        + "'Engine'?", .invalid),
    Case(
      "features\n  R\n    optional\n      Engine\nconstraints\n  (R &\n   Enigne)\n",
      "test.uvl:7: unknown feature 'Enigne' in the constraint '(R & Enigne)'; did you mean "
        + "'Engine'?", .invalid),
    Case(
      "features\n  R\n    or\n  \nconstraints\n",
      "test.uvl:3: empty group 'or' under 'R'; indent its features below it", .invalid),
    Case(
      "features\n  R\n    [3..1]\n      A\n      B\n      C\n",
      "test.uvl:3: group cardinality [3..1] has its lower bound above its upper bound", .invalid),
    Case(
      "features\n  R\n    [3]\n      A\n      B\n",
      "test.uvl:3: group cardinality [3] under 'R' asks for more than its 2 children", .invalid),
    Case(
      "features\n  R\n    [4..5]\n      A\n      B\n      C\n",
      "test.uvl:3: group cardinality [4..5] under 'R' asks for more than its 3 children",
      .invalid),
    Case(
      "features\n  R\n    optional\n      A {price 1.234}\n",
      "test.uvl:4: the price '1.234' of 'A' has more than 2 decimals", .invalid),
    Case(
      "features\n  R\n    optional\n      A {price -3}\n",
      "test.uvl:4: the price '-3' of 'A' is negative; a surcharge is at least 0", .invalid),
    Case(
      "features\n  R\n    optional\n      A {price '12.00'}\n",
      "test.uvl:4: the price of 'A' must be a decimal amount like 850.00, found ''12.00''",
      .invalid),
    Case(
      "features\n  R\n    optional\n      A {price}\n",
      "test.uvl:4: the price of 'A' must be a decimal amount like 850.00, found nothing",
      .invalid),
    Case(
      "features\n  R\n    optional\n      A {price 99999999999999999999}\n",
      "test.uvl:4: the price '99999999999999999999' of 'A' is too large", .invalid),
    Case(
      "features\n  R\n    optional\n      A {abstract 3}\n",
      "test.uvl:4: the attribute 'abstract' of 'A' must be true or false, found '3'", .invalid),
    Case(
      "features\n  R\n    optional\n      A {x 1, x 2}\n",
      "test.uvl:4: duplicate attribute 'x' on the feature 'A'", .invalid),
    Case("", "test.uvl: no features: a model needs a 'features' section with a root", .invalid),
    Case(
      "namespace N\n",
      "test.uvl: no features: a model needs a 'features' section with a root", .invalid),
    Case(
      "features\nconstraints\n",
      "test.uvl:2: the 'features' section is empty; it needs a root feature", .invalid),
  ]

  static let syntaxErrors: [Case] = [
    Case(
      "features\n  R\n  S\n",
      "test.uvl:3: a second root 'S'; a model has one root feature, 'R' on line 2", .syntax),
    Case(
      "features\n  R\n  mandatory\n    A\n",
      "test.uvl:3: the group 'mandatory' must be indented below its feature 'R'", .syntax),
    Case(
      "features\n  R\n    optional\n      A\n      alternative\n        B\n",
      "test.uvl:5: expected a feature name, found the group keyword 'alternative'; indent a "
        + "group below its feature, or quote a feature named so", .syntax),
    Case(
      "features\n  R\n    optional\n      true\n",
      "test.uvl:4: expected a feature name, found the constant 'true'; quote a feature named so",
      .syntax),
    Case(
      "features\n  R\n    A\n",
      "test.uvl:3: expected a group (mandatory, optional, alternative, or, [n..m]) below 'R', "
        + "found 'A'", .syntax),
    Case(
      "features\n  R\n    [1..x]\n      A\n",
      "test.uvl:3: bad group cardinality '[1..x]'; write [n], [n..m] or [n..*]", .syntax),
    Case(
      "features\n  R\n    [ 1..2 ]\n      A\n",
      "test.uvl:3: bad group cardinality '[ 1..2 ]'; write [n], [n..m] or [n..*]", .syntax),
    Case(
      "features\n  R\n    optional\n      A B\n",
      "test.uvl:4: unexpected 'B' after the feature 'A'", .syntax),
    Case(
      "features\n  R\n    optional\n      12Volt\n",
      "test.uvl:4: expected a feature name, found '12'", .syntax),
    Case(
      "features\n  R\n    optional\n      A {x \"y\"}\n",
      "test.uvl:4: unexpected '\"y\"' as the value of the attribute 'x' of 'A' (strings are "
        + "written in single quotes)", .syntax),
    Case(
      "features\n  R\n    optional\n      A {x 1 y 2}\n",
      "test.uvl:4: expected ',' or '}' after the attribute 'x' of 'A', found 'y'", .syntax),
    Case(
      "features\n  R\n    optional\n      \"A\n",
      "test.uvl:4: the quoted name '\"A' is not closed on its line", .syntax),
    Case(
      "features\n  R\n    optional\n      A {x 'abc\n}\n",
      "test.uvl:4: the string ''abc' is not closed on its line", .syntax),
    Case(
      "features\n  R\n    optional\n      \"\"\n",
      "test.uvl:4: empty quoted name '\"\"'", .syntax),
    Case(
      "features\n  R /* never\n closed\n",
      "test.uvl:2: the comment '/*' is never closed with '*/'", .syntax),
    Case(withConstraint("(A & B"), "test.uvl:8: '(' is never closed", .syntax),
    Case(
      withConstraint("A & B)"), "test.uvl:8: unexpected ')' with no bracket open", .syntax),
    Case(
      withConstraint("(A & B]"),
      "test.uvl:8: unexpected ']': the '(' opened on line 8 is still open", .syntax),
    Case(
      withConstraint("A &"),
      "test.uvl:8: the expression ends where a name or '(' was expected in the constraint "
        + "'A &'", .syntax),
    Case(
      withConstraint("A B"),
      "test.uvl:8: unexpected 'B' after a complete expression in the constraint 'A B'",
      .syntax),
    Case(
      withConstraint("(A &\n   ) | B"),
      "test.uvl:9: unexpected ')' where a name or '(' was expected in the constraint "
        + "'(A & ) | B'", .syntax),
    Case(
      withConstraint("A =>\n    B"),
      "test.uvl:8: the expression ends where a name or '(' was expected in the constraint "
        + "'A =>'", .syntax),
    Case(
      withConstraint("A = B"), "test.uvl:8: unexpected character '='", .syntax),
    Case(
      withConstraint("A & {B}"), "test.uvl:8: unexpected '{' in a constraint", .syntax),
    Case(
      "features\n  R\nnamespace N\n",
      "test.uvl:3: 'namespace' must come before 'features' (line 1)", .syntax),
    Case(
      "features\n  R\nfeatures\n  S\n",
      "test.uvl:3: a second 'features' section (the first is on line 1)", .syntax),
    Case(
      "features\n  R\nextras\n",
      "test.uvl:3: unexpected 'extras'; expected namespace, include, imports, features or "
        + "constraints", .syntax),
    Case(
      "  features\n  R\n",
      "test.uvl:1: unexpected indentation before 'features'; sections start at the beginning "
        + "of a line", .syntax),
    Case(
      "include\n  Boolean.extras\nfeatures\n  R\n",
      "test.uvl:2: unknown language level 'Boolean.extras'", .syntax),
    Case(
      "features\n  R\n    optional\n      A.\n",
      "test.uvl:4: expected a name after 'A.', found end of line", .syntax),
  ]

  @Test(arguments: beyondTheArithmeticLevel)
  func refusesWhatIsBeyondTheArithmeticLevel(_ example: Case) {
    let error = UVLTestSupport.refusal(example.text)
    #expect(error?.description == example.description)
    #expect(error?.kind == example.kind)
  }

  @Test(arguments: invalidArithmetic)
  func refusesWrongArithmeticNamingItsLine(_ example: Case) {
    let error = UVLTestSupport.refusal(example.text)
    #expect(error?.description == example.description)
    #expect(error?.kind == example.kind)
  }

  @Test(arguments: invalidModels)
  func refusesMeaninglessModels(_ example: Case) {
    let error = UVLTestSupport.refusal(example.text)
    #expect(error?.description == example.description)
    #expect(error?.kind == example.kind)
  }

  @Test(arguments: syntaxErrors)
  func refusesSyntaxErrorsNamingTheToken(_ example: Case) {
    let error = UVLTestSupport.refusal(example.text)
    #expect(error?.description == example.description)
    #expect(error?.kind == example.kind)
  }

  @Test func refusesAFileOverTheSizeLimit() {
    let bytes = [UInt8](repeating: UInt8(ascii: " "), count: UVLReader.maximumFileSize + 1)
    let error = UVLTestSupport.refusal(bytes: bytes)
    #expect(error?.description == "test.uvl: the model is larger than 16 MiB (16777217 bytes)")
    #expect(error?.kind == .limit)
  }

  @Test func refusesUnreadableFiles() {
    let missing = #expect(throws: UVLError.self) {
      try UVLReader.read(contentsOf: "/nonexistent/model.uvl")
    }
    #expect(missing?.description == "/nonexistent/model.uvl: cannot read the model (no such file)")
    let directory = #expect(throws: UVLError.self) { try UVLReader.read(contentsOf: "/") }
    #expect(directory?.description == "/: cannot read the model (it is a directory)")
  }
}
