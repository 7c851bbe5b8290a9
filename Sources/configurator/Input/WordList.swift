/// The words of one command line as bytes: every word's bytes back to back in one reused
/// buffer, quotes removed, so splitting a line makes no `String` and, once the buffers have
/// grown, allocates nothing.
///
/// A session keeps one and refills it for every line (``split(_:)``); commands that read
/// bytes (`build`) take the words as slices, the others as `String`s (``strings()``).
struct WordList {
  /// The words' bytes, back to back.
  private var bytes: [UInt8] = []
  /// Where each word ends in `bytes`; word `i` starts where word `i - 1` ends.
  private var ends: [Int] = []
  /// Storage the tokenizer gathers a quoted word in.
  private var scratch: [UInt8] = []

  /// The number of words.
  var count: Int { ends.count }

  /// Replaces the words with those of `line` (a `#` comment ends them).
  ///
  /// - Parameter line: The line's bytes, without its line break.
  /// - Throws: ``Tokenizer/Failure/unterminatedQuote(_:)`` for an open quote.
  mutating func split(_ line: UnsafeBufferPointer<UInt8>) throws(Tokenizer.Failure) {
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    var gathered: [UInt8] = []
    swap(&gathered, &scratch)
    defer { swap(&gathered, &scratch) }
    try Tokenizer.forEachWord(in: line, scratch: &gathered) { word in
      bytes.append(contentsOf: word)
      ends.append(bytes.count)
    }
  }

  /// Passes word `index`'s bytes to `body`.
  ///
  /// - Parameters:
  ///   - index: A word's position, `0..<count`.
  ///   - body: Called with the bytes, valid only during the call.
  /// - Returns: What `body` returns.
  func withWord<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let start = index == 0 ? 0 : ends[index - 1]
    let end = ends[index]
    return bytes.withUnsafeBufferPointer { all in
      body(UnsafeBufferPointer(rebasing: all[start..<end]))
    }
  }

  /// The words as text (invalid UTF-8 becomes U+FFFD), for commands that take `String`s.
  ///
  /// - Returns: One string per word.
  func strings() -> [String] {
    (0..<count).map { index in withWord(index) { String(decoding: $0, as: UTF8.self) } }
  }
}
