package import ConfigurationEngine

/// Splits a catalog rule (`extras=tow => !(paint=red & drive=4wd)`) into the tokens of the one
/// expression grammar (``ExpressionParser``); atoms are `NAME=VALUE` with names and values of
/// letters, digits, `-`, `_` and `.`, and `true` / `false` are constants.
package enum RuleLexer {
  /// The longest rule text read, so a hostile catalog cannot make one rule cost much.
  static let maximumLength = 4096

  /// The tokens of a rule.
  ///
  /// - Parameter text: The rule as written in the catalog.
  /// - Returns: Its tokens, columns counted in bytes from 1.
  /// - Throws: ``ExpressionSyntaxError`` naming the first thing that is not a token.
  package static func tokens(_ text: String) throws(ExpressionSyntaxError) -> [ExpressionToken] {
    let bytes = Array(text.utf8)
    guard bytes.count <= maximumLength else {
      throw ExpressionSyntaxError(
        column: maximumLength, message: "the rule is longer than \(maximumLength) bytes")
    }
    var tokens: [ExpressionToken] = []
    var index = 0
    func isWordByte(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
        UInt8(ascii: "."):
        true
      default: false
      }
    }
    func starts(with operator: String, at position: Int) -> Bool {
      let operatorBytes = Array(`operator`.utf8)
      guard position + operatorBytes.count <= bytes.count else { return false }
      return Array(bytes[position..<position + operatorBytes.count]) == operatorBytes
    }
    /// The comparison starting at `position` and its length in bytes.
    func comparator(at position: Int) -> (Comparator, Int)? {
      for comparator in [Comparator.lessOrEqual, .greaterOrEqual, .equal, .less, .greater]
      where starts(with: comparator.rawValue, at: position) {
        return (comparator, comparator.rawValue.utf8.count)
      }
      return nil
    }
    /// The length of a number (`3500`, `1320.5`) starting the word `position..<wordEnd`, if
    /// the word is one or is one followed by `-` (`3500-sum(weight)`).
    func numberLength(at position: Int, wordEnd: Int) -> Int? {
      func isDigit(_ at: Int) -> Bool {
        at < wordEnd && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at])
      }
      var end = position
      while isDigit(end) { end += 1 }
      guard end > position else { return nil }
      if end < wordEnd, bytes[end] == UInt8(ascii: "."), isDigit(end + 1) {
        end += 1
        while isDigit(end) { end += 1 }
      }
      return end == wordEnd || bytes[end] == UInt8(ascii: "-") ? end - position : nil
    }
    /// `sum(ATTR)` or `avg(ATTR)` when `name` is one and `(` follows; the length from `end`.
    func aggregate(_ name: String, at end: Int, column: Int) throws(ExpressionSyntaxError)
      -> (ExpressionToken, Int)?
    {
      guard let kind = Arithmetic.Aggregate(rawValue: name.lowercased()), end < bytes.count,
        bytes[end] == UInt8(ascii: "(")
      else { return nil }
      var start = end + 1
      while start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
      var stop = start
      while stop < bytes.count, isWordByte(bytes[stop]) { stop += 1 }
      var close = stop
      while close < bytes.count, bytes[close] == UInt8(ascii: " ") { close += 1 }
      guard stop > start, close < bytes.count, bytes[close] == UInt8(ascii: ")") else {
        throw ExpressionSyntaxError(
          column: end + 2, message: "'\(name)(' needs an attribute and ')', like \(name)(weight)")
      }
      let attribute = String(decoding: bytes[start..<stop], as: UTF8.self)
      return (
        ExpressionToken(.aggregate(kind, attribute: attribute), column: column), close + 1 - end
      )
    }
    while index < bytes.count {
      let byte = bytes[index]
      let column = index + 1
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        index += 1
      case UInt8(ascii: "!") where starts(with: "!=", at: index):
        tokens.append(ExpressionToken(.compare(.notEqual), column: column))
        index += 2
      case UInt8(ascii: "!"):
        tokens.append(ExpressionToken(.not, column: column))
        index += 1
      case UInt8(ascii: "&"):
        tokens.append(ExpressionToken(.and, column: column))
        index += 1
      case UInt8(ascii: "|"):
        tokens.append(ExpressionToken(.or, column: column))
        index += 1
      case UInt8(ascii: "("):
        tokens.append(ExpressionToken(.open, column: column))
        index += 1
      case UInt8(ascii: ")"):
        tokens.append(ExpressionToken(.close, column: column))
        index += 1
      case UInt8(ascii: "=") where starts(with: "=>", at: index):
        tokens.append(ExpressionToken(.implies, column: column))
        index += 2
      case UInt8(ascii: "<") where starts(with: "<=>", at: index):
        tokens.append(ExpressionToken(.equivalent, column: column))
        index += 3
      case UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"):
        guard let (comparator, length) = comparator(at: index) else {
          throw ExpressionSyntaxError(
            column: column, message: "unexpected '='; write '==' to compare")
        }
        tokens.append(ExpressionToken(.compare(comparator), column: column))
        index += length
      case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"):
        let kind: ExpressionToken.Kind =
          switch byte {
          case UInt8(ascii: "+"): .plus
          case UInt8(ascii: "-"): .minus
          case UInt8(ascii: "*"): .times
          default: .divide
          }
        tokens.append(ExpressionToken(kind, column: column))
        index += 1
      case _ where isWordByte(byte):
        var end = index
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        let name = String(decoding: bytes[index..<end], as: UTF8.self)
        // `=` followed by `>` is an implication, `==` a comparison: not the middle of an atom.
        guard end < bytes.count, bytes[end] == UInt8(ascii: "="), !starts(with: "=>", at: end),
          !starts(with: "==", at: end)
        else {
          if let length = numberLength(at: index, wordEnd: end) {
            let text = String(decoding: bytes[index..<index + length], as: UTF8.self)
            tokens.append(ExpressionToken(.number(text), column: column))
            index += length
            continue
          }
          if let (token, length) = try aggregate(name, at: end, column: column) {
            tokens.append(token)
            index = end + length
            continue
          }
          switch name.lowercased() {
          case "true": tokens.append(ExpressionToken(.constant(true), column: column))
          case "false": tokens.append(ExpressionToken(.constant(false), column: column))
          default:
            throw ExpressionSyntaxError(
              column: column,
              message: "'\(name)' is not an atom; write SLOT=VALUE or GROUP=CHOICE")
          }
          index = end
          continue
        }
        var valueEnd = end + 1
        while valueEnd < bytes.count, isWordByte(bytes[valueEnd]) { valueEnd += 1 }
        guard valueEnd > end + 1 else {
          throw ExpressionSyntaxError(
            column: end + 2, message: "'\(name)=' needs a value after '='")
        }
        let atom = String(decoding: bytes[index..<valueEnd], as: UTF8.self)
        // Catalog values have no `.`, so `GROUP=CHOICE.ATTR` is that choice's number.
        if let dot = atom.firstIndex(of: ".") {
          let attribute = String(atom[atom.index(after: dot)...])
          guard !attribute.isEmpty else {
            throw ExpressionSyntaxError(
              column: valueEnd + 1, message: "'\(atom)' needs an attribute after '.'")
          }
          tokens.append(
            ExpressionToken(
              .value(atom: String(atom[..<dot]), attribute: attribute), column: column))
        } else {
          tokens.append(ExpressionToken(.atom(atom), column: column))
        }
        index = valueEnd
      default:
        let character = String(decoding: bytes[index..<min(index + 4, bytes.count)], as: UTF8.self)
          .prefix(1)
        throw ExpressionSyntaxError(column: column, message: "unexpected '\(character)'")
      }
    }
    return tokens
  }
}
