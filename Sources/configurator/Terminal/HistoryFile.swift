internal import Dealership
import Support

/// Where the prompt's history lives between sessions, and reading and writing it.
///
/// The file is `$XDG_STATE_HOME/configurator/history`, else
/// `~/.local/state/configurator/history`: one line per entry, oldest first. Each entered line
/// is appended at once, so a killed session loses nothing; at the end of a session the file is
/// rewritten atomically (temporary file, fsync, rename) without repeats and cut to the bound.
/// Every failure is silent: a history that cannot be read or written is simply not kept.
struct HistoryFile {
  /// The file's path.
  let path: String
  let limit: Int

  /// Files larger than this are read from their tail only.
  static let maximumReadSize = 4 << 20

  init(path: String, limit: Int = History.defaultLimit) {
    self.path = path
    self.limit = limit
  }

  /// The history file for an environment, or `nil` when neither variable gives a place.
  ///
  /// `XDG_STATE_HOME` counts only when it is an absolute path, as the XDG spec says.
  static func location(environment: (String) -> String?) -> String? {
    if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
      return Self.join(state, "configurator/history")
    }
    if let home = environment("HOME"), home.hasPrefix("/") {
      return Self.join(home, ".local/state/configurator/history")
    }
    return nil
  }

  /// The history file of this process's environment.
  static func standard() -> HistoryFile? {
    location { name in POSIX.environment(name) }.map { HistoryFile(path: $0) }
  }

  /// The entries in the file, bounded; empty when it is missing or unreadable.
  func load() -> History {
    History(limit: limit, entries: readLines() ?? [])
  }

  /// Appends one line; creates the file and its folders when needed.
  func append(_ line: String) {
    guard History.isWorthRecording(line), makeParentFolders() else { return }
    let descriptor = POSIX.openForAppending(path, creatingWith: 0o600)
    guard descriptor >= 0 else { return }
    defer { POSIX.close(descriptor) }
    _ = Array((line + "\n").utf8).withUnsafeBytes { POSIX.writeAll(descriptor, $0) }
  }

  /// Rewrites the file from what it holds now (other sessions may have appended too), without
  /// consecutive repeats and cut to the bound, atomically. Leaves an unreadable file alone.
  func compact() {
    guard let lines = readLines() else { return }
    save(History(limit: limit, entries: lines))
  }

  /// Writes the entries atomically (``AtomicFile``: a temporary file beside the history,
  /// fsync, rename).
  func save(_ history: History) {
    guard makeParentFolders() else { return }
    var bytes: [UInt8] = []
    for entry in history.entries {
      bytes.append(contentsOf: entry.utf8)
      bytes.append(10)
    }
    try? AtomicFile.write(bytes, to: path, mode: 0o600)
  }

  /// The file's lines, or `nil` when it exists but cannot be read.
  private func readLines() -> [String]? {
    let descriptor = POSIX.openForReading(path)
    guard descriptor >= 0 else { return Errno.current == .noSuchFileOrDirectory ? [] : nil }
    defer { POSIX.close(descriptor) }
    guard let status = FileStatus.of(descriptor: descriptor), status.kind == .regular else {
      return nil
    }
    let size = Int(status.size)
    let skipped = max(0, size - Self.maximumReadSize)
    if skipped > 0, !POSIX.seek(descriptor, to: skipped) { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < Self.maximumReadSize {
      let count = chunk.withUnsafeMutableBytes { POSIX.read(descriptor, into: $0) }
      if count < 0 { return nil }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
    }
    var lines = bytes.split(separator: 10, omittingEmptySubsequences: true).map {
      String(decoding: $0, as: UTF8.self)
    }
    // A tail read starts inside a line: drop that piece.
    if skipped > 0, !lines.isEmpty { lines.removeFirst() }
    return lines
  }

  /// Creates the folders above the file (mode 700) as needed; whether they exist now.
  private func makeParentFolders() -> Bool {
    guard let slash = path.lastIndex(of: "/") else { return true }
    let folder = String(path[..<slash])
    var prefix = folder.hasPrefix("/") ? "" : "."
    for component in folder.split(separator: "/") {
      prefix += "/" + component
      if !POSIX.makeDirectory(prefix, permissions: 0o700), Errno.current != .fileExists {
        return false
      }
    }
    return true
  }

  private static func join(_ folder: String, _ rest: String) -> String {
    folder.hasSuffix("/") ? folder + rest : folder + "/" + rest
  }
}
