/// The renamings of a `catalog diff` map file (SPEC §16): one `old,new` a line, or `old=new`
/// where the line has one `=` and no comma (a catalog's atoms hold an `=`, so they take the
/// comma); blank lines and lines starting with `#` are skipped; names are trimmed.
package struct RenamingMap {
  /// New names by old name, lower-cased as atoms are matched.
  package private(set) var newByOld: [String: String] = [:]

  /// No renaming.
  package static let empty = RenamingMap()

  private init() {}

  /// Reads a map's bytes.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The file as named in messages.
  ///   - known: Whether an old model has a (lower-cased) name.
  /// - Throws: ``CommandError/invalid(command:_:)`` naming the file, the line and its text.
  package init(_ bytes: [UInt8], file: String, known: (String) -> Bool) throws(CommandError) {
    var firstLine: [String: Int] = [:]
    let text = String(decoding: bytes, as: UTF8.self)
    for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let number = offset + 1
      let line = raw.trimmingWhitespace
      if line.isEmpty || line.hasPrefix("#") { continue }
      func fail(_ problem: CommandError.RenamingProblem) -> CommandError {
        .invalid(command: "catalog", .renaming(file: file, line: number, text: line, problem))
      }
      let separator: Character
      if line.contains(",") {
        separator = ","
      } else if line.count(where: { $0 == "=" }) == 1 {
        separator = "="
      } else {
        throw fail(.noSeparator)
      }
      guard let cut = line.firstIndex(of: separator) else { throw fail(.noSeparator) }
      let old = line[..<cut].trimmingWhitespace
      let new = line[line.index(after: cut)...].trimmingWhitespace
      guard !old.isEmpty, !new.isEmpty else { throw fail(.noSeparator) }
      let key = old.lowercased()
      guard known(key) else { throw fail(.unknownName(old)) }
      if let first = firstLine[key] { throw fail(.twice(old, firstLine: first)) }
      firstLine[key] = number
      newByOld[key] = new.lowercased()
    }
  }
}

extension StringProtocol {
  /// The text without spaces, tabs and a carriage return at either end.
  fileprivate var trimmingWhitespace: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
