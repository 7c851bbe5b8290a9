package import CarFactory
package import Support

/// The words of one command line as bytes, split by ``Tokenizer``'s rules: runs of bytes other
/// than space and tab, `"…"` or `'…'` quoting, a `#` outside quotes ending the words.
///
/// Every word's bytes, quotes removed, go back to back into one buffer that is kept from line
/// to line, so splitting a line makes no `String` and, once the buffer has grown to the
/// longest line, allocates nothing. The separators and quotes are ASCII, so no byte of a
/// multi-byte character is ever taken for one. A session keeps one list and refills it for
/// every line (``split(_:)``); `build` reads the words as bytes, other commands as `String`s
/// (``strings()``). A word's bytes are valid until the next ``split(_:)``.
package final class WordList {
  /// The words' bytes, back to back, and ``padding`` bytes more (initialized), so that 16
  /// bytes can be read from any word's start (``Words/value(of:in:)``).
  private var bytes: RawStorage<UInt8>
  /// Where each word ends in `bytes`; word `i` starts where word `i - 1` ends.
  private var ends: RawStorage<Int>
  /// How many bytes (and word ends) the buffers hold: a line of `n` bytes has at most `n`
  /// bytes of words and at most `n` words.
  private var capacity: Int
  /// The number of words.
  package private(set) var count = 0
  /// Whether the line's comment starts with a digit (`show #1`): a failure of such a line
  /// says that `#` started a comment.
  package private(set) var commentStartsWithDigit = false
  /// Memory that the choices read from these words reuse from line to line (see
  /// ``ProductConfigurator/choices(count:reusing:word:)``): a script of a million `build`
  /// lines then allocates no array per line. Behind a pointer so that ``Words`` reaches it.
  private let choiceStorage: UnsafeMutablePointer<[Choice]>

  /// The bytes after ``capacity`` that may be read, never written.
  private static let padding = 16
  private static let space = UInt8(ascii: " ")
  private static let tab = UInt8(ascii: "\t")
  private static let doubleQuote = UInt8(ascii: "\"")
  private static let singleQuote = UInt8(ascii: "'")
  private static let hash = UInt8(ascii: "#")

  /// An empty list.
  package init() {
    capacity = 256
    bytes = RawStorage(repeating: 0, capacity: capacity + Self.padding)
    ends = RawStorage(repeating: 0, capacity: capacity)
    choiceStorage = .allocate(capacity: 1)
    choiceStorage.initialize(to: [])
  }

  deinit {
    choiceStorage.deinitialize(count: 1)
    choiceStorage.deallocate()
  }

  /// The words, to read without holding the list (see ``Words``).
  package var words: Words {
    Words(
      bytes: bytes.bytes.readOnly, ends: UnsafeBufferPointer(ends.buffer), count: count,
      choiceStorage: choiceStorage)
  }

  /// Replaces the words with those of `line`.
  ///
  /// - Parameter line: The line's bytes, without its line break.
  /// - Throws: ``Tokenizer/Failure/unterminatedQuote(_:)`` for an open quote.
  package func split(_ line: UnsafeBufferPointer<UInt8>) throws(Tokenizer.Failure) {
    count = 0
    commentStartsWithDigit = false
    guard let base = UnsafeBytes(line) else { return }
    let length = line.count
    if length > capacity { grow(to: length) }
    // Locals, not the stored properties: a store through `out` could otherwise be taken to
    // change them, and they would be read again for every byte.
    let out = bytes.bytes
    let ends = self.ends.buffer
    var words = 0
    defer { count = words }
    var written = 0
    var index = 0
    // Indices stay below `length` and `written <= index`, so wrapping arithmetic is exact.
    while index < length {
      let first = base[index]
      if first == Self.space || first == Self.tab {
        index &+= 1
        continue
      }
      if first == Self.hash {
        let next = index &+ 1
        commentStartsWithDigit = next < length && base[next] &- UInt8(ascii: "0") < 10
        return
      }
      // A word: bytes up to a blank or `#` outside quotes; quotes toggle and are dropped.
      // Every byte that ends a word or opens a quote is at most `'` (0x27), so letters,
      // digits and `=` are copied after one comparison.
      while index < length {
        // Eight bytes at a time while none is at most `'`: copied whole (the store stays
        // within the buffer: `written <= index` and `index + 8 <= length <= capacity`),
        // then the count moves up to the first such byte, which the loop below reads.
        while index &+ 8 <= length {
          let chunk = base.word(at: index)
          out.storeWord(chunk, at: written)
          let low = WordBytes.belowParenthesis(chunk)
          if low == 0 {
            index &+= 8
            written &+= 8
            continue
          }
          let run = low.trailingZeroBitCount >> 3
          index &+= run
          written &+= run
          break
        }
        guard index < length else { break }
        let byte = base[index]
        if byte <= Self.singleQuote {
          if byte == Self.space || byte == Self.tab || byte == Self.hash { break }
          if byte == Self.doubleQuote || byte == Self.singleQuote {
            index &+= 1
            while index < length, base[index] != byte {
              out[written] = base[index]
              written &+= 1
              index &+= 1
            }
            if index == length { throw .unterminatedQuote(Character(Unicode.Scalar(byte))) }
            index &+= 1
            continue
          }
        }
        out[written] = byte
        written &+= 1
        index &+= 1
      }
      // Each word takes at least one byte of the line, so `words < length <= capacity`.
      ends[words] = written
      words &+= 1
    }
  }

  /// The words as text (invalid UTF-8 becomes U+FFFD).
  ///
  /// - Returns: One string per word.
  func strings() -> [String] { words.strings() }

  /// Replaces the words with these, each one word as it is (one-shot mode: the shell has
  /// split the line already, and a word may hold blanks).
  ///
  /// - Parameter words: The words.
  package func set(_ words: [String]) {
    count = 0
    commentStartsWithDigit = false
    let total = words.reduce(0) { $0 + $1.utf8.count }
    if total > capacity || words.count > capacity { grow(to: max(total, words.count)) }
    var written = 0
    for word in words {
      for byte in word.utf8 {
        bytes[written] = byte
        written += 1
      }
      ends[count] = written
      count += 1
    }
  }

  /// Forgets the last `count` words (a line's trailing `--output FILE`).
  ///
  /// - Parameter count: How many, at most ``count``.
  package func dropLast(_ count: Int) {
    self.count -= min(max(0, count), self.count)
  }

  /// Room for at least `length` bytes of words (and the padding after them) and as many
  /// words; the words held are forgotten.
  private func grow(to length: Int) {
    capacity = max(length, 2 * capacity)
    bytes = RawStorage(repeating: 0, capacity: capacity + Self.padding)
    ends = RawStorage(repeating: 0, capacity: capacity)
  }
}

