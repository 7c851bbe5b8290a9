internal import Dealership
import Support

/// The state of a Ctrl-R search of the history, as readline's `reverse-search-history` keeps
/// it: the query typed so far, the entry it matched, and the line as it was before the search
/// (Ctrl-G or Ctrl-C goes back to it).
struct ReverseSearch: Equatable {
  /// What the user typed after Ctrl-R.
  var query: [Character] = []
  /// The line before the search began.
  let original: EditBuffer
  /// The recall index the line had before the search began.
  let originalIndex: Int
  /// Where the search starts: the newest entry older than the line being typed.
  let start: Int
  /// The recall index of the entry shown, or `nil` before anything matched.
  var match: Int?
  /// Whether the query matches nothing more (the entry shown matched a shorter query).
  var failed = false

  /// The longest query kept: the prompt must fit on a terminal row.
  static let maximumQueryLength = 200

  /// The prompt shown in place of `configurator> ` while searching:
  /// `(reverse-i-search)'query': `, or `(failed reverse-i-search)'query': ` when nothing
  /// (more) matches. Control characters in the query are escaped.
  var prompt: String {
    let query = String(self.query).escapingControlCharacters
    return "(\(failed ? "failed " : "")reverse-i-search)'\(query)': "
  }

  /// The newest entry at or before `index` that contains the query, with the index of the
  /// query's first character in it; `nil` when none does (or the query is empty).
  ///
  /// - Parameters:
  ///   - entries: The recall entries, oldest first.
  ///   - index: The newest entry to look at.
  /// - Returns: The entry's index and where the query starts in it.
  func find(in entries: [String], from index: Int) -> (entry: Int, position: Int)? {
    guard !query.isEmpty else { return nil }
    var candidate = min(index, entries.count - 1)
    while candidate >= 0 {
      if let position = Self.position(of: query, in: Array(entries[candidate])) {
        return (candidate, position)
      }
      candidate -= 1
    }
    return nil
  }

  /// Where `needle` first occurs in `haystack` (by whole characters), or `nil`.
  private static func position(of needle: [Character], in haystack: [Character]) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<start + needle.count].elementsEqual(needle) {
      return start
    }
    return nil
  }
}
