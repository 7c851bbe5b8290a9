import ConfigurationEngine

/// The arithmetic level of constraints (SPEC §13): `sum(ATTR)`, `avg(ATTR)`, `FEATURE.ATTR`,
/// numbers, `+ - * /` and comparisons become the shared ``ExpressionToken``s, so UVL
/// constraints and catalog rules are parsed and compiled by the same code. `len`, `floor`,
/// `ceil` and the subtree form `sum(FEATURE, ATTR)` are refused with their line.
extension UVLParser {
  /// Reads `sum(ATTR)` or `avg(ATTR)` after its name, refusing the other functions.
  ///
  /// - Parameters:
  ///   - token: The function's name.
  ///   - word: The name's text (`sum`).
  ///   - column: The name's column in the constraint.
  /// - Returns: The aggregate's token and the closing `)`, the last token read.
  /// - Throws: ``UVLError`` for `len`, `floor`, `ceil`, the subtree form or a syntax error.
  mutating func parseAggregate(_ token: UVLToken, word: String, column: Int) throws(UVLError)
    -> (ExpressionToken, UVLToken)
  {
    switch word {
    case "sum", "avg": break
    case "len":
      throw error(
        token.line, .unsupported,
        "the string function 'len(…)' is beyond the arithmetic level (typed features are not "
          + "read)")
    default:
      throw error(
        token.line, .unsupported,
        "the function '\(word)(…)' is not linear (it rounds); only sum(…) and avg(…) are read")
    }
    _ = try lexer.next()
    let first = try lexer.next()
    guard first.isName else {
      throw error(
        first.line, .syntax, "expected an attribute name after '\(word)(', found \(quote(first))")
    }
    let attribute = try parseReference(first)
    let close = try lexer.next()
    if close.kind == .comma {
      throw error(
        close.line, .unsupported,
        "'\(word)(FEATURE, ATTRIBUTE)' over a subtree is not read; \(word)(ATTRIBUTE) is over "
          + "the whole model")
    }
    guard close.kind == .closeParen else {
      throw error(
        close.line, .syntax,
        "expected ')' after '\(word)(\(attribute)', found \(quote(close))")
    }
    let aggregate: Arithmetic.Aggregate = word == "sum" ? .sum : .avg
    return (ExpressionToken(.aggregate(aggregate, attribute: attribute), column: column), close)
  }

  /// The shared token of a UVL operator or comparison.
  static func operatorKind(_ kind: UVLToken.Kind) -> ExpressionToken.Kind {
    switch kind {
    case .equal: .compare(.equal)
    case .notEqual: .compare(.notEqual)
    case .less: .compare(.less)
    case .lessEqual: .compare(.lessOrEqual)
    case .greater: .compare(.greater)
    case .greaterEqual: .compare(.greaterOrEqual)
    case .plus: .plus
    case .minus: .minus
    case .star: .times
    default: .divide
    }
  }

  /// Appends a number. The lexer reads `-3` as one number; after an operand (`x -3`) it is a
  /// subtraction, so the `-` becomes its own token. `.5` is written `0.5`.
  ///
  /// - Parameters:
  ///   - source: The number as written.
  ///   - column: Its column.
  ///   - tokens: The constraint's tokens so far.
  static func appendNumber(_ source: String, column: Int, to tokens: inout [ExpressionToken]) {
    var text = Substring(source)
    var column = column
    if text.hasPrefix("-"), let previous = tokens.last, endsOperand(previous.kind) {
      tokens.append(ExpressionToken(.minus, column: column))
      text = text.dropFirst()
      column += 1
    }
    tokens.append(ExpressionToken(.number(decimalText(text)), column: column))
  }

  /// A UVL number as the decimal grammar reads it: `.5` is `0.5`, `-.5` is `-0.5`.
  static func decimalText(_ text: some StringProtocol) -> String {
    if text.hasPrefix(".") { return "0" + text }
    if text.hasPrefix("-.") { return "-0" + text.dropFirst() }
    return String(text)
  }

  private static func endsOperand(_ kind: ExpressionToken.Kind) -> Bool {
    switch kind {
    case .number, .aggregate, .value, .atom, .constant, .close: true
    default: false
    }
  }

  private static func isArithmetic(_ kind: ExpressionToken.Kind) -> Bool {
    switch kind {
    case .plus, .minus, .times, .divide, .compare: true
    default: false
    }
  }

