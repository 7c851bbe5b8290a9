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
    while index < bytes.count {
      let byte = bytes[index]
      let column = index + 1
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        index += 1
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
      case _ where isWordByte(byte):
        var end = index
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        let name = String(decoding: bytes[index..<end], as: UTF8.self)
        // `=` followed by `>` is an implication, not the middle of an atom.
        guard end < bytes.count, bytes[end] == UInt8(ascii: "="), !starts(with: "=>", at: end)
        else {
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
        tokens.append(ExpressionToken(.atom(atom), column: column))
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
