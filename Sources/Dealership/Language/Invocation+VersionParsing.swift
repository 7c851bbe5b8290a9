extension InvocationParser {
  /// `catalog diff OLD NEW [map=FILE]` (SPEC §16).
  func catalogDiff() throws(CommandError) -> Invocation {
    guard argumentCount == 3 || argumentCount == 4 else {
      throw .usage(command: "catalog", .catalogDiff)
    }
    var map: String?
    if argumentCount == 4 {
      let word = argument(3)
      guard word.lowercased().hasPrefix("map="), word.count > "map=".count else {
        throw .unexpectedArgument(
          command: "catalog", word: word, hint: .usage(.command(.catalog)))
      }
      map = String(word.dropFirst("map=".count))
    }
    return .catalogDiff(old: argument(1), new: argument(2), map: map)
  }
}
