package import Support

/// Reads UVL feature models (`.uvl` files) at the Boolean and arithmetic levels.
///
/// **Read**: `namespace`; `include` of `Boolean`, `Boolean.*`, `Boolean.group-cardinality`,
/// `Arithmetic`, `Arithmetic.*`, `Arithmetic.aggregate-function`;
/// the `features` tree with `mandatory`, `optional`, `alternative`, `or`, `[n]`, `[n..m]` and
/// `[n..*]` groups; unquoted names (`[A-Za-z][A-Za-z0-9_#%?\';]*`, non-ASCII letters too),
/// quoted names (`"Heated Seats"`, dots allowed inside, which the reference grammar forbids)
/// and dotted names (`a.b."c d"`, one name `a.b.c d`); a `Boolean` type before a name;
/// attributes in `{…}` with values kept as text (`abstract`, and a decimal `price`: the
/// surcharge in USD, exact, at most 2 decimals, at least 0; every other number is an exact
/// attribute value, SPEC §13); `constraint`/`constraints`
/// attributes (cross-tree constraints like the others); `constraints` over `! & | => <=>`,
/// parentheses, `true` and `false`, with UVL's precedence and left associativity, and
/// comparisons (`< <= == != >= >`) of `sum(ATTR)`, `avg(ATTR)`, `FEATURE.ATTR`, numbers,
/// `+ - * /`; `//` and `/* */` comments; LF, CRLF or CR line breaks; a UTF-8 byte order mark.
///
/// **Layout**: line breaks inside `( )`, `[ ]`, `{ }` are blanks, so a constraint or an
/// attribute list continues over lines while a bracket is open; blank and comment-only lines
/// do not count. Indentation is compared as text: tabs, spaces or one consistent mixture all
/// read alike, and a line whose depth would depend on the width of a tab is refused (see
/// ``UVLLexer``).
///
/// **Refused** (``UVLError/Kind/unsupported``, never skipped): `imports`, typed features
/// (`Integer`, `String`, `Real`), `include Type`, feature cardinalities, strings in
/// constraints, `len`, `floor`, `ceil`, `sum(FEATURE, ATTR)`, arithmetic that is not linear
/// (with its column), other language levels.
/// Also refused: duplicate names, constraints naming unknown features (with a did-you-mean
/// hint), empty groups, group cardinalities their members cannot meet (`[3..1]`, bounds above
/// the number of members), a second root, names or strings not in UTF-8, files over 16 MiB,
/// features nested more than 1,000 deep, brackets more than 1,000 deep, attribute values more
/// than 64 deep, constraints nested more than 200 deep, and a model whose features,
/// constraints and counters would take more memory than ``UVLMemoryBudget`` allows (32 times
/// the file's size plus 32 MiB).
package enum UVLReader {
  /// The largest model read, so a wrong file (or `/dev/zero`) cannot exhaust memory: 16 MiB,
  /// twenty times the largest public automotive model.
  package static let maximumFileSize = 16 << 20

  /// Reads a model from its bytes.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents (UTF-8; a byte order mark is skipped).
  ///   - file: The name used in messages, usually the path.
  /// - Returns: The checked model.
  /// - Throws: ``UVLError`` naming the file, the line and the bad token.
  package static func read(_ bytes: [UInt8], file: String) throws(UVLError) -> UVLModel {
    try parse(bytes, file: file).model
  }

  /// Reads a model, the index of its features by name and what is left of its memory budget
  /// (which compilation reuses).
  static func parse(_ bytes: [UInt8], file: String) throws(UVLError)
    -> (model: UVLModel, index: [String: Int], memory: UVLMemoryBudget)
  {
    guard bytes.count <= maximumFileSize else {
      throw UVLError(
        file: file, line: nil, kind: .limit,
        message: "the model is larger than 16 MiB (\(bytes.count) bytes)")
    }
    var parser = UVLParser(bytes: bytes, file: file)
    let model = try parser.parse()
    return (model, parser.featureIndex, parser.memory)
  }

  /// Reads a model from a file, reading no more than ``maximumFileSize`` bytes of it.
  ///
  /// - Parameter path: The file.
  /// - Returns: The checked model.
  /// - Throws: ``UVLError`` when the file cannot be read, is too large, or is not a model.
  package static func read(contentsOf path: String) throws(UVLError) -> UVLModel {
    try read(try bytes(of: path), file: path)
  }

  /// The bytes of a file, at most ``maximumFileSize`` of them.
  ///
  /// - Parameter path: The file.
  /// - Returns: Its contents.
  /// - Throws: ``UVLError`` when it cannot be read or is larger than the limit.
  package static func bytes(of path: String) throws(UVLError) -> [UInt8] {
    do {
      // One pass up to the limit: a device or FIFO that never ends costs no more than it.
      return try FileInput.readAll(path: path, limit: maximumFileSize)
    } catch {
      throw refusal(reading: path, error)
    }
  }

  /// Why a model file could not be read, as a model's error: no such file, a directory, past
  /// ``maximumFileSize``, or the system's reason.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - error: The failure of reading it (at most ``maximumFileSize`` bytes).
  /// - Returns: The error naming the file.
  package static func refusal(reading path: String, _ error: FileSystemError) -> UVLError {
    func fail(_ kind: UVLError.Kind, _ message: String) -> UVLError {
      UVLError(file: path, line: nil, kind: kind, message: message)
    }
    switch error.code {
    case .noSuchFileOrDirectory?, .notDirectory?:
      return fail(.unreadable, "cannot read the model (no such file)")
    case .isDirectory?: return fail(.unreadable, "cannot read the model (it is a directory)")
    case nil: return fail(.limit, "the model is larger than 16 MiB")
    default:
      guard error.action == "read" else {
        return fail(
          .unreadable, "cannot read the model (permission denied or not a regular file)")
      }
      return fail(.unreadable, "cannot read the model (\(error.reason))")
    }
  }
}
