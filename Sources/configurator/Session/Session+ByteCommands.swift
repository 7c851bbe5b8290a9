/// `show N` and `stock add N [QTY]` read by their bytes, as `build` is (see
/// ``Session/perform(_:)-(WordList)``): a plain build number needs no `String`. Anything else
/// (a bad number, a missing build, a quoted or `#`-prefixed word) goes the `String` way, so
/// every error is the general path's.
extension Session {
  /// Writes build `N`'s cached block for a `show N` line, if the build is a plain car build
  /// whose block was rendered before.
  ///
  /// - Parameter words: The line's words; the first is `show`.
  /// - Returns: Whether the block was written; if not, the `String` way runs the line.
  func showByBytes(_ words: WordList) -> Bool {
    guard options.readsBuildsByBytes, renderer.writesCachedBuilds, words.count == 2,
      let number = words.withWord(1, ASCII.positiveNumber),
      let index = builds.configurationIndex(of: number),
      builds.configurations[Int(index)].values.isEmpty,
      let bytes = cachedTemplate(for: index)
    else { return false }
    renderer.writeBuild(number: number, bytes: bytes)
    return true
  }

  /// Runs a `stock add N [QTY]` line whose build number and quantity are plain digits.
  ///
  /// - Parameter words: The line's words; the first is `stock`.
  /// - Returns: The result, or `nil` when the line is not such a line.
  /// - Throws: ``CommandError`` when the build cannot go into stock (the general path's).
  func stockAddByBytes(_ words: WordList) throws(CommandError) -> CommandResult? {
    guard options.readsBuildsByBytes, words.count == 3 || words.count == 4,
      words.withWord(
        1,
        { word in
          Self.addKeyword.withUnsafeBufferPointer { ASCII.equalsIgnoringCase(word, $0) }
        }),
      let number = words.withWord(2, ASCII.positiveNumber),
      let record = builds.record(number)
    else { return nil }
    var quantity = 1
    if words.count == 4 {
      guard let given = words.withWord(3, ASCII.positiveNumber) else { return nil }
      quantity = given
    }
    return try addToStock(record, quantity: Int64(quantity))
  }

  private static let addKeyword = Array("add".utf8)
}
