internal import Dealership

/// The lines entered at the prompt, oldest first, for ↑ and ↓.
///
/// Bounded to ``limit`` entries (the oldest go first). Trailing blanks are dropped; blank lines,
/// a repeat of the entry before, and lines longer than ``maximumEntryLength`` bytes are not
/// recorded.
struct History: Equatable {
  static let defaultLimit = 1000
  /// Longer lines are run but not remembered, so the history stays small.
  static let maximumEntryLength = 4096

  let limit: Int
  private(set) var entries: [String] = []

  init(limit: Int = History.defaultLimit, entries: [String] = []) {
    self.limit = max(limit, 1)
    for entry in entries { record(entry) }
  }

  /// Whether a line would be kept.
  static func isWorthRecording(_ line: String) -> Bool {
    !line.allSatisfy(\.isWhitespace) && line.utf8.count <= maximumEntryLength
      && !line.contains(where: \.isNewline)
  }

  /// Records a line without its trailing blanks; returns the entry kept, or `nil`.
  @discardableResult
  mutating func record(_ line: String) -> String? {
    var entry = line
    while entry.last?.isWhitespace == true { entry.removeLast() }
    guard Self.isWorthRecording(entry), entries.last != entry else { return nil }
    entries.append(entry)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
    return entry
  }
}
