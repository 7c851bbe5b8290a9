/// Attributes in `{…}`: kept as text, with `abstract`, `price` and the numbers of the others
/// read for the feature.
extension UVLParser {
  /// The deepest nesting of attribute values (lists and objects) accepted.
  static let maximumValueDepth = 64

  /// Reads a feature's `{…}` block.
  mutating func parseAttributes(of feature: Int) throws(UVLError) {
    let featureName = UVLError.quote(model.features[feature].name)
    _ = try lexer.next()
    if try lexer.peek().kind == .closeBrace {
      _ = try lexer.next()
      return
    }
    var keys: Set<String> = []
    while true {
      let keyToken = try lexer.next()
      guard keyToken.isName else {
        throw error(
          keyToken.line, .syntax,
          "expected an attribute name in the attributes of \(featureName), found \(quote(keyToken))"
        )
      }
      let key = try lexer.name(keyToken)
      if keyToken.kind == .word, key == "constraint" {
        try parseConstraint(first: try lexer.next(), feature: feature)
      } else if keyToken.kind == .word, key == "constraints" {
        try parseConstraintList(of: feature)
      } else {
        var value: (start: Int, end: Int, first: UVLToken)?
        let next = try lexer.peek()
        if next.kind != .comma, next.kind != .closeBrace {
          value = try parseValue(key: key, of: featureName, depth: 1)
        }
        guard keys.insert(key).inserted else {
          throw error(
            keyToken.line, .invalid,
            "duplicate attribute \(UVLError.quote(key)) on the feature \(featureName)")
        }
        var text: String?
        if let value { text = try lexer.validText(value.start, value.end, line: value.first.line) }
        try apply(key: key, value: text, token: value?.first ?? keyToken, to: feature)
        model.features[feature].attributes.append(UVLAttribute(key: key, value: text))
      }
      let separator = try lexer.next()
      if separator.kind == .closeBrace { return }
      guard separator.kind == .comma else {
        throw error(
          separator.line, .syntax,
          "expected ',' or '}' after the attribute \(UVLError.quote(key)) of \(featureName), "
            + "found \(quote(separator))")
      }
    }
  }

  /// Reads one value: a number, a string, `true`/`false`, a list `[…]` or an object `{…}`.
  ///
  /// - Returns: The value's byte range and its first token.
  private mutating func parseValue(key: String, of featureName: String, depth: Int)
    throws(UVLError) -> (start: Int, end: Int, first: UVLToken)
  {
    let token = try lexer.next()
    switch token.kind {
    case .string, .integer, .decimal, .cardinality:
      return (token.start, token.end, token)
    case .word where lexer.keyword(token) == "true" || lexer.keyword(token) == "false":
      return (token.start, token.end, token)
    case .openBrace, .openBracket:
      guard depth < Self.maximumValueDepth else {
        throw error(
          token.line, .limit, "attribute values nested more than \(Self.maximumValueDepth) deep")
      }
      let isObject = token.kind == .openBrace
      let closing: UVLToken.Kind = isObject ? .closeBrace : .closeBracket
      if try lexer.peek().kind == closing {
        let close = try lexer.next()
        return (token.start, close.end, token)
      }
      while true {
        if isObject {
          let inner = try lexer.next()
          guard inner.isName else {
            throw error(
              inner.line, .syntax,
              "expected an attribute name inside the value of \(UVLError.quote(key)), found "
                + quote(inner))
          }
          let next = try lexer.peek()
          if next.kind != .comma, next.kind != closing {
            _ = try parseValue(key: try lexer.name(inner), of: featureName, depth: depth + 1)
          }
        } else {
          _ = try parseValue(key: key, of: featureName, depth: depth + 1)
        }
        let separator = try lexer.next()
        if separator.kind == closing { return (token.start, separator.end, token) }
        guard separator.kind == .comma else {
          throw error(
            separator.line, .syntax,
            "expected ',' or '\(isObject ? "}" : "]")' in the value of \(UVLError.quote(key)), "
              + "found \(quote(separator))")
        }
      }
    default:
      let hint = token.kind == .quotedName ? " (strings are written in single quotes)" : ""
      throw error(
        token.line, .syntax,
        "unexpected \(quote(token)) as the value of the attribute \(UVLError.quote(key)) of "
          + "\(featureName)\(hint)")
    }
  }

  /// Reads what the configurator uses from an attribute: `abstract`, `price`, and any other
  /// attribute's number (SPEC §13).
  private mutating func apply(key: String, value: String?, token: UVLToken, to feature: Int)
    throws(UVLError)
  {
    let featureName = UVLError.quote(model.features[feature].name)
    switch key {
    case "abstract":
      switch value {
      case nil, "true": model.features[feature].isAbstract = true
      case "false": model.features[feature].isAbstract = false
      case let other?:
        throw error(
          token.line, .invalid,
          "the attribute 'abstract' of \(featureName) must be true or false, found "
            + UVLError.quote(other))
      }
    case "price":
      model.features[feature].price = try price(value, token: token, of: featureName)
    default:
      guard let value, token.kind == .integer || token.kind == .decimal else { return }
      if let number = AttributeValue(parsing: Self.decimalText(value)) {
        model.features[feature].numbers[key] = number
      } else if model.unreadableNumbers[key] == nil {
        model.unreadableNumbers[key] = UVLUnreadableNumber(
          feature: model.features[feature].name, text: value, line: token.line)
      }
    }
  }

  /// A `price` value as an exact amount: a decimal number, at least 0, at most 2 decimals.
  private func price(_ value: String?, token: UVLToken, of featureName: String)
    throws(UVLError) -> Price
  {
    guard let value, token.kind == .integer || token.kind == .decimal else {
      let found = value.map(UVLError.quote) ?? "nothing"
      throw error(
        token.line, .invalid,
        "the price of \(featureName) must be a decimal amount like 850.00, found \(found)")
    }
    if value.hasPrefix("-") {
      throw error(
        token.line, .invalid,
        "the price \(UVLError.quote(value)) of \(featureName) is negative; a surcharge is at "
          + "least 0")
    }
    if let point = value.firstIndex(of: "."), value.distance(from: point, to: value.endIndex) > 3 {
      throw error(
        token.line, .invalid,
        "the price \(UVLError.quote(value)) of \(featureName) has more than 2 decimals")
    }
    guard let price = Price(dollars: value.hasPrefix(".") ? "0" + value : value) else {
      throw error(
        token.line, .invalid, "the price \(UVLError.quote(value)) of \(featureName) is too large")
    }
    return price
  }

  /// Reads `constraints [c, …]` inside a feature's attributes.
  private mutating func parseConstraintList(of feature: Int) throws(UVLError) {
    let open = try lexer.next()
    guard open.kind == .openBracket else {
      throw error(
        open.line, .syntax, "expected '[' after 'constraints' in attributes, found \(quote(open))")
    }
    if try lexer.peek().kind == .closeBracket {
      _ = try lexer.next()
      return
    }
    while true {
      try parseConstraint(first: try lexer.next(), feature: feature)
      let separator = try lexer.next()
      if separator.kind == .closeBracket { return }
      guard separator.kind == .comma else {
        throw error(
          separator.line, .syntax,
          "expected ',' or ']' in the constraint list, found \(quote(separator))")
      }
    }
  }
}
