internal import Support

/// Why a UVL model was refused: the file, the line, what kind of problem, and what is wrong.
///
/// Models are refused whole. The message names the bad token; ``description`` is the one line
/// users see, `automotive01.uvl:3412: unknown feature 'N_1000'; did you mean 'N_100'?`.
public struct UVLError: Error, Hashable, Sendable {
  /// What sort of problem stopped the model, so callers (and the tally over many models) can
  /// tell a file that is wrong from one that is right but beyond what the configurator reads.
  package enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The text does not follow UVL's grammar (a stray token, bad indentation, an unclosed
    /// bracket, invalid UTF-8).
    case syntax
    /// Valid UVL beyond the arithmetic level: imports, typed features, feature cardinalities,
    /// string constraints, `len`, `floor`, `ceil`, non-linear arithmetic, other language levels.
    case unsupported
    /// Well-formed but meaningless: duplicate or unknown names, empty groups, impossible group
    /// cardinalities, a price that is not an amount.
    case invalid
    /// A size or nesting limit that protects memory and the stack.
    case limit
    /// The file could not be read.
    case unreadable
  }

  /// The file (or other source name) the model came from.
  package let file: String
  /// The line the problem is on, counted from 1; `nil` for the file as a whole.
  package let line: Int?
  /// The column in that line, counted from 1, where one is known (an arithmetic refusal).
  package let column: Int?
  /// What sort of problem it is.
  package let kind: Kind
  /// What is wrong, naming the bad token.
  package let message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - file: The source name.
  ///   - line: The line, or `nil` for the whole file.
  ///   - column: The column in the line, if known.
  ///   - kind: What sort of problem it is.
  ///   - message: What is wrong.
  package init(file: String, line: Int?, column: Int? = nil, kind: Kind, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.kind = kind
    self.message = message
  }

  /// The longest quoted value kept whole in a message; longer ones are shortened in the middle.
  static let quotedLimit = 60

  /// A value as messages quote it: in single quotes, shortened past ``quotedLimit`` characters
  /// (`'aaaa…zzzz'`). Control characters are escaped later, by ``description``.
  ///
  /// - Parameter text: The value.
  /// - Returns: The quoted value.
  static func quote(_ text: some StringProtocol) -> String {
    // Counted in scalars, not characters: a hostile value may be megabytes long.
    let scalars = text.unicodeScalars
    guard scalars.count > quotedLimit else { return "'\(text)'" }
    let half = quotedLimit / 2
    var head = String.UnicodeScalarView()
    head.append(contentsOf: scalars.prefix(half))
    var tail = String.UnicodeScalarView()
    tail.append(contentsOf: scalars.suffix(half))
    return "'\(String(head))…\(String(tail))' (\(text.utf8.count) bytes)"
  }
}

extension UVLError: CustomStringConvertible {
  /// The one-line message users see: `FILE:LINE: message`, `FILE:LINE:COLUMN: message` (or
  /// `FILE: message`), with control characters escaped so a hostile file cannot break the
  /// line or drive the terminal.
  public var description: String {
    var place = line.map { "\(file):\($0)" } ?? file
    if line != nil, let column { place += ":\(column)" }
    return "\(place): \(message)".escapingControlCharacters
  }
}
