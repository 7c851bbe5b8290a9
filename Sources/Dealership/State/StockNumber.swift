package import StockValuation

/// Stock numbers as users write them: `S-12` (any case).
package enum StockNumber {
  /// `S-12` for 12.
  package static func text(_ number: Int) -> String { "S-\(number)" }

  /// A line as messages name it: `S-3 'VW Golf'`.
  package static func named(_ line: StockLine) -> String {
    (line.stockNumber.map { text($0) + " " } ?? "") + "'\(line.name)'"
  }

  /// The number of `S-N`, `nil` when the word does not start with `S-`; a word that does
  /// but has no number after it is `.some(nil)`.
  static func parse(_ word: String) -> Int?? {
    guard word.count >= 2, word.prefix(2).lowercased() == "s-" else { return nil }
    let digits = word.dropFirst(2)
    guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(digits), number >= 1
    else { return .some(nil) }
    return .some(number)
  }
}
