internal import Dealership

/// The line being edited: its characters and the cursor, with the editing operations.
///
/// The text is kept as `Character`s (grapheme clusters), so the cursor moves over `é`, `ö`
/// or `🚗` in one step however many UTF-8 bytes they take, and a combining mark typed after
/// a letter joins it.
struct EditBuffer: Equatable {
  /// The characters of the line.
  private(set) var characters: [Character] = []
  /// The cursor: the index of the character it is on, `characters.count` at the end.
  private(set) var cursor = 0

  /// The most UTF-8 bytes a line may hold, as in script mode.
  static let maximumLength = LineReader.maximumLength

  init() {}

  /// A buffer holding `text` with the cursor at its end.
  init(_ text: String) {
    characters = Array(text)
    cursor = characters.count
  }

  var text: String { String(characters) }
  var isEmpty: Bool { characters.isEmpty }

  /// Replaces the whole line and puts the cursor at its end.
  mutating func replace(with text: String) {
    characters = Array(text)
    cursor = characters.count
  }

  /// Inserts one scalar at the cursor; `false` when the line is full.
  @discardableResult
  mutating func insert(_ scalar: Unicode.Scalar) -> Bool {
    guard text.utf8.count + String(scalar).utf8.count <= Self.maximumLength else { return false }
    if cursor > 0 {
      // A combining mark (or joiner) extends the character before the cursor.
      let joined = String(characters[cursor - 1]) + String(scalar)
      if joined.count == 1, let character = joined.first {
        characters[cursor - 1] = character
        return true
      }
    }
    characters.insert(Character(scalar), at: cursor)
    cursor += 1
    return true
  }

  /// Inserts text at the cursor; `false` (and nothing inserted) when the line would be too long.
  @discardableResult
  mutating func insert(_ text: String) -> Bool {
    guard self.text.utf8.count + text.utf8.count <= Self.maximumLength else { return false }
    characters.insert(contentsOf: text, at: cursor)
    cursor += text.count
    return true
  }

  /// Replaces the characters in `range` with `text` and puts the cursor after it.
  mutating func replace(_ range: Range<Int>, with text: String) {
    characters.replaceSubrange(range, with: Array(text))
    cursor = range.lowerBound + text.count
  }

  @discardableResult
  mutating func moveLeft() -> Bool {
    guard cursor > 0 else { return false }
    cursor -= 1
    return true
  }

  @discardableResult
  mutating func moveRight() -> Bool {
    guard cursor < characters.count else { return false }
    cursor += 1
    return true
  }

  /// Puts the cursor on the character at `index` (clamped to the line).
  mutating func move(to index: Int) { cursor = min(max(index, 0), characters.count) }

  mutating func moveToStart() { cursor = 0 }
  mutating func moveToEnd() { cursor = characters.count }

  /// Moves to the start of the word before the cursor.
  mutating func moveWordLeft() { cursor = wordStart(before: cursor) }

  /// Moves past the end of the word after the cursor.
  mutating func moveWordRight() { cursor = wordEnd(after: cursor) }

  /// Deletes the character before the cursor; returns it.
  @discardableResult
  mutating func deleteBackward() -> Character? {
    guard cursor > 0 else { return nil }
    cursor -= 1
    return characters.remove(at: cursor)
  }

  /// Deletes the character under the cursor; returns it.
  @discardableResult
  mutating func deleteForward() -> Character? {
    guard cursor < characters.count else { return nil }
    return characters.remove(at: cursor)
  }

  /// Deletes from the cursor to the end (Ctrl-K); returns what went.
  mutating func killToEnd() -> String {
    remove(cursor..<characters.count)
  }

  /// Deletes from the start to the cursor (Ctrl-U); returns what went.
  mutating func killToStart() -> String {
    remove(0..<cursor)
  }

  /// Deletes the blank-separated word before the cursor and the blanks after it (Ctrl-W).
  mutating func killWordBackward() -> String {
    var start = cursor
    while start > 0, characters[start - 1].isWhitespace { start -= 1 }
    while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
    return remove(start..<cursor)
  }

  /// Deletes from the cursor to the end of the word after it (Alt-D).
  mutating func killWordForward() -> String {
    remove(cursor..<wordEnd(after: cursor))
  }

  /// Swaps the character before the cursor with the one under it, or the last two at the end.
  @discardableResult
  mutating func transpose() -> Bool {
    guard cursor > 0, characters.count >= 2 else { return false }
    let right = min(cursor, characters.count - 1)
    characters.swapAt(right - 1, right)
    cursor = right + 1
    return true
  }

  private mutating func remove(_ range: Range<Int>) -> String {
    let removed = String(characters[range])
    characters.removeSubrange(range)
    cursor = range.lowerBound
    return removed
  }

  private func wordStart(before index: Int) -> Int {
    var start = index
    while start > 0, !Self.isWordCharacter(characters[start - 1]) { start -= 1 }
    while start > 0, Self.isWordCharacter(characters[start - 1]) { start -= 1 }
    return start
  }

  private func wordEnd(after index: Int) -> Int {
    var end = index
    while end < characters.count, !Self.isWordCharacter(characters[end]) { end += 1 }
    while end < characters.count, Self.isWordCharacter(characters[end]) { end += 1 }
    return end
  }

  /// Letters and digits make words for Alt-B/F/D, so `drive=4wd` is two words.
  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }
}
