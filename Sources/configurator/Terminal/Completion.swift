internal import Dealership

/// What Tab offers for the word before the cursor: where that word starts and the words that
/// may replace it.
struct Completion: Equatable {
  /// One word that may replace the one being completed.
  struct Candidate: Equatable {
    /// The text that replaces the word (from ``Completion/start`` to the cursor).
    var replacement: String
    /// What a unique match adds after it: a space, `=` after a slot, nothing after a folder's
    /// `/`, or a closing quote and a space.
    var terminator: String
    /// What the list of matches shows.
    var display: String
  }

  /// The character index where the word being completed starts.
  var start: Int
  /// The matches, in the order they are listed.
  var candidates: [Candidate]

  /// The longest text every candidate's replacement starts with.
  var commonPrefix: String {
    guard var prefix = candidates.first.map({ Array($0.replacement) }) else { return "" }
    for candidate in candidates.dropFirst() {
      let other = Array(candidate.replacement)
      var count = 0
      while count < prefix.count, count < other.count, prefix[count] == other[count] { count += 1 }
      prefix.removeSubrange(count...)
    }
    return String(prefix)
  }
}
