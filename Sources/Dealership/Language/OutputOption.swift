/// The trailing `--output FILE` of a line (SPEC §12): at the prompt and in scripts it ends
/// the command's line (`quote 1 gbp --output q.html`), and the command's output goes to FILE.
package enum OutputOption {
  /// The option that ends a line (`-o` is only for one-shot mode, before the command word:
  /// at the end of a line it could be a choice, `-o`).
  package static let flags = ["--output"]

  /// Takes a trailing `--output FILE` off a line's words.
  ///
  /// - Parameter list: The line's words; the last two go when they are the option.
  /// - Returns: The file, or `nil` when the line does not end with the option.
  /// - Throws: ``CommandError`` for the option without a file, or without a command.
  @inline(__always)
  package static func take(from list: borrowing WordList) throws(CommandError) -> String? {
    // Every script line comes here: a line whose last two words do not start with `--` is
    // settled by two bytes, with no `String` made and no call.
    let words = list.words
    guard words.count > 0,
      Self.startsWithDashes(words.bytes(of: words.count - 1))
        || (words.count >= 2 && Self.startsWithDashes(words.bytes(of: words.count - 2)))
    else {
      return nil
    }
    return try option(in: list)
  }

  /// ``take(from:)`` for a line with a word starting with `--` among its last two.
  @inline(never)
  private static func option(in list: borrowing WordList) throws(CommandError) -> String? {
    let words = list.words
    if flags.contains(words.string(words.count - 1)) {
      throw .missingArgument(
        command: words.string(0), .outputFile(after: words.string(words.count - 1)))
    }
    guard words.count >= 2, flags.contains(words.string(words.count - 2)) else { return nil }
    let path = words.string(words.count - 1)
    guard words.count > 2 else {
      throw .usage(command: "--output", .commandBeforeOutput(path: path))
    }
    guard !path.isEmpty else {
      throw .badValue(command: "--output", .outputFile, value: path)
    }
    list.dropLast(2)
    return path
  }

  /// Whether a word starts with `--`.
  @inline(__always)
  private static func startsWithDashes(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    word.count >= 2 && word[0] == UInt8(ascii: "-") && word[1] == UInt8(ascii: "-")
  }
}