  /// Turns each name that stands next to an operator or a comparison (through parentheses)
  /// into a number: `B.Price` is the attribute `Price` of the feature `B` (split at the last
  /// dot, so dotted and quoted feature names work). Elsewhere a name is a feature.
  ///
  /// - Parameters:
  ///   - tokens: The constraint's tokens.
  ///   - base: The offset of the start of the constraint's first line.
  ///   - line: That line.
  /// - Throws: ``UVLError`` for a plain feature name used as a number.
  mutating func markNumbers(_ tokens: inout [ExpressionToken], base: Int, line: Int)
    throws(UVLError)
  {
    for index in tokens.indices {
      guard case .atom(let name) = tokens[index].kind else { continue }
      var before = index - 1
      while before >= 0, tokens[before].isOpen { before -= 1 }
      var after = index + 1
      while after < tokens.count, tokens[after].isClose { after += 1 }
      let isNumber =
        (before >= 0 && Self.isArithmetic(tokens[before].kind))
        || (after < tokens.count && Self.isArithmetic(tokens[after].kind))
      guard isNumber else { continue }
      let column = tokens[index].column
      guard let dot = name.lastIndex(of: ".") else {
        let at = self.line(at: base + column - 1, from: base, line: line)
        throw error(
          at, .invalid,
          "\(UVLError.quote(name)) is a feature, not a number; arithmetic takes "
            + "FEATURE.ATTRIBUTE, sum(ATTRIBUTE), avg(ATTRIBUTE) and numbers")
      }
      let owner = String(name[..<dot])
      let attribute = String(name[name.index(after: dot)...])
      tokens[index] = ExpressionToken(.value(atom: owner, attribute: attribute), column: column)
    }
  }

  /// The columns (counted from `base`, from 1) at which each line after the first starts,
  /// counting line breaks as ``line(at:from:line:)`` does.
  func lineStarts(from base: Int, to end: Int) -> [Int] {
    var starts: [Int] = []
    var index = base
    let end = min(end, lexer.bytes.count)
    while index < end {
      let byte = lexer.bytes[index]
      if byte == UInt8(ascii: "\n") {
        starts.append(index + 1 - base + 1)
      } else if byte == UInt8(ascii: "\r"),
        index + 1 >= lexer.bytes.count || lexer.bytes[index + 1] != UInt8(ascii: "\n")
      {
        starts.append(index + 1 - base + 1)
      }
      index += 1
    }
    return starts
  }
}

extension Expression {
  /// Every `FEATURE.ATTR` of the expression's comparisons, in reading order.
  var attributeValues: [(feature: String, attribute: String, column: Int)] {
    var found: [(feature: String, attribute: String, column: Int)] = []
    forEachNumber { leaf in
      if case .value(let atom, let attribute, let column) = leaf {
        found.append((atom, attribute, column))
      }
    }
    return found
  }

  /// The attributes the expression's comparisons name (`sum(A)`, `avg(A)`, `F.A`).
  var attributeNames: Set<String> {
    var found: Set<String> = []
    forEachNumber { leaf in
      switch leaf {
      case .value(_, let attribute, _), .aggregate(_, let attribute, _): found.insert(attribute)
      default: break
      }
    }
    return found
  }

  /// Whether the expression compares numbers.
  var hasComparison: Bool {
    var found = false
    forEachNumber { _ in found = true }
    return found
  }

  /// Calls `body` with each leaf (number, aggregate, value) of the comparisons, in reading
  /// order. Recursion follows the nesting, which the parser bounds.
  private func forEachNumber(_ body: (Arithmetic) -> Void) {
    func collect(_ arithmetic: Arithmetic) {
      switch arithmetic {
      case .number, .aggregate, .value: body(arithmetic)
      case .negate(let inner): collect(inner)
      case .add(let a, let b), .subtract(let a, let b), .multiply(let a, let b, _),
        .divide(let a, let b, _):
        collect(a)
        collect(b)
      }
    }
    func walk(_ expression: Expression) {
      switch expression {
      case .atom, .constant: break
      case .not(let inner): walk(inner)
      case .and(let parts), .or(let parts): parts.forEach(walk)
      case .implies(let a, let b), .equivalent(let a, let b):
        walk(a)
        walk(b)
      case .comparison(let left, _, let right, _):
        collect(left)
        collect(right)
      }
    }
    walk(self)
  }
}
