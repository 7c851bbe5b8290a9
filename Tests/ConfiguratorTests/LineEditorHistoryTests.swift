import Testing

@testable import Dealership
@testable import configurator

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// History in memory (↑/↓, what is recorded, the bound) and in its file.
@Suite struct LineEditorHistoryTests {
  @Test func blankLinesAndConsecutiveRepeatsAreNotRecorded() {
    var history = History()
    for line in ["models", "models ", "  ", "", "build sports", "models"] { history.record(line) }
    #expect(history.entries == ["models", "build sports", "models"])
  }

  @Test func theOldestEntriesGoBeyondTheBound() {
    var history = History(limit: 3)
    for number in 1...5 { history.record("show \(number)") }
    #expect(history.entries == ["show 3", "show 4", "show 5"])
  }

  @Test func veryLongLinesAreNotRecorded() {
    var history = History()
    let recorded = history.record(String(repeating: "x", count: History.maximumEntryLength + 1))
    #expect(recorded == nil)
  }

  @Test func upRecallsOlderEntriesAndDownComesBackToTheLineBeingTyped() {
    var editor = LineEditor()
    editor.startLine(history: ["models", "build sports"])
    for scalar in "bu".unicodeScalars { _ = editor.handle(.insert(scalar)) }
    _ = editor.handle(.up)
    #expect(editor.buffer.text == "build sports")
    _ = editor.handle(.up)
    #expect(editor.buffer.text == "models")
    #expect(editor.handle(.up) == .bell)
    _ = editor.handle(.down)
    _ = editor.handle(.down)
    #expect(editor.buffer.text == "bu")
    #expect(editor.handle(.down) == .bell)
  }

  @Test func anEditedEntryKeepsItsEditsWhileTheLineIsBeingTyped() {
    var editor = LineEditor()
    editor.startLine(history: ["models"])
    _ = editor.handle(.up)
    _ = editor.handle(.backspace)
    _ = editor.handle(.down)
    _ = editor.handle(.up)
    #expect(editor.buffer.text == "model")
    #expect(editor.handle(.enter) == .submit("model"))
  }

  @Test(arguments: [
    (["XDG_STATE_HOME": "/state", "HOME": "/home/u"], "/state/configurator/history"),
    (["XDG_STATE_HOME": "/state/", "HOME": "/home/u"], "/state/configurator/history"),
    (
      ["XDG_STATE_HOME": "relative", "HOME": "/home/u"], "/home/u/.local/state/configurator/history"
    ),
    (["HOME": "/home/u"], "/home/u/.local/state/configurator/history"),
  ])
  func theFileLivesUnderXDGStateHomeElseTheHomeFolder(
    environment: [String: String], expected: String
  ) {
    #expect(HistoryFile.location { environment[$0] } == expected)
  }

  @Test func withNoHomeThereIsNoHistoryFile() {
    #expect(HistoryFile.location { _ in nil } == nil)
  }

  @Test func appendedLinesAreLoadedAndCompactionDropsRepeatsAndKeepsTheBound() throws {
    let folder = try TemporaryFolder()
    let file = HistoryFile(path: folder.path + "/state/configurator/history", limit: 3)
    #expect(file.load().entries.isEmpty)
    for line in ["models", "models", "show 1", "", "show 2", "show 3"] { file.append(line) }
    #expect(file.load().entries == ["show 1", "show 2", "show 3"])
    file.compact()
    #expect(folder.contents("state/configurator/history") == "show 1\nshow 2\nshow 3\n")
  }

  @Test func anUnwritableLocationIsSilentlyIgnored() throws {
    let folder = try TemporaryFolder()
    // A file where a folder should be: nothing can be created below it.
    let blocker = HistoryFile(path: folder.path + "/blocker", limit: 3)
    blocker.append("models")
    let file = HistoryFile(path: folder.path + "/blocker/configurator/history")
    file.append("models")
    file.compact()
    #expect(file.load().entries.isEmpty)
  }

  /// A fresh folder under the temporary directory, removed when the test ends.
  private final class TemporaryFolder {
    let path: String

    init() throws {
      var template = Array("/tmp/configurator-history-XXXXXX".utf8CString)
      guard
        let made = template.withUnsafeMutableBufferPointer({ buffer in
          buffer.baseAddress.flatMap { mkdtemp($0) }
        })
      else {
        throw Failure()
      }
      path = String(cString: made)
    }

    func contents(_ relative: String) -> String? {
      let descriptor = open(path + "/" + relative, O_RDONLY)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var bytes = [UInt8](repeating: 0, count: 4096)
      let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      return String(decoding: bytes[..<max(count, 0)], as: UTF8.self)
    }

    deinit {
      Self.remove(path)
    }

    /// Removes a file, or a folder and what it holds (symbolic links are not followed).
    private static func remove(_ path: String) {
      var status = stat()
      guard lstat(path, &status) == 0 else { return }
      if (status.st_mode & S_IFMT) == S_IFDIR {
        for entry in FolderListing.entries(of: path) { remove(path + "/" + entry.name) }
        rmdir(path)
      } else {
        unlink(path)
      }
    }

    struct Failure: Error {}
  }
}
