/// One token of a Boolean expression; each reader (catalog rules, UVL constraints) has its own
/// lexer for atoms and shares this grammar.
package struct ExpressionToken: Hashable, Sendable {
  /// What the token is.
  package enum Kind: Hashable, Sendable {
    case atom(String)
    case constant(Bool)
    case not, and, or, implies, equivalent, open, close
    /// A decimal constant as written (`3500`).
    case number(String)
    /// `sum(ATTR)` or `avg(ATTR)`.
    case aggregate(Arithmetic.Aggregate, attribute: String)
    /// `ATOM.ATTR`.
    case value(atom: String, attribute: String)
    case plus, minus, times, divide
    case compare(Comparator)
  }

  /// What the token is.
  package let kind: Kind
  /// Where it starts, counted from 1 (a column, or an offset the reader maps to a line).
  package let column: Int

  /// Creates a token.
  package init(_ kind: Kind, column: Int) {
    self.kind = kind
    self.column = column
  }

  /// The token as written, for messages.
  package var text: String {
    switch kind {
    case .atom(let name): name
    case .constant(let value): value ? "true" : "false"
    case .not: "!"
    case .and: "&"
    case .or: "|"
    case .implies: "=>"
    case .equivalent: "<=>"
    case .open: "("
    case .close: ")"
    case .number(let text): text
    case .aggregate(let aggregate, let attribute): "\(aggregate.rawValue)(\(attribute))"
    case .value(let atom, let attribute): "\(atom).\(attribute)"
    case .plus: "+"
    case .minus: "-"
    case .times: "*"
    case .divide: "/"
    case .compare(let comparator): comparator.rawValue
    }
  }

  /// Whether the token can begin a number (an operand of a comparison).
  var beginsNumber: Bool {
    switch kind {
    case .number, .aggregate, .value, .minus: true
    default: false
    }
  }

  /// Whether the token is `(`, by its case alone (no payload compared).
  package var isOpen: Bool {
    if case .open = kind { true } else { false }
  }

  /// Whether the token is `)`.
  package var isClose: Bool {
    if case .close = kind { true } else { false }
  }

  /// Whether the token continues a number or compares it (`+`, `<=`, …).
  var continuesNumber: Bool {
    switch kind {
    case .plus, .minus, .times, .divide, .compare: true
    default: false
    }
  }
}

/// Why an expression could not be read: where, and what was expected.
package struct ExpressionSyntaxError: Error, Hashable, Sendable {
  /// Where the problem is, as the token's column (or the end of the text).
  package let column: Int
  /// What is wrong, naming the token found.
  package let message: String

  /// Creates a syntax error.
  ///
  /// - Parameters:
  ///   - column: Where the problem is.
  ///   - message: What is wrong.
  package init(column: Int, message: String) {
    self.column = column
    self.message = message
  }
}

