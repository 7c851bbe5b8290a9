/// Reads the tokens of one UVL file into a checked ``UVLModel``.
///
/// The grammar is the reference one (`uvl-parser`'s `UVLParser.g4`) restricted to the Boolean
/// and arithmetic levels: `namespace`, `include` of those levels, `features` with `mandatory`,
/// `optional`, `alternative`, `or` and cardinality groups, attributes, and `constraints` over
/// `! & | => <=>` with comparisons of `sum`, `avg`, `FEATURE.ATTR`, numbers and `+ - * /`.
/// What lies beyond it is refused with its line, never skipped.
///
/// The feature tree is read with an explicit stack, not recursion, so depth costs heap, not
/// stack; it is still limited (``maximumDepth``) so consumers that walk the tree stay safe.
struct UVLParser {
  var lexer: UVLLexer
  var model: UVLModel
  /// Each feature's index by name.
  var featureIndex: [String: Int] = [:]
  /// For each constraint, the offset of the start of its first line: atom columns count from
  /// there, so a column maps back to a line.
  var constraintBases: [Int] = []
  /// What the model read so far will take once compiled (see ``UVLMemoryBudget``).
  var memory: UVLMemoryBudget

  /// The deepest nesting of features accepted.
  static let maximumDepth = 1_000

  /// Creates a parser over a file's bytes.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - file: The source name for messages.
  init(bytes: [UInt8], file: String) {
    lexer = UVLLexer(bytes: bytes, file: file)
    model = UVLModel(file: file)
    memory = UVLMemoryBudget(fileSize: bytes.count)
  }

  /// Reads the whole file.
  ///
  /// - Returns: The checked model.
  /// - Throws: ``UVLError`` for the first problem, with its line.
  mutating func parse() throws(UVLError) -> UVLModel {
    try parseSections()
    try resolveConstraints()
    return model
  }

  /// An error on a line.
  func error(_ line: Int?, _ kind: UVLError.Kind, _ message: String) -> UVLError {
    lexer.error(line, kind, message)
  }

  /// A token quoted for a message (`'alternative'`, or `end of line`).
  func quote(_ token: UVLToken) -> String {
    switch token.kind {
    case .newline, .indent, .dedent, .end: lexer.source(token)
    default: UVLError.quote(lexer.source(token))
    }
  }

  // MARK: - Sections

  private enum Section: Int {
    case namespace, include, imports, features, constraints

    init?(_ keyword: String) {
      switch keyword {
      case "namespace": self = .namespace
      case "include": self = .include
      case "imports": self = .imports
      case "features": self = .features
      case "constraints": self = .constraints
      default: return nil
      }
    }
  }

  private mutating func parseSections() throws(UVLError) {
    var last: Section?
    var lastToken: UVLToken?
    while true {
      let token = try lexer.next()
      switch token.kind {
      case .end:
        guard !model.features.isEmpty else {
          throw error(nil, .invalid, "no features: a model needs a 'features' section with a root")
        }
        return
      case .newline: continue
      case .indent:
        let next = try lexer.peek()
        throw error(
          token.line, .syntax,
          "unexpected indentation before \(quote(next)); sections start at the beginning of a line"
        )
      case .word:
        let keyword = lexer.source(token)
        guard let section = Section(keyword) else { break }
        if let last, let lastToken, section.rawValue <= last.rawValue {
          let earlier = lexer.source(lastToken)
          throw error(
            token.line, .syntax,
            section == last
              ? "a second '\(keyword)' section (the first is on line \(lastToken.line))"
              : "'\(keyword)' must come before '\(earlier)' (line \(lastToken.line))")
        }
        last = section
        lastToken = token
        try parseSection(section, token)
        continue
      default: break
      }
      throw error(
        token.line, .syntax,
        "unexpected \(quote(token)); expected namespace, include, imports, features or constraints")
    }
  }

