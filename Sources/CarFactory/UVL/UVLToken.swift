/// One token of a UVL file: its kind, where its bytes are and the line it starts on.
///
/// Tokens keep byte offsets rather than text, so lexing allocates nothing; the parser turns
/// the few it keeps (names, attribute values) into strings.
struct UVLToken: Hashable, Sendable {
  /// What a token is.
  enum Kind: UInt8, Hashable, Sendable {
    /// An unquoted identifier or keyword (`features`, `N_100002__F_100015`).
    case word
    /// A double-quoted name (`"Heated Seats"`); its text excludes the quotes.
    case quotedName
    /// A single-quoted string (`'Candy White'`), an attribute value.
    case string
    /// An integer, possibly negative (`42`, `-3`).
    case integer
    /// A decimal number (`12.50`, `.5`, `-0.25`).
    case decimal
    /// A group cardinality written as one token (`[1..3]`, `[2]`, `[0..*]`).
    case cardinality
    /// Punctuation: `.` between the parts of a dotted name, `,` between attributes.
    case dot, comma
    /// Brackets; line breaks inside them are blanks.
    case openBrace, closeBrace, openBracket, closeBracket, openParen, closeParen
    /// Boolean operators: `!`, `&`, `|`, `=>`, `<=>`.
    case not, and, or, implies, equivalent
    /// Comparisons (`==`, `!=`, `<`, `<=`, `>`, `>=`): the arithmetic level.
    case equal, notEqual, less, lessEqual, greater, greaterEqual
    /// Arithmetic (`+`, `-`, `*`, `/`): the arithmetic level (`*` also in `Boolean.*`).
    case plus, minus, star, slash
    /// The end of a logical line (never inside brackets).
    case newline
    /// A line indented deeper than the one before.
    case indent
    /// A line indented less: one per level closed.
    case dedent
    /// The end of the file; repeated if asked again.
    case end
  }

  /// What the token is.
  var kind: Kind
  /// The offset of its first byte.
  var start: Int
  /// The offset just past its last byte.
  var end: Int
  /// The line it starts on, counted from 1.
  var line: Int

  /// Whether the token can start a name (a reference).
  var isName: Bool { kind == .word || kind == .quotedName }
}
