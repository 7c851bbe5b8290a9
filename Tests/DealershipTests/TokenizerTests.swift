import CarFactory
import Testing

@testable import Dealership

/// The byte-level tokenizer against a reference written the obvious way, on characters.
@Suite struct TokenizerTests {
  /// Words split on blanks, quotes toggling, as the tokenizer did on `Character`s.
  static func reference(_ line: String) -> [String]? {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
        continue
      }
      switch character {
      case "#":
        // A comment outside quotes ends the words.
        if inWord { words.append(current) }
        return words
      case " ", "\t":
        if inWord { words.append(current) }
        current = ""
        inWord = false
      case "\"", "'":
        quote = character
        inWord = true
      default:
        current.append(character)
        inWord = true
      }
    }
    if quote != nil { return nil }
    if inWord { words.append(current) }
    return words
  }

  @Test func randomLinesSplitAsTheCharacterReferenceDoes() {
    var state: UInt64 = 7
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let pieces = [
      "build", "BUILD", " ", "\t", "  ", "\"", "'", "a b", "drive=4wd", "café", "☕", "x", "#",
      " # note",
    ]
    for _ in 0..<2_000 {
      let line = (0..<next(9)).map { _ in pieces[next(pieces.count)] }.joined()
      let words = try? Tokenizer.words(line[...])
      #expect(words == Self.reference(line), "\(line)")
    }
  }

  /// Long words, bytes below `(` that are word bytes (`!`, `$`, `&`), quotes and blanks at
  /// every offset of an eight-byte chunk, one list reused from line to line.
  @Test func wordsAcrossChunksSplitAsTheCharacterReferenceDoes() throws {
    var state: UInt64 = 11
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let pieces = [
      "suspension=firm", "FLOORPLAN=standard", "a", "bc", "!", "$&%", " ", "\t", "   ", "\"",
      "'", "#", "é", "0123456789abcdef", "x\u{1}y", "()",
    ]
    let list = WordList()
    for _ in 0..<20_000 {
      let line = (0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined()
      let expected = Self.reference(line)
      var bytes = Array(line.utf8)
      let words: [String]? = bytes.withUnsafeMutableBufferPointer { buffer in
        do {
          try list.split(UnsafeBufferPointer(buffer))
          return list.strings()
        } catch {
          return nil
        }
      }
      #expect(words == expected, "\(line)")
    }
  }

  @Test func unterminatedQuotesNameTheQuote() {
    #expect(throws: Tokenizer.Failure.unterminatedQuote("'")) {
      try Tokenizer.words("save 'a b"[...])
    }
  }

  @Test(arguments: ["build", "BUILD", "Build", "bUiLd"])
  func commandsMatchTheirNameInAnyASCIICase(word: String) {
    #expect(Command(keyword: word) == .build)
  }

  @Test(arguments: ["buil", "builds ", "bu1ld", "BUİLD", "", "@uild", "[uild"])
  func otherWordsAreNoCommand(word: String) {
    #expect(Command(keyword: word) != .build)
  }

  @Test func everyCommandIsFoundByItsNameInAnyCase() {
    for command in Command.allCases {
      #expect(Command(keyword: command.rawValue) == command)
      #expect(Command(keyword: command.rawValue.uppercased()) == command)
      #expect(Command(keyword: command.rawValue + "x") == nil)
      #expect(Command(keyword: "x" + command.rawValue) == nil)
    }
  }

  /// A line's command and model are looked up from the word list's own buffer, 16 bytes at
  /// a time past each word's start: also for the last word of a line that fills the buffer
  /// (256 bytes) or made it grow, and for words in any case.
  @Test func commandsAndModelsAreFoundFromTheWordListAtAnyPlace() throws {
    let models = Catalogs.starting(clean: false)
    let catalogs = models.lent
    let list = WordList()
    for length in 200...600 {
      for (command, model) in [("build", "sports"), ("BUILD", "Sports"), ("bUiLd", "SPORTS")] {
        // Filler words first, so that the command and model come last, at the buffer's end.
        let filler = String(repeating: "x", count: max(0, length - 14))
        let line = filler + " " + command + " " + model
        var bytes = Array(line.utf8)
        try bytes.withUnsafeMutableBufferPointer { buffer in
          try list.split(UnsafeBufferPointer(buffer))
        }
        let words = list.words
        #expect(Command(word: words.count - 2, of: words) == .build, "\(length)")
        #expect(Command(word: words.count - 1, of: words) == nil, "\(length)")
        let found = try catalogs.configurator(word: words.count - 1, of: words)
        #expect(found?.line.model.rawValue == "sports", "\(length)")
        #expect(try catalogs.configurator(word: words.count - 2, of: words) == nil, "\(length)")
      }
    }
    // The lent catalogs are valid while the catalogs they came from live.
    withExtendedLifetime(models) {}
  }

  @Test(arguments: [
    ("build", "build", true), ("BuIlD", "build", true), ("builds", "build", false),
    ("configure-everything", "configure-everything", true),
    ("CONFIGURE-EVERYTHINg", "configure-everything", true),
    ("configure-everythinh", "configure-everything", false), ("", "", true),
    ("[uild", "build", false), ("BUİLD", "build", false), ("a", "b", false),
  ])
  func bytesMatchLowerCaseInAnyASCIICase(word: String, lowercase: String, equal: Bool) {
    var word = word
    var lowercase = lowercase
    let result = word.withUTF8 { bytes in
      lowercase.withUTF8 { ASCII.equalsIgnoringCase(bytes, $0) }
    }
    #expect(result == equal)
  }

  @Test func lowerCasingChangesOnlyASCIICapitals() {
    for byte in UInt8.min...UInt8.max {
      let expected = (65...90).contains(byte) ? byte + 32 : byte
      #expect(ASCII.lowercased(byte) == expected)
    }
  }
}
