internal import Dealership

/// The editing logic of the prompt, apart from any terminal: it takes ``Key``s and says what
/// the terminal should do, so tests can type at it.
///
/// History: ↑ and ↓ walk a copy of the entries made when the line starts, with the line being
/// typed kept below the newest; edits to a recalled entry last until the line is entered.
/// Ctrl-R searches the history backwards (see `LineEditor+Search.swift`).
/// Completion: Tab completes a unique match (adding its terminator), or the longest common
/// prefix of several; a Tab that adds nothing right after another lists the matches, first
/// asking `Display all N possibilities? (y or n)` as readline does when they would not fit on
/// the screen (`y` or a space lists them; any other key declines, the line kept).
struct LineEditor {
  /// What the terminal should do after a key.
  enum Action: Equatable {
    /// Nothing changed on screen.
    case none
    /// Redraw the line.
    case redraw
    /// Ring the bell: the key could not do anything.
    case bell
    /// The line is entered.
    case submit(String)
    /// Ctrl-C: show `^C`, drop the line and start a new one.
    case cancel
    /// Ctrl-D on an empty line: end the session.
    case endOfInput
    /// Show these matches below the line, then redraw it.
    case list([String])
    /// Ask below the line whether to list this many matches (the answer is the next key).
    case askToList(Int)
    /// The list was declined: go to a new line and redraw the line there.
    case declined
    /// Clear the screen, then redraw the line.
    case clearScreen
    /// Suspend the process (Ctrl-Z), then redraw the line.
    case suspend
  }

  /// The line being edited (settable here for the search, in `LineEditor+Search.swift`).
  var buffer = EditBuffer()
  let completer: Completer?
  /// The history entries as recalled this line, plus the line being typed last (internal
  /// for the search, in `LineEditor+Search.swift`).
  var recall: [String] = [""]
  /// The entry of ``recall`` in the line.
  var recallIndex = 0
  /// The Ctrl-R search under way, if any.
  var search: ReverseSearch?
  /// The query of the last search, for Ctrl-R Ctrl-R.
  var lastSearchQuery: [Character] = []
  /// The text deleted last by Ctrl-K/U/W or Alt-D, for Ctrl-Y.
  private(set) var killed = ""
  private var lastKey: Key?
  /// The terminal's size, which decides whether listing matches asks first (the terminal
  /// sets it before each key).
  var screen = Screen(columns: 80, rows: 24)
  /// The matches waiting for the answer to ``Action/askToList(_:)``.
  private(set) var listToConfirm: [String]?

  /// A terminal's size in columns and rows.
  struct Screen: Equatable {
    var columns: Int
    var rows: Int
  }

  init(completer: Completer? = nil) {
    self.completer = completer
  }

  /// Starts a new, empty line with these history entries (oldest first) to recall.
  mutating func startLine(history: [String]) {
    buffer = EditBuffer()
    recall = history + [""]
    recallIndex = recall.count - 1
    lastKey = nil
    search = nil
    listToConfirm = nil
  }

  /// Applies one key.
  mutating func handle(_ key: Key) -> Action {
    if let matches = listToConfirm {
      // The answer to "Display all N possibilities?": the key does nothing else.
      listToConfirm = nil
      lastKey = nil
      return key == .insert("y") || key == .insert("Y") || key == .insert(" ")
        ? .list(matches) : .declined
    }
    if let search {
      lastKey = nil
      return handleSearch(key, search)
    }
    let previous = lastKey
    lastKey = key
    switch key {
    case .insert(let scalar):
      return buffer.insert(scalar) ? .redraw : .bell
    case .enter:
      return .submit(buffer.text)
    case .tab:
      return complete(repeated: previous == .tab)
    case .backspace:
      return buffer.deleteBackward() == nil ? .none : .redraw
    case .delete:
      return buffer.deleteForward() == nil ? .none : .redraw
    case .endOfInput:
      if buffer.isEmpty { return .endOfInput }
      return buffer.deleteForward() == nil ? .none : .redraw
    case .left:
      return buffer.moveLeft() ? .redraw : .none
    case .right:
      return buffer.moveRight() ? .redraw : .none
    case .home:
      buffer.moveToStart()
      return .redraw
    case .end:
      buffer.moveToEnd()
      return .redraw
    case .wordLeft:
      buffer.moveWordLeft()
      return .redraw
    case .wordRight:
      buffer.moveWordRight()
      return .redraw
    case .up:
      return recallEntry(by: -1)
    case .down:
      return recallEntry(by: 1)
    case .killToEnd:
      return kill(buffer.killToEnd())
    case .killToStart:
      return kill(buffer.killToStart())
    case .killWordBackward:
      return kill(buffer.killWordBackward())
    case .killWordForward:
      return kill(buffer.killWordForward())
    case .yank:
      guard !killed.isEmpty else { return .none }
      return buffer.insert(killed) ? .redraw : .bell
    case .transpose:
      return buffer.transpose() ? .redraw : .bell
    case .interrupt:
      return .cancel
    case .clearScreen:
      return .clearScreen
    case .suspend:
      return .suspend
    case .reverseSearch:
      return startSearch()
    case .abort:
      return .bell
    case .escape, .ignored:
      return .none
    }
  }

  private mutating func kill(_ text: String) -> Action {
    guard !text.isEmpty else { return .none }
    killed = text
    return .redraw
  }

  private mutating func recallEntry(by step: Int) -> Action {
    let target = recallIndex + step
    guard recall.indices.contains(target) else { return .bell }
    recall[recallIndex] = buffer.text
    recallIndex = target
    buffer.replace(with: recall[target])
    return .redraw
  }

  private mutating func complete(repeated: Bool) -> Action {
    guard let completer else { return .bell }
    let completion = completer.complete(buffer.characters, cursor: buffer.cursor)
    let candidates = completion.candidates
    let word = completion.start..<buffer.cursor
    guard let first = candidates.first else { return .bell }
    if candidates.count == 1 {
      buffer.replace(word, with: first.replacement)
      let next = buffer.cursor < buffer.characters.count ? buffer.characters[buffer.cursor] : nil
      if first.terminator == " ", next == " " {
        buffer.moveRight()
      } else {
        buffer.insert(first.terminator)
      }
      return .redraw
    }
    let prefix = completion.commonPrefix
    if prefix != String(buffer.characters[word]), !prefix.isEmpty {
      buffer.replace(word, with: prefix)
      return .redraw
    }
    // Nothing to add: the first Tab rings, the next lists, asking first past a screenful.
    guard repeated else { return .bell }
    let matches = candidates.map(\.display)
    let rows = LineRenderer.columns(matches, width: screen.columns).count
    // The list and the line redrawn below it must fit on the screen.
    guard rows + 1 > screen.rows else { return .list(matches) }
    listToConfirm = matches
    return .askToList(matches.count)
  }
}
