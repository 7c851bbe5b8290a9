internal import Dealership

/// Ctrl-R: readline's incremental reverse search of the history.
///
/// Ctrl-R shows `(reverse-i-search)'': ` in place of the prompt; each character typed extends
/// the query and shows the newest entry containing it (from the one shown, so a longer query
/// stays on it while it still matches), Ctrl-R again goes on to the next older match,
/// Backspace shortens the query and searches again from the newest entry. When nothing
/// matches the prompt says `(failed reverse-i-search)` and the last match stays. Enter runs
/// the entry shown; Escape keeps it in the line for editing; any other editing key (←, →,
/// Ctrl-A, Ctrl-E, Tab, …) keeps it and then does what it does; Ctrl-G or Ctrl-C puts the line
/// back as it was before the search.
extension LineEditor {
  /// The prompt to show instead of the usual one while a search is on, else `nil`.
  var searchPrompt: String? { search?.prompt }

  /// Applies a key while a search is on.
  mutating func handleSearch(_ key: Key, _ search: ReverseSearch) -> Action {
    var search = search
    switch key {
    case .insert(let scalar):
      guard search.query.count < ReverseSearch.maximumQueryLength else { return .bell }
      var query = String(search.query)
      query.unicodeScalars.append(scalar)
      search.query = Array(query)
      return show(search, from: search.match ?? search.start)
    case .reverseSearch:
      if search.query.isEmpty {
        // Ctrl-R Ctrl-R: the last search again, as readline does.
        guard !lastSearchQuery.isEmpty else { return .bell }
        search.query = lastSearchQuery
        return show(search, from: search.start)
      }
      guard let match = search.match, !search.failed else {
        self.search = search
        return .bell
      }
      return show(search, from: match - 1)
    case .backspace:
      guard !search.query.isEmpty else { return .bell }
      search.query.removeLast()
      search.failed = false
      guard !search.query.isEmpty else {
        search.match = nil
        self.search = search
        buffer = search.original
        return .redraw
      }
      return show(search, from: search.start)
    case .abort, .interrupt:
      buffer = search.original
      self.search = nil
      return .redraw
    case .escape:
      acceptSearch(search)
      return .redraw
    case .enter:
      acceptSearch(search)
      return .submit(buffer.text)
    default:
      acceptSearch(search)
      return handle(key)
    }
  }

  /// Begins a search from the line being edited.
  mutating func startSearch() -> Action {
    // From the line being typed, the newest entry; from a recalled entry, that entry.
    let start = recallIndex == recall.count - 1 ? recallIndex - 1 : recallIndex
    search = ReverseSearch(original: buffer, originalIndex: recallIndex, start: start)
    return .redraw
  }

  /// Shows the newest match at or before `index` (keeping the last match, marked failed, if
  /// there is none).
  private mutating func show(_ search: ReverseSearch, from index: Int) -> Action {
    var search = search
    lastSearchQuery = search.query
    guard let found = search.find(in: recall, from: index) else {
      // The prompt changes to say so; the last match stays in the line.
      search.failed = true
      self.search = search
      return .redraw
    }
    search.match = found.entry
    search.failed = false
    self.search = search
    var shown = EditBuffer(recall[found.entry])
    shown.move(to: found.position)
    buffer = shown
    return .redraw
  }

  /// Ends the search keeping the entry shown in the line; ↑ and ↓ then go on from it.
  private mutating func acceptSearch(_ search: ReverseSearch) {
    self.search = nil
    guard let match = search.match else { return }
    recall[search.originalIndex] = search.original.text
    recallIndex = match
  }
}
