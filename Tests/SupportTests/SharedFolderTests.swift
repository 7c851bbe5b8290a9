import Foundation
import Testing

@testable import Support

/// SPEC §10: a store or save target that another user owns in a world-writable sticky folder
/// (like `/tmp`) is refused, a regular file as well as a symbolic link — the rule of Linux's
/// `fs.protected_regular`, applied by the program whatever the system's setting.
///
/// Giving a file to another user needs root (CI runs as root); without it these tests are
/// disabled, and reported as skipped, not as passed.
@Suite(.enabled(if: getuid() == 0, "a file owned by another user needs root to make"))
struct SharedFolderTests {
  /// The user that owns the planted files (`nobody` on most systems).
  private static let otherUser: uid_t = 65534

  /// A scratch folder with a subfolder `shared` of the given mode and owner, holding the file
  /// `x.json` (`planted`, mode `0666`) of the given owner.
  private struct Scratch {
    let root: String
    var shared: String { root + "/shared" }
    var file: String { shared + "/x.json" }

    init(folderMode: mode_t, folderOwner: uid_t = 0, fileOwner: uid_t) throws {
      let template = FileManager.default.temporaryDirectory.path + "/configurator-shared-XXXXXX"
      var bytes = Array(template.utf8CString)
      let made = bytes.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress.flatMap { mkdtemp($0) }
      }
      root = try #require(made.map { String(cString: $0) })
      #expect(mkdir(root + "/shared", 0o700) == 0)
      #expect(chmod(shared, folderMode) == 0)
      #expect(chown(shared, folderOwner, folderOwner) == 0)
      #expect(FileManager.default.createFile(atPath: file, contents: Data("planted".utf8)))
      #expect(chmod(file, 0o666) == 0)
      #expect(chown(file, fileOwner, fileOwner) == 0)
    }

    var contents: String {
      (try? String(contentsOfFile: file, encoding: .utf8)) ?? "(unreadable)"
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
  }

  private static func refusal(_ path: String) -> String {
    "refusing to use the file '\(path)': it is in a world-writable sticky directory and "
      + "belongs to another user"
  }

  @Test func anotherUsersFileInAStickyFolderIsNotReplaced() throws {
    let scratch = try Scratch(folderMode: 0o1777, fileOwner: Self.otherUser)
    defer { scratch.remove() }
    let error = try #require(throws: FileSystemError.self) {
      try AtomicFile.write(Array("session".utf8), to: scratch.file)
    }
    #expect(error.description == "cannot write '\(scratch.file)': \(Self.refusal(scratch.file))")
    #expect(scratch.contents == "planted")
    // Nothing left behind: no temporary file.
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.shared) == ["x.json"])
  }

  @Test func anotherUsersFileInAStickyFolderIsNotHeldAsAStore() throws {
    let scratch = try Scratch(folderMode: 0o1777, fileOwner: Self.otherUser)
    defer { scratch.remove() }
    do {
      let held = try LockedFile.open(scratch.file) { Array("new".utf8) }
      Issue.record("held \(held.path)")
    } catch .system(let error) {
      #expect(error.description == "cannot open '\(scratch.file)': \(Self.refusal(scratch.file))")
    } catch {
      Issue.record("unexpected \(error)")
    }
    #expect(scratch.contents == "planted")
  }

  /// As `protected_regular`: the user's own file, the folder owner's file, and any file in a
  /// folder that is not both sticky and world-writable are used as before.
  @Test(arguments: [
    (mode_t(0o1777), uid_t(0), uid_t(0)),
    (mode_t(0o1777), uid_t(65534), uid_t(65534)),
    (mode_t(0o0777), uid_t(0), uid_t(65534)),
    (mode_t(0o1770), uid_t(0), uid_t(65534)),
  ])
  func otherFilesAreUsedAsBefore(folderMode: mode_t, folderOwner: uid_t, fileOwner: uid_t)
    throws
  {
    let scratch = try Scratch(
      folderMode: folderMode, folderOwner: folderOwner, fileOwner: fileOwner)
    defer { scratch.remove() }
    let held = try LockedFile.open(scratch.file) { [] }
    #expect(try held.readAll(limit: 100) == Array("planted".utf8))
    try AtomicFile.write(Array("session".utf8), to: scratch.file)
    #expect(scratch.contents == "session")
  }
}
