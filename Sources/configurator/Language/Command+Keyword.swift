/// Commands recognised by their bytes, in any ASCII case, without lower-casing a `String`.
extension Command {
  /// The command a word names (`build`, `BUILD`, `Build`), or `nil`.
  ///
  /// - Parameter word: The word's UTF-8 bytes.
  init?(keyword word: UnsafeBufferPointer<UInt8>) {
    // By length first: a script names a command on every line.
    let found = Self.keywords.withUnsafeBufferPointer { keywords -> Command? in
      for index in 0..<keywords.count where keywords[index].0.count == word.count {
        let matches = keywords[index].0.withUnsafeBufferPointer {
          ASCII.equalsIgnoringCase(word, $0)
        }
        if matches { return keywords[index].1 }
      }
      return nil
    }
    guard let found else { return nil }
    self = found
  }

  /// The command a word names, in any ASCII case, or `nil`.
  ///
  /// - Parameter word: The word.
  init?(keyword word: String) {
    var word = word
    guard let command = word.withUTF8({ Command(keyword: $0) }) else { return nil }
    self = command
  }

  /// Every command's name as bytes.
  private static let keywords: [([UInt8], Command)] = allCases.map { (Array($0.rawValue.utf8), $0) }
}