/// The words of the line a ``WordList`` holds, as a plain value without a reference to the
/// list: what a line's parser reads, with no reference counting on every line. It is valid
/// while the list lives and until its next ``WordList/split(_:)``, ``WordList/set(_:)`` or
/// ``WordList/dropLast(_:)``, which a parse never outlasts.
package struct Words {
  /// The words' bytes back to back, 16 bytes readable past any word's start.
  private let bytes: UnsafeBytes
  /// Where each word ends in `bytes`.
  private let ends: UnsafeBufferPointer<Int>
  /// The number of words.
  package let count: Int
  /// The list's memory for the choices read from the words (see ``WordList``).
  let choiceStorage: UnsafeMutablePointer<[Choice]>

  fileprivate init(
    bytes: UnsafeBytes, ends: UnsafeBufferPointer<Int>, count: Int,
    choiceStorage: UnsafeMutablePointer<[Choice]>
  ) {
    self.bytes = bytes
    self.ends = ends
    self.count = count
    self.choiceStorage = choiceStorage
  }

  /// Passes word `index`'s bytes to `body`.
  ///
  /// - Parameters:
  ///   - index: A word's position, `0..<count`.
  ///   - body: Called with the bytes, valid only during the call.
  /// - Returns: What `body` returns.
  @inline(__always)
  func withWord<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    precondition(index >= 0 && index < count, "word index out of range")
    let start = index == 0 ? 0 : ends[index - 1]
    return body(bytes.buffer(from: start, to: ends[index]))
  }

  /// Word `index`'s bytes, valid as long as the view.
  ///
  /// - Parameter index: A word's position, `0..<count`.
  /// - Returns: The bytes.
  @inline(__always)
  package func bytes(of index: Int) -> UnsafeBufferPointer<UInt8> {
    precondition(index >= 0 && index < count, "word index out of range")
    let start = index == 0 ? 0 : ends[index - 1]
    return bytes.buffer(from: start, to: ends[index])
  }

  /// The value of the name word `index` spells in `names`
  /// (``ShortNames/value(ofPadded:length:)``: the padding lets 16 bytes be read from any
  /// word's start).
  ///
  /// - Parameters:
  ///   - index: A word's position, `0..<count`.
  ///   - names: The names looked in.
  /// - Returns: The name's value, or `nil`.
  @inline(__always)
  func value<Value>(of index: Int, in names: ShortNames<Value>) -> Value? {
    precondition(index >= 0 && index < count, "word index out of range")
    let start = index == 0 ? 0 : ends[index - 1]
    return names.value(ofPadded: bytes.dropFirst(start), length: ends[index] - start)
  }

  /// Word `index` as text (invalid UTF-8 becomes U+FFFD).
  ///
  /// - Parameter index: A word's position, `0..<count`.
  /// - Returns: The word.
  package func string(_ index: Int) -> String {
    withWord(index) { String(decoding: $0, as: UTF8.self) }
  }

  /// The words as text (invalid UTF-8 becomes U+FFFD).
  ///
  /// - Returns: One string per word.
  func strings() -> [String] {
    (0..<count).map(string)
  }
}