/// The expression grammar of UVL constraints, used for catalog rules too.
///
/// Precedence from tightest: `!`, `&`, `|`, `=>`, `<=>`; binary operators associate to the left,
/// as UVL's grammar does (`a => b => c` is `(a => b) => c`). A comparison of two numbers
/// (`sum(weight) + 80 <= 3500`) stands where an atom may, its numbers with `-` (unary), then
/// `*` `/`, then `+` `-`, as UVL's arithmetic level writes them. Nesting is limited so a hostile
/// input cannot exhaust the stack.
package struct ExpressionParser {
  private let tokens: [ExpressionToken]
  private let endColumn: Int
  private var position = 0
  private var depth = 0

  /// The deepest nesting accepted: each open parenthesis, each `!` (a `!(` counting once)
  /// and each link of a `=>` or `<=>` chain is one level.
  package static let maximumDepth = 200

  /// Parses a whole token list as one expression.
  ///
  /// - Parameters:
  ///   - tokens: The tokens, in order.
  ///   - endColumn: The column just past the text, for "unexpected end" messages.
  /// - Returns: The expression.
  /// - Throws: ``ExpressionSyntaxError`` naming the first token that does not fit.
  package static func parse(_ tokens: [ExpressionToken], endColumn: Int)
    throws(ExpressionSyntaxError) -> Expression
  {
    var parser = ExpressionParser(tokens: tokens, endColumn: endColumn)
    let expression = try parser.parseLevel(.equivalent)
    if parser.position < tokens.count {
      let token = tokens[parser.position]
      throw ExpressionSyntaxError(
        column: token.column, message: "unexpected '\(token.text)' after a complete expression")
    }
    return expression
  }

  private init(tokens: [ExpressionToken], endColumn: Int) {
    self.tokens = tokens
    self.endColumn = endColumn
  }

  /// The binary operators, from loosest (`<=>`) to tightest (`&`): one level of the grammar
  /// each.
  private enum Level: Int {
    case equivalent, implies, or, and

    /// The next tighter level, or `nil` below `&` (unary expressions).
    var tighter: Level? { Level(rawValue: rawValue + 1) }

    /// Whether `kind` is this level's operator, by its case alone: no payload is compared
    /// or copied.
    func isOperator(_ kind: borrowing ExpressionToken.Kind) -> Bool {
      switch kind {
      case .equivalent: self == .equivalent
      case .implies: self == .implies
      case .or: self == .or
      case .and: self == .and
      default: false
      }
    }
  }

  /// One binary level; `nil` (below `&`) is a unary expression.
  private mutating func parseLevel(_ level: Level?) throws(ExpressionSyntaxError) -> Expression {
    guard let level else { return try parseUnary() }
    var left = try parseLevel(level.tighter)
    guard level == .and || level == .or else {
      // Each link of a chain nests the tree one level deeper, so it counts toward the limit.
      let entryDepth = depth
      defer { depth = entryDepth }
      while position < tokens.count, level.isOperator(tokens[position].kind) {
        try enter(column: tokens[position].column)
        position += 1
        let right = try parseLevel(level.tighter)
        left = level == .equivalent ? .equivalent(left, right) : .implies(left, right)
      }
      return left
    }
    // Most operands stand alone: the list is made only for a second one.
    guard position < tokens.count, level.isOperator(tokens[position].kind) else { return left }
    var operands = [left]
    while position < tokens.count, level.isOperator(tokens[position].kind) {
      position += 1
      operands.append(try parseLevel(level.tighter))
    }
    return level == .and ? .and(operands) : .or(operands)
  }

  private mutating func parseUnary() throws(ExpressionSyntaxError) -> Expression {
    guard position < tokens.count else {
      throw ExpressionSyntaxError(
        column: endColumn, message: "the expression ends where a name or '(' was expected")
    }
    let token = tokens[position]
    if token.beginsNumber || (token.isOpen && parenthesisBeginsNumber()) {
      return try parseComparison()
    }
    position += 1
    switch token.kind {
    case .atom(let name): return .atom(name, column: token.column)
    case .constant(let value): return .constant(value)
    case .not:
      // `!(` is one level of nesting, not two: the parenthesis counts it.
      guard position >= tokens.count || !tokens[position].isOpen else {
        return .not(try parseUnary())
      }
      try enter(column: token.column)
      defer { depth -= 1 }
      return .not(try parseUnary())
    case .open:
      try enter(column: token.column)
      defer { depth -= 1 }
      let inner = try parseLevel(.equivalent)
      try close(token)
      return inner
    default:
      throw ExpressionSyntaxError(
        column: token.column, message: "unexpected '\(token.text)' where a name or '(' was expected"
      )
    }
  }

  /// Whether the parenthesis at `position` encloses a number: its match is followed by an
  /// arithmetic operator or a comparison (`(a + b) * 2 > c`).
  private func parenthesisBeginsNumber() -> Bool {
    var level = 0
    var index = position
    while index < tokens.count {
      switch tokens[index].kind {
      case .open: level += 1
      case .close:
        level -= 1
        if level == 0 { return index + 1 < tokens.count && tokens[index + 1].continuesNumber }
      default: break
      }
      index += 1
    }
    return false
  }

  private mutating func parseComparison() throws(ExpressionSyntaxError) -> Expression {
    let left = try parseSum()
    guard position < tokens.count, case .compare(let comparator) = tokens[position].kind else {
      let column = position < tokens.count ? tokens[position].column : endColumn
      let found = position < tokens.count ? "'\(tokens[position].text)'" : "the end"
      throw ExpressionSyntaxError(
        column: column,
        message: "expected a comparison ('<', '<=', '==', '!=', '>=', '>') after a number, "
          + "found \(found)")
    }
    let column = tokens[position].column
    position += 1
    let right = try parseSum()
    return .comparison(left, comparator, right, column: column)
  }

  /// `a + b - c`
  private mutating func parseSum() throws(ExpressionSyntaxError) -> Arithmetic {
    var left = try parseProduct()
    while position < tokens.count {
      switch tokens[position].kind {
      case .plus:
        position += 1
        left = .add(left, try parseProduct())
      case .minus:
        position += 1
        left = .subtract(left, try parseProduct())
      default: return left
      }
    }
    return left
  }

  /// `a * b / c`
  private mutating func parseProduct() throws(ExpressionSyntaxError) -> Arithmetic {
    var left = try parseFactor()
    while position < tokens.count {
      let token = tokens[position]
      switch token.kind {
      case .times:
        position += 1
        left = .multiply(left, try parseFactor(), column: token.column)
      case .divide:
        position += 1
        left = .divide(left, try parseFactor(), column: token.column)
      default: return left
      }
    }
    return left
  }

  /// A number, `sum(a)`, `avg(a)`, `ATOM.a`, `-f` or `(sum)`.
  private mutating func parseFactor() throws(ExpressionSyntaxError) -> Arithmetic {
    guard position < tokens.count else {
      throw ExpressionSyntaxError(
        column: endColumn, message: "the expression ends where a number was expected")
    }
    let token = tokens[position]
    position += 1
    switch token.kind {
    case .number(let text): return .number(text, column: token.column)
    case .aggregate(let aggregate, let attribute):
      return .aggregate(aggregate, attribute: attribute, column: token.column)
    case .value(let atom, let attribute):
      return .value(atom: atom, attribute: attribute, column: token.column)
    case .minus:
      try enter(column: token.column)
      defer { depth -= 1 }
      return .negate(try parseFactor())
    case .open:
      try enter(column: token.column)
      defer { depth -= 1 }
      let inner = try parseSum()
      try close(token)
      return inner
    default:
      throw ExpressionSyntaxError(
        column: token.column, message: "unexpected '\(token.text)' where a number was expected")
    }
  }

  /// Takes the `)` that closes the `(` of `open`, or says what stands there instead.
  private mutating func close(_ open: ExpressionToken) throws(ExpressionSyntaxError) {
    guard position < tokens.count, tokens[position].isClose else {
      let column = position < tokens.count ? tokens[position].column : endColumn
      let found = position < tokens.count ? "'\(tokens[position].text)'" : "the end"
      throw ExpressionSyntaxError(
        column: column,
        message: "expected ')' to close the '(' at column \(open.column), found \(found)")
    }
    position += 1
  }

  private mutating func enter(column: Int) throws(ExpressionSyntaxError) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw ExpressionSyntaxError(
        column: column, message: "nested more than \(Self.maximumDepth) levels deep")
    }
  }
}
