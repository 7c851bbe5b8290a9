package import CarFactory

/// A line of the command language read once: what it asks for, and the file its output goes
/// to when it ends with `--output FILE`.
package struct ReadLine {
  /// What the line asks for.
  package let invocation: Invocation
  /// The file of a trailing `--output FILE`, if the line ends with one.
  package let output: String?
}

extension InvocationParser {
  /// Reads a prompt or script line, once: its words (into `words`, whose storage every line
  /// reuses), a trailing `--output FILE`, then its invocation. The driver calls this once a
  /// line, so a line is read in one call into the core however many steps it takes.
  ///
  /// - Parameters:
  ///   - line: The line's UTF-8 bytes, without its line break.
  ///   - words: Where its words go.
  ///   - state: The session, read and not changed: its models, and the working car that
  ///     choice lines, `why` and `options` without a model are about. `inout` only so that it
  ///     is read in place: the driver holds it in a class, and a borrow of a class's property
  ///     across the module copies it whole (a `borrowing` parameter cost 1,050 instructions
  ///     a line on the varied script, Docs/Benchmarks.md).
  /// - Returns: The line read; `nil` for a blank line, a comment, or a line of no words.
  /// - Throws: ``CommandError`` naming the first bad word (a line whose `#` started a
  ///   comment before a number says so, ``CommandError/commentedNumber(_:)``).
  package static func read(
    _ line: UnsafeBufferPointer<UInt8>, into words: WordList, of state: inout SessionState
  ) throws(CommandError) -> ReadLine? {
    guard !Tokenizer.isBlankOrComment(line) else { return nil }
    do {
      try words.split(line)
    } catch {
      switch error {
      case .unterminatedQuote(let mark):
        throw .unterminatedQuote(mark, line: String(decoding: line, as: UTF8.self))
      }
    }
    guard words.count > 0 else { return nil }
    do {
      let output = try OutputOption.take(from: words)
      let invocation = try InvocationParser(
        words: words.words, catalogs: state.catalogs.lent, car: state.car,
        lastBuild: state.builds.lastNumber
      )
      .parse()
      return ReadLine(invocation: invocation, output: output)
    } catch  where words.commentStartsWithDigit {
      // `show #1` ran as `show`: say why its number was not seen.
      throw .commentedNumber(error)
    }
  }
}
