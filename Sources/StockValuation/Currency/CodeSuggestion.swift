/// Finds the nearest candidate to a mistyped code, for "did you mean" hints.
enum CodeSuggestion {
  /// The candidate closest to `word` by optimal string alignment distance (adjacent
  /// transpositions count as one edit), if it is at most one edit away (codes are only three letters).
  ///
  /// Ties go to the first candidate in the given order.
  static func nearest(to word: String, in candidates: [String]) -> String? {
    let target = Array(word.uppercased().unicodeScalars)
    var best: (String, Int)?
    for candidate in candidates {
      let distance = Self.distance(target, Array(candidate.unicodeScalars))
      if distance <= 1, distance < (best?.1 ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.0
  }

  /// Optimal string alignment distance between two scalar arrays.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    let width = b.count + 1
    var table = [Int](repeating: 0, count: (a.count + 1) * width)
    for i in 0...a.count { table[i * width] = i }
    for j in 0...b.count { table[j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(
          table[(i - 1) * width + j] + 1,
          table[i * width + j - 1] + 1,
          table[(i - 1) * width + j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, table[(i - 2) * width + j - 2] + 1)
        }
        table[i * width + j] = value
      }
    }
    return table[a.count * width + b.count]
  }
}
