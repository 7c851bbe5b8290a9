import ConfigurationEngine
internal import Support

/// Cross-tree constraints: UVL tokens turned into the engine's ``ExpressionToken``s and parsed
/// by the one shared ``ExpressionParser``; what is beyond the arithmetic level is refused first.
extension UVLParser {
  private static let aggregateFunctions: [StaticString] = ["sum", "avg", "len", "floor", "ceil"]

  /// The most tokens one constraint may have (real ones have a few dozen).
  static let maximumConstraintTokens = 100_000
  /// The most arithmetic operators (`+ - * /`) in one constraint: a chain of them nests the
  /// numbers one level each (`a + b + c` is `(a + b) + c`), which the compiler walks by
  /// recursion. Catalog rules (4,096 bytes) stay below it too.
  static let maximumArithmeticOperators = 1_000
  /// The most `=>` and `<=>` in one constraint: a chain of them nests the expression one
  /// level each (`a => b => c` is `(a => b) => c`), and nesting is what costs stack.
  static let maximumImplications = 100

  /// Reads one constraint starting at `first`: in the `constraints` section up to and
  /// including its line break; in a feature's attributes up to (not including) `,`, `}` or `]`.
  ///
  /// - Parameters:
  ///   - first: The constraint's first token.
  ///   - feature: The feature whose attributes hold it, or `nil` in the `constraints` section.
  /// - Throws: ``UVLError`` for a token beyond the arithmetic level or a syntax error.
  mutating func parseConstraint(first: UVLToken, feature: Int?) throws(UVLError) {
    let base = lineStart(of: first.start)
    var tokens: [ExpressionToken] = []
    var token = first
    var last = first
    var implications = 0
    var operators = 0
    while true {
      guard tokens.count < Self.maximumConstraintTokens else {
        throw error(
          token.line, .limit,
          "a constraint of more than \(Self.maximumConstraintTokens) tokens")
      }
      if feature == nil {
        if token.kind == .newline || token.kind == .end { break }
      } else if [.comma, .closeBrace, .closeBracket].contains(token.kind) {
        break
      }
      last = token
      let column = token.start - base + 1
      switch token.kind {
      case .word, .quotedName:
        if Self.aggregateFunctions.contains(where: { lexer.isWord(token, $0) }),
          try lexer.peek().kind == .openParen
        {
          let word = lexer.source(token)
          let (aggregate, close) = try parseAggregate(token, word: word, column: column)
          tokens.append(aggregate)
          last = close
        } else if lexer.isWord(token, "true") || lexer.isWord(token, "false"),
          try lexer.peek().kind != .dot
        {
          tokens.append(ExpressionToken(.constant(lexer.isWord(token, "true")), column: column))
        } else {
          let (name, end) = try parseReferenceWithEnd(token)
          last = end
          tokens.append(ExpressionToken(.atom(name), column: column))
        }
      case .not: tokens.append(ExpressionToken(.not, column: column))
      case .and: tokens.append(ExpressionToken(.and, column: column))
      case .or: tokens.append(ExpressionToken(.or, column: column))
      case .implies, .equivalent:
        implications += 1
        guard implications <= Self.maximumImplications else {
          throw error(
            token.line, .limit,
            "a constraint with more than \(Self.maximumImplications) '=>' and '<=>'")
        }
        tokens.append(
          ExpressionToken(token.kind == .implies ? .implies : .equivalent, column: column))
      case .openParen: tokens.append(ExpressionToken(.open, column: column))
      case .closeParen: tokens.append(ExpressionToken(.close, column: column))
      case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .plus, .minus, .star,
        .slash:
        if [.plus, .minus, .star, .slash].contains(token.kind) { operators += 1 }
        tokens.append(ExpressionToken(Self.operatorKind(token.kind), column: column))
      case .integer, .decimal:
        let before = tokens.count
        Self.appendNumber(lexer.source(token), column: column, to: &tokens)
        // `x -1` is a subtraction.
        operators += tokens.count - before - 1
      case .string:
        throw error(
          token.line, .unsupported,
          "the string \(quote(token)) in a constraint is beyond the arithmetic level "
            + "(string constraints are not read)")
      case .indent:
        throw error(
          token.line, .syntax,
          "unexpected indentation in a constraint; a constraint continues on the next line only "
            + "inside parentheses")
      case .dedent, .end, .newline:
        throw error(token.line, .syntax, "the constraint in the attributes is not closed")
      default:
        throw error(token.line, .syntax, "unexpected \(quote(token)) in a constraint")
      }
      guard operators <= Self.maximumArithmeticOperators else {
        throw error(
          token.line, .limit,
          "a constraint with more than \(Self.maximumArithmeticOperators) arithmetic operators")
      }
      if feature == nil {
        token = try lexer.next()
      } else {
        token = try lexer.peek()
        if ![.comma, .closeBrace, .closeBracket].contains(token.kind) { _ = try lexer.next() }
      }
    }
    guard memory.charge(1, of: UVLMemoryBudget.constraintCost),
      memory.charge(tokens.count, of: UVLMemoryBudget.tokenCost)
    else { throw memory.error(file: model.file, line: first.line) }
    let text = lexer.collapsedSource(first.start, max(last.end, first.start))
    try markNumbers(&tokens, base: base, line: first.line)
    let expression: Expression
    do {
      expression = try ExpressionParser.parse(tokens, endColumn: last.end - base + 1)
    } catch {
      let line = self.line(at: base + error.column - 1, from: base, line: first.line)
      let quoted = text.isEmpty ? "" : " in the constraint \(UVLError.quote(text))"
      // The shared parser's one limit (its nesting) is a limit here too, not a syntax error.
      let kind: UVLError.Kind = error.message.hasPrefix("nested more than") ? .limit : .syntax
      throw self.error(line, kind, error.message + quoted)
    }
    model.constraints.append(
      UVLConstraint(
        expression: expression, line: first.line, text: text,
        lineStarts: last.line > first.line ? lineStarts(from: base, to: last.end) : []))
    constraintBases.append(base)
  }