  private mutating func parseSection(_ section: Section, _ keyword: UVLToken) throws(UVLError) {
    switch section {
    case .namespace:
      let first = try lexer.next()
      guard first.isName else {
        throw error(first.line, .syntax, "expected a name after 'namespace', found \(quote(first))")
      }
      model.namespace = try parseReference(first)
      try expectLineEnd(after: "the namespace")
    case .include:
      try expectLineEnd(after: "'include'")
      try parseIncludes()
    case .imports:
      throw error(
        keyword.line, .unsupported,
        "'imports' (composing models from other files) is beyond the arithmetic level")
    case .features:
      try expectLineEnd(after: "'features'")
      let indent = try lexer.next()
      guard indent.kind == .indent else {
        throw error(
          indent.line, .invalid, "the 'features' section is empty; it needs a root feature")
      }
      try parseFeatureTree()
    case .constraints:
      try expectLineEnd(after: "'constraints'")
      guard try lexer.peek().kind == .indent else { return }
      _ = try lexer.next()
      while true {
        let token = try lexer.next()
        if token.kind == .dedent { return }
        try parseConstraint(first: token, feature: nil)
      }
    }
  }

  /// Consumes the end of a line (or of the file), or throws naming what is there instead.
  ///
  /// - Parameters:
  ///   - what: What the line holds (`the group`).
  ///   - token: A token quoted after `what` in the message, quoted only then.
  /// - Throws: ``UVLError`` naming the token found instead.
  mutating func expectLineEnd(after what: String, _ token: UVLToken? = nil) throws(UVLError) {
    let found = try lexer.next()
    guard found.kind == .newline || found.kind == .end else {
      let after = token.map { "\(what) \(quote($0))" } ?? what
      throw error(found.line, .syntax, "unexpected \(quote(found)) after \(after)")
    }
  }

  /// A name, dotted or not (`a.b."c d"`), as one string joined with `.`.
  mutating func parseReference(_ first: UVLToken) throws(UVLError) -> String {
    try parseReferenceWithEnd(first).name
  }

  /// ``parseReference(_:)`` with the name's last token, where its text ends (a constraint's
  /// text runs to it: `A => Trailer.Hitch` ends at `Hitch`, not at `Trailer`).
  mutating func parseReferenceWithEnd(_ first: UVLToken) throws(UVLError) -> (
    name: String, last: UVLToken
  ) {
    var name = try lexer.name(first)
    var last = first
    while try lexer.peek().kind == .dot {
      let dot = try lexer.next()
      let part = try lexer.next()
      guard part.isName else {
        throw error(
          dot.line, .syntax, "expected a name after '\(name).', found \(quote(part))")
      }
      name += "." + (try lexer.name(part))
      last = part
    }
    return (name, last)
  }

  /// The `include` block: language levels, one a line; the Boolean and arithmetic levels are
  /// read (`Arithmetic` and `Arithmetic.*` too, whose feature cardinalities are refused where a
  /// feature has one), `Type` and `Arithmetic.feature-cardinality` are refused.
  private mutating func parseIncludes() throws(UVLError) {
    guard try lexer.peek().kind == .indent else { return }
    _ = try lexer.next()
    while true {
      let first = try lexer.next()
      if first.kind == .dedent { return }
      var last = first
      while true {
        let token = try lexer.next()
        if token.kind == .newline || token.kind == .end { break }
        guard token.kind != .indent, token.kind != .dedent else {
          throw error(token.line, .syntax, "unexpected indentation in 'include'")
        }
        last = token
      }
      let level = lexer.source(first.start, last.end)
      let parts = level.split(separator: ".", omittingEmptySubsequences: false)
      let major = parts.first.map(String.init) ?? level
      let minor = parts.count == 2 ? String(parts[1]) : nil
      let known = [
        "group-cardinality", "feature-cardinality", "aggregate-function", "string-constraints", "*",
      ]
      guard parts.count <= 2, ["Boolean", "Arithmetic", "Type"].contains(major),
        minor.map({ known.contains($0) }) ?? true
      else {
        throw error(first.line, .syntax, "unknown language level \(UVLError.quote(level))")
      }
      let read =
        major == "Boolean"
        ? minor == nil || minor == "*" || minor == "group-cardinality"
        : major == "Arithmetic" && (minor == nil || minor == "*" || minor == "aggregate-function")
      guard read else {
        throw error(
          first.line, .unsupported,
          "language level \(UVLError.quote(level)) is beyond what is read (the Boolean and "
            + "arithmetic levels; no types, no feature cardinalities)")
      }
      model.languageLevels.append(level)
    }
  }
}
