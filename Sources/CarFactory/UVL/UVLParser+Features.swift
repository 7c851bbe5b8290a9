/// The feature tree: features and their groups, read with an explicit stack.
extension UVLParser {
  private enum Frame {
    /// Inside a feature's block: its groups come next.
    case feature(Int)
    /// Inside a group's block: its member features come next.
    case group(Int)
  }

  private static let groupKeywords: [StaticString] = ["mandatory", "optional", "alternative", "or"]
  private static let typeKeywords: [StaticString] = ["Boolean", "Integer", "String", "Real"]

  /// Reads the tree after `features`, its line break and the indentation of the root.
  mutating func parseFeatureTree() throws(UVLError) {
    let rootToken = try lexer.next()
    let root = try parseFeature(rootToken, group: nil)
    var stack: [Frame] = []
    if try openBlock() { stack.append(.feature(root)) }
    while let frame = stack.last {
      let token = try lexer.next()
      if token.kind == .dedent {
        stack.removeLast()
        if case .group(let group) = frame { try checkCardinality(of: group) }
        continue
      }
      switch frame {
      case .feature(let parent):
        let kind = try groupKind(token, under: parent)
        try expectLineEnd(after: "the group", token)
        let group = model.groups.count
        model.groups.append(UVLGroup(kind: kind, parent: parent, line: token.line))
        model.features[parent].childGroups.append(group)
        guard try openBlock() else {
          throw error(
            token.line, .invalid,
            "empty group \(quote(token)) under \(UVLError.quote(model.features[parent].name)); "
              + "indent its features below it")
        }
        stack.append(.group(group))
      case .group(let group):
        // The stack holds a feature and a group for every level above this feature.
        guard stack.count / 2 < Self.maximumDepth else {
          throw error(
            token.line, .limit, "features nested more than \(Self.maximumDepth) levels deep")
        }
        let feature = try parseFeature(token, group: group)
        model.groups[group].members.append(feature)
        if try openBlock() { stack.append(.feature(feature)) }
      }
    }
    let closing = try lexer.next()
    guard closing.kind == .dedent || closing.kind == .end else {
      let rootName = UVLError.quote(model.features[root].name)
      if closing.kind == .cardinality
        || Self.groupKeywords.contains(where: { lexer.isWord(closing, $0) })
      {
        throw error(
          closing.line, .syntax,
          "the group \(quote(closing)) must be indented below its feature \(rootName)")
      }
      throw error(
        closing.line, .syntax,
        "a second root \(quote(closing)); a model has one root feature, \(rootName) on line "
          + "\(model.features[root].line)")
    }
  }

  /// Consumes an `indent` if one comes next.
  private mutating func openBlock() throws(UVLError) -> Bool {
    guard try lexer.peek().kind == .indent else { return false }
    _ = try lexer.next()
    return true
  }

  /// Reads one feature line: `[Boolean] name [{attributes}]` and its line break.
  private mutating func parseFeature(_ token: UVLToken, group: Int?) throws(UVLError) -> Int {
    guard token.isName else {
      throw error(token.line, .syntax, "expected a feature name, found \(quote(token))")
    }
    var first = token
    if Self.groupKeywords.contains(where: { lexer.isWord(token, $0) }) {
      throw error(
        token.line, .syntax,
        "expected a feature name, found the group keyword \(quote(token)); indent a group below "
          + "its feature, or quote a feature named so")
    }
    if lexer.isWord(token, "true") || lexer.isWord(token, "false") {
      // Unquoted, these are constants in constraints; the grammar does not allow them as names.
      throw error(
        token.line, .syntax,
        "expected a feature name, found the constant \(quote(token)); quote a feature named so")
    }
    if Self.typeKeywords.contains(where: { lexer.isWord(token, $0) }), try lexer.peek().isName {
      let word = lexer.source(token)
      first = try lexer.next()
      guard word == "Boolean" else {
        let name = try parseReference(first)
        throw error(
          token.line, .unsupported,
          "typed feature \(UVLError.quote(name)) (\(word)) is beyond the arithmetic level")
      }
    }
    let name = try parseReference(first)
    let next = try lexer.peek()
    if lexer.isWord(next, "cardinality") {
      throw error(
        next.line, .unsupported,
        "feature cardinality of \(UVLError.quote(name)) is beyond the arithmetic level")
    }
    let index = model.features.count
    // One lookup: the name is entered as it is checked (a duplicate ends the read anyway).
    if let existing = featureIndex.updateValue(index, forKey: name) {
      throw error(
        token.line, .invalid,
        "duplicate feature name \(UVLError.quote(name)) (first declared on line "
          + "\(model.features[existing].line))")
    }
    guard memory.charge(1, of: UVLMemoryBudget.featureCost) else {
      throw memory.error(file: model.file, line: token.line)
    }
    model.features.append(UVLFeature(name: name, line: token.line, group: group))
    if next.kind == .openBrace { try parseAttributes(of: index) }
    let end = try lexer.next()
    guard end.kind == .newline || end.kind == .end else {
      throw error(
        end.line, .syntax, "unexpected \(quote(end)) after the feature \(UVLError.quote(name))")
    }
    return index
  }