  /// The offset of the start of the line holding `offset`.
  private func lineStart(of offset: Int) -> Int {
    var index = offset
    while index > 0, lexer.bytes[index - 1] != UInt8(ascii: "\n"),
      lexer.bytes[index - 1] != UInt8(ascii: "\r")
    {
      index -= 1
    }
    return index
  }

  /// The line of `offset`, counting line breaks from `base` (which is on line `line`).
  func line(at offset: Int, from base: Int, line: Int) -> Int {
    var count = line
    var index = base
    let end = min(offset, lexer.bytes.count)
    while index < end {
      let byte = lexer.bytes[index]
      if byte == UInt8(ascii: "\n") {
        count += 1
      } else if byte == UInt8(ascii: "\r"),
        index + 1 >= lexer.bytes.count || lexer.bytes[index + 1] != UInt8(ascii: "\n")
      {
        count += 1
      }
      index += 1
    }
    return count
  }

  // MARK: - Names

  /// Checks that every constraint names declared features, with a did-you-mean hint.
  mutating func resolveConstraints() throws(UVLError) {
    var names: [String]?
    for (index, constraint) in model.constraints.enumerated() {
      if let atom = constraint.expression.firstAtom(where: { featureIndex[$0] == nil }) {
        let base = constraintBases[index]
        let line = self.line(at: base + atom.column - 1, from: base, line: constraint.line)
        if let dot = atom.name.lastIndex(of: "."),
          let owner = featureIndex[String(atom.name[..<dot])]
        {
          let key = String(atom.name[atom.name.index(after: dot)...])
          if model.features[owner].attributes.contains(where: { $0.key == key }) {
            throw error(
              line, .invalid,
              "\(UVLError.quote(atom.name)) is the attribute \(UVLError.quote(key)) of a "
                + "feature, a number: compare it (\(atom.name) > 0) to use it in a constraint")
          }
        }
        if names == nil { names = model.features.map(\.name) }
        let hint = Self.suggestion(for: atom.name, in: names ?? []).map {
          "; did you mean \(UVLError.quote($0))?"
        }
        throw error(
          line, .invalid,
          "unknown feature \(UVLError.quote(atom.name)) in the constraint "
            + "\(UVLError.quote(constraint.text))\(hint ?? "")")
      }
      for value in constraint.expression.attributeValues where featureIndex[value.feature] == nil {
        let base = constraintBases[index]
        let line = self.line(at: base + value.column - 1, from: base, line: constraint.line)
        if names == nil { names = model.features.map(\.name) }
        let hint = Self.suggestion(for: value.feature, in: names ?? []).map {
          "; did you mean \(UVLError.quote($0))?"
        }
        throw error(
          line, .invalid,
          "unknown feature \(UVLError.quote(value.feature)) in "
            + "\(UVLError.quote(value.feature + "." + value.attribute)) in the constraint "
            + "\(UVLError.quote(constraint.text))\(hint ?? "")")
      }
    }
  }

  /// The nearest feature name, comparing only names of a similar length so a long mistyped
  /// name against many features stays cheap.
  static func suggestion(for name: String, in names: [String]) -> String? {
    // One edit turns any one- or two-letter name into another: no hint is better than a
    // random one. Past 200 characters a name is no typo.
    guard name.utf8.count <= 800 else { return nil }
    let length = name.count
    guard length >= 3, length <= 200 else { return nil }
    let limit = max(1, length / 3)
    let close = names.filter { abs($0.count - length) <= limit }
    return Suggestion.nearest(to: name, in: close)
  }
}
