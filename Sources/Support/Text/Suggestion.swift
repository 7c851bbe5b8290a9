/// Finds the nearest known word to a mistyped one, for "did you mean" hints: the one edit
/// distance of the package.
package enum Suggestion {
  /// The candidate closest to `word` by edit distance, if it is close enough to be a likely
  /// typo (at most a third of the word's length, and at least one edit allowed).
  ///
  /// Letters are compared without regard to case; ties go to the first candidate.
  ///
  /// - Parameters:
  ///   - word: What the user typed.
  ///   - candidates: The valid words.
  /// - Returns: The nearest candidate, or `nil` when none is close.
  package static func nearest(to word: String, in candidates: [String]) -> String? {
    nearest(to: word, in: candidates, maximumDistance: max(1, word.count / 3))
  }

  /// The candidate closest to `word` by edit distance, if at most `maximumDistance` edits away.
  ///
  /// Letters are compared without regard to case; ties go to the first candidate.
  ///
  /// - Parameters:
  ///   - word: What the user typed.
  ///   - candidates: The valid words.
  ///   - maximumDistance: The most edits a suggestion may be away (codes of three letters: 1).
  /// - Returns: The nearest candidate, or `nil` when none is close.
  package static func nearest(to word: String, in candidates: [String], maximumDistance: Int)
    -> String?
  {
    let typed = word.lowercased()
    let typedLength = typed.unicodeScalars.count
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      // The distance is at least the difference in length: a candidate too much shorter or
      // longer is passed over without the quadratic comparison (a runaway word of megabytes,
      // such as a JSON key, would otherwise take seconds and four bytes a character).
      let lowered = candidate.lowercased()
      guard abs(lowered.unicodeScalars.count - typedLength) <= maximumDistance else { continue }
      let distance = editDistance(typed, lowered)
      if distance <= maximumDistance, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// The hint `; did you mean 'sports'?` for a mistyped word, or `""` when no candidate is
  /// close (see ``nearest(to:in:)``).
  ///
  /// - Parameters:
  ///   - word: What the user typed.
  ///   - candidates: The valid words.
  /// - Returns: The hint, ready to append to a message.
  package static func hint(for word: String, in candidates: [String]) -> String {
    nearest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// The optimal string alignment distance: Levenshtein distance with adjacent transpositions
  /// counted as one edit, over Unicode scalars.
  ///
  /// - Parameters:
  ///   - a: One word.
  ///   - b: The other.
  /// - Returns: The number of edits from one to the other.
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