  /// The kind of the group a keyword opens, or an error naming what is there instead.
  private func groupKind(_ token: UVLToken, under parent: Int) throws(UVLError) -> UVLGroupKind {
    switch token.kind {
    case .word:
      if lexer.isWord(token, "mandatory") { return .mandatory }
      if lexer.isWord(token, "optional") { return .optional }
      if lexer.isWord(token, "alternative") { return .alternative }
      if lexer.isWord(token, "or") { return .or }
    case .cardinality:
      return try cardinality(token)
    case .openBracket:
      var end = token.end
      while end < lexer.bytes.count, end - token.end < 40,
        ![UInt8(ascii: "]"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(lexer.bytes[end])
      {
        end += 1
      }
      if end < lexer.bytes.count, lexer.bytes[end] == UInt8(ascii: "]") { end += 1 }
      throw error(
        token.line, .syntax,
        "bad group cardinality \(UVLError.quote(lexer.source(token.start, end))); "
          + "write [n], [n..m] or [n..*]")
    default: break
    }
    let parentName = UVLError.quote(model.features[parent].name)
    throw error(
      token.line, .syntax,
      "expected a group (mandatory, optional, alternative, or, [n..m]) below \(parentName), "
        + "found \(quote(token))")
  }

  /// The bounds of a cardinality token (`[n]`, `[n..m]`, `[n..*]`).
  private func cardinality(_ token: UVLToken) throws(UVLError) -> UVLGroupKind {
    let text = lexer.source(token)
    let inner = text.dropFirst().dropLast()
    let parts = inner.split(separator: ".", omittingEmptySubsequences: true)
    guard let first = parts.first, let minimum = Int(first), minimum <= Int(Int32.max) else {
      throw error(token.line, .limit, "group cardinality \(UVLError.quote(text)) is too large")
    }
    guard let second = parts.dropFirst().first else {
      return .cardinality(minimum: minimum, maximum: minimum)
    }
    if second == "*" { return .cardinality(minimum: minimum, maximum: nil) }
    guard let maximum = Int(second), maximum <= Int(Int32.max) else {
      throw error(token.line, .limit, "group cardinality \(UVLError.quote(text)) is too large")
    }
    guard minimum <= maximum else {
      throw error(
        token.line, .invalid,
        "group cardinality \(text) has its lower bound above its upper bound")
    }
    return .cardinality(minimum: minimum, maximum: maximum)
  }

  /// Refuses a cardinality group whose lower bound its members cannot meet. An upper bound
  /// past the members binds nothing: `[1..3]` over two children means one or both, as
  /// flamapy reads it (``UVLGroupKind/bounds(members:)`` clamps it), so it is accepted.
  private func checkCardinality(of index: Int) throws(UVLError) {
    let group = model.groups[index]
    guard case .cardinality(let minimum, _) = group.kind else { return }
    let count = group.members.count
    let parent = UVLError.quote(model.features[group.parent].name)
    let children = count == 1 ? "1 child" : "\(count) children"
    if minimum > count {
      throw error(
        group.line, .invalid,
        "group cardinality \(group.kind.keyword) under \(parent) asks for more than its "
          + children)
    }
  }
}
