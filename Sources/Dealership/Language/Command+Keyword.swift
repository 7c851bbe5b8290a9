package import Support

/// Commands recognised by their bytes, in any ASCII case, without lower-casing a `String`.
extension Command {
  /// The command a word names (`build`, `BUILD`, `Build`), or `nil`.
  ///
  /// - Parameter word: The word's UTF-8 bytes.
  init?(keyword word: UnsafeBufferPointer<UInt8>) {
    guard let command = Self.keywords.value(of: word) else { return nil }
    self = command
  }

  /// The command a line's word names, in any ASCII case, or `nil`.
  ///
  /// - Parameters:
  ///   - index: The word's position in `words`.
  ///   - words: The line's words.
  init?(word index: Int, of words: Words) {
    guard let command = words.value(of: index, in: Self.keywords) else { return nil }
    self = command
  }

  /// The command a word names, in any ASCII case, or `nil`.
  ///
  /// - Parameter word: The word.
  init?(keyword word: String) {
    var word = word
    guard let command = word.withUTF8({ Command(keyword: $0) }) else { return nil }
    self = command
  }

  /// Every command by its name (each of at most 16 bytes), `build` first: nearly every line
  /// of a long script is one, and names are compared in order.
  private static let keywords = ShortNames(
    ([.build] + allCases.filter { $0 != .build }).map { ($0.rawValue.utf8, $0) })
}
