/// Splits a command line into words: runs of non-blank characters, with `"…"` or `'…'`
/// quoting for words that contain blanks (file names).
enum Tokenizer {
  enum Failure: Error, Equatable {
    case unterminatedQuote(Character)
  }

  static func words(_ line: Substring) throws(Failure) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    for character in line {
      if let open = quote {
        if character == open {
          quote = nil
        } else {
          current.append(character)
        }
        continue
      }
      switch character {
      case " ", "\t":
        if inWord {
          words.append(current)
          current = ""
          inWord = false
        }
      case "\"", "'":
        quote = character
        inWord = true
      default:
        current.append(character)
        inWord = true
      }
    }
    if let open = quote { throw .unterminatedQuote(open) }
    if inWord { words.append(current) }
    return words
  }
}
