import CarFactory
import Foundation
import Support
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// SPEC §10: a store is one file whatever path reaches it, only regular files are stores or
/// are replaced by `save`, links in sticky shared folders are not followed, files are `0600`,
/// and each command appends one record to the store.
@Suite struct StoreSafetyTests {
  // MARK: one file, any path

  /// The three ways to reach one file by another name.
  enum Alias: String, CaseIterable, Sendable {
    case symbolicLink = "symbolic link"
    case hardLink = "hard link"
    case dotSlash = "./"
  }

  @Test(arguments: Alias.allCases)
  func anotherPathToAHeldStoreIsRefused(_ alias: Alias) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let real = scratch.path("real.json")
    #expect(try BinaryRunner.run(["--store", real, "build", "sports"]).status == 0)
    var other = scratch.path("alias.json")
    switch alias {
    case .symbolicLink:
      try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: "real.json")
    case .hardLink: #expect(link(real, other) == 0)
    case .dotSlash: other = "./real.json"
    }
    let holder = try Holder(store: real)
    let before = try scratch.bytes("real.json")
    let second = try BinaryRunner.run(
      ["--store", other, "build", "compact"], directory: scratch.url)
    #expect(second.status == 1)
    // The holder is named where its record is found: beside the file the path resolves to
    // (a hard link is another name, so there the holder goes unnamed).
    let holding =
      alias == .hardLink
      ? "another configurator process" : "configurator process \(holder.processID) since "
    #expect(second.stderr.hasPrefix("configurator: store '\(other)' is in use by \(holding)"))
    #expect(second.stderr.hasSuffix("; use --wait SECONDS to wait for it\n"))
    let save = try BinaryRunner.run(["save", other], directory: scratch.url)
    #expect(save.status == 1)
    #expect(
      save.stderr
        == "configurator: save: cannot write '\(other)': it is the store of another configurator process; save elsewhere\n"
    )
    #expect(try scratch.bytes("real.json") == before)
    let (status, _) = try holder.finish(sending: "build suv\n")
    #expect(status == 0)
    // Both builds are in the one store, read through the other path.
    let after = try BinaryRunner.run(["--store", other, "builds"], directory: scratch.url)
    #expect(after.stdout.contains("Porsche Boxster") && after.stdout.contains("Cadillac Escalade"))
  }

  /// With no lock file to delete, the nearest attack is deleting the store itself: a second
  /// process then makes a new store, and the first must not overwrite it.
  @Test func aHolderWhoseStoreWasReplacedSavesNothingOverTheNewOne() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("dealer.json")
    let holder = try Holder(store: store)
    try FileManager.default.removeItem(atPath: store)
    #expect(try BinaryRunner.run(["--store", store, "build", "compact"]).status == 0)
    let (status, errors) = try holder.finish(sending: "build suv\n")
    #expect(status == 1)
    #expect(
      errors
        == "configurator: line 1: store not saved: cannot write '\(store)': it is no longer the file this process opened (moved, removed or replaced) (it keeps its last saved state)\n"
    )
    let after = try BinaryRunner.run(["--store", store, "builds"])
    #expect(after.stdout.contains("VW Golf") && !after.stdout.contains("Cadillac Escalade"))
  }

  // MARK: regular files only

  @Test func aFIFOADirectoryAndADeviceAreRefusedAsStoresLeavingNothing() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let fifo = scratch.path("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let cases = [
      (fifo, "a FIFO"), (scratch.url.path, "a directory"), ("/", "a directory"),
      ("/dev/null", "a character device"),
    ]
    for (path, kind) in cases {
      let result = try BinaryRunner.run(["--store", path, "build", "sports"])
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "configurator: store '\(path)' is \(kind), not a regular file (a store is a regular file)\n"
      )
    }
    #expect(try scratch.names() == ["fifo"])
    #expect(Self.kind(fifo) == S_IFIFO)
    #expect(Self.kind("/dev/null") == S_IFCHR)
  }

  @Test func saveReplacesNothingButARegularFile() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let fifo = scratch.path("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    for (path, kind) in [(fifo, "a FIFO"), (scratch.url.path, "a directory")] {
      let result = try BinaryRunner.run(["save", path])
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "configurator: save: cannot write '\(path)': not a regular file (it is \(kind))\n")
    }
    #expect(Self.kind(fifo) == S_IFIFO)
    #expect(try scratch.names() == ["fifo"])
  }

  /// A device node of our own (a second /dev/null), so the real one is never at risk.
  @Test(.enabled(if: getuid() == 0, "making a device node needs root"))
  func saveDoesNotReplaceADeviceNode() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let device = scratch.path("null")
    #expect(mknod(device, S_IFCHR | 0o666, dev_t(0x103)) == 0)
    let result = try BinaryRunner.run(["save", device])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "configurator: save: cannot write '\(device)': not a regular file (it is a character device)\n"
    )
    #expect(Self.kind(device) == S_IFCHR)
    #expect(try scratch.names() == ["null"])
  }

  @Test func newSessionFilesAndStoresAreTheUsersAloneAndOldFilesKeepTheirMode() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    #expect(try BinaryRunner.run(["save", scratch.path("new.json")]).status == 0)
    #expect(try BinaryRunner.run(["--store", scratch.path("store.json"), "builds"]).status == 0)
    try scratch.write("old", to: "old.json")
    #expect(chmod(scratch.path("old.json"), 0o644) == 0)
    #expect(try BinaryRunner.run(["save", scratch.path("old.json")]).status == 0)
    #expect(Self.permissions(scratch.path("new.json")) == 0o600)
    #expect(Self.permissions(scratch.path("store.json")) == 0o600)
    #expect(Self.permissions(scratch.path("old.json")) == 0o644)
  }

  // MARK: links in shared folders

  /// Like /tmp: a world-writable sticky folder, and in it a link that another user owns.
  @Test(.enabled(if: getuid() == 0, "a link owned by another user needs root to make"))
  func aLinkOfAnotherUserInAStickyFolderIsNotFollowed() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let shared = scratch.path("shared")
    #expect(mkdir(shared, 0o777) == 0 && chmod(shared, 0o1777) == 0)
    try scratch.write("secret", to: "victim.json")
    let link = shared + "/x.json"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../victim.json")
    #expect(lchown(link, 4242, 4242) == 0)
    let message =
      "refusing to follow the symbolic link '\(link)': it is in a world-writable sticky directory and belongs to another user"
    let save = try BinaryRunner.run(["save", link])
    #expect(save.status == 1)
    #expect(save.stderr == "configurator: save: cannot write '\(link)': \(message)\n")
    let store = try BinaryRunner.run(["--store", link, "build", "sports"])
    #expect(store.status == 1)
    #expect(store.stderr == "configurator: store '\(link)': cannot open: \(message)\n")
    #expect(try scratch.bytes("victim.json") == Data("secret".utf8))
    // The user's own link there is followed, as the kernel's protected_symlinks allows.
    #expect(lchown(link, getuid(), getgid()) == 0)
    #expect(try BinaryRunner.run(["save", link]).status == 0)
    #expect(try scratch.bytes("victim.json").starts(with: Data("{\n  \"format\"".utf8)))
  }

  // MARK: the journal

  @Test func eachCommandThatChangesTheStoreAppendsOneSmallRecord() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("dealer.json")
    #expect(try BinaryRunner.run(["--store", store, "builds"]).status == 0)
    let document = try scratch.bytes("dealer.json")
    let script = String(repeating: "build sports drive=4wd\nbuilds\n", count: 300)
    #expect(try BinaryRunner.run(["--store", store], stdin: script).status == 0)
    let file = try scratch.bytes("dealer.json")
    #expect(file.prefix(document.count) == document)
    let records = String(decoding: file.dropFirst(document.count), as: UTF8.self)
      .split(separator: "\n")
    #expect(records.count == 300)
    #expect(
      records.last
        == #"{"record":300,"builds":{"add":[{"number":300,"model":"sports","options":{"drive":"4wd"},"price":"76550.00","choices":["drive=4wd"]}]},"nextBuild":301}"#
    )
    #expect(records.allSatisfy { $0.utf8.count < 160 })
  }

  /// A small compaction threshold: the journal is folded into a new document, the new file is
  /// held (another lock on it fails), and the store reads back as the session.
  @Test func aLongJournalIsCompactedAndTheNewFileIsHeld() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("dealer.json")
    let catalogs = Catalogs(registry: CarRegistry())
    let (keeper, _) = try StoreKeeper.open(store, catalogs: catalogs, minimumJournal: 1024)
    var state = SessionState(catalogs: catalogs)
    state.stock = Stock()
    let session = Session(state: state, format: .text, out: OutputStream(), err: OutputStream())
    try session.keep(in: keeper)
    for _ in 0..<60 { try session.execute("build compact suspension=firm"[...]) }
    let bytes = Array(try scratch.bytes("dealer.json"))
    let contents = try SessionFileDecoder(file: store, catalogs: catalogs).decodeStore(bytes)
    #expect(contents.state == session.state.saved)
    #expect(contents.recordCount < 40)
    #expect(Self.isLockedElsewhere(store))
    // The keeper's holder record stays beside the store while it is held.
    #expect(try scratch.names() == [".dealer.json.holder", "dealer.json"])
  }

  @Test func aTornLastRecordIsDroppedAndOtherTrailingTextRefused() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("dealer.json")
    #expect(try BinaryRunner.run(["--store", store, "build", "sports"]).status == 0)
    let good = try scratch.bytes("dealer.json")
    try (good + Data(#"{"record":2,"builds":{"ad"#.utf8)).write(to: URL(fileURLWithPath: store))
    // A reader leaves the torn record out, and in place; the next holder cuts it off.
    let result = try BinaryRunner.run(["--store", store, "builds"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Porsche Boxster"))
    #expect(try scratch.bytes("dealer.json").count > good.count)
    let held = try BinaryRunner.run(["--store", store], stdin: "builds\n")
    #expect(held.status == 0)
    #expect(held.stdout.contains("Porsche Boxster"))
    #expect(try scratch.bytes("dealer.json") == good)
    try (good + Data("junk\n".utf8)).write(to: URL(fileURLWithPath: store))
    let refused = try BinaryRunner.run(["--store", store, "builds"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("unexpected text after the end of the JSON value"))
  }

  // MARK: helpers

  /// A `configurator --store FILE --batch` that holds its store until told to finish.
  final class Holder {
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()

    init(store: String) throws {
      process.executableURL = BinaryRunner.executable
      process.arguments = ["--store", store, "--batch"]
      process.standardInput = input
      process.standardOutput = FileHandle.nullDevice
      process.standardError = errors
      try process.run()
      let deadline = Date().addingTimeInterval(20)
      let record = StoreReadersTests.Desk.record(of: store)
      while !StoreSafetyTests.isLockedElsewhere(store)
        || !FileManager.default.fileExists(atPath: record), Date() < deadline
      {
        usleep(2_000)
      }
    }

    var processID: Int32 { process.processIdentifier }

    /// Sends the last lines, closes the input and waits: the exit status and stderr.
    func finish(sending text: String) throws -> (Int32, String) {
      try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
      try input.fileHandleForWriting.close()
      process.waitUntilExit()
      let stderr = errors.fileHandleForReading.readDataToEndOfFile()
      return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }
  }

  /// Whether some other open file holds a `flock` on the file at `path`.
  static func isLockedElsewhere(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
    return false
  }

  static func kind(_ path: String) -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
  }

  static func permissions(_ path: String) -> mode_t {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
  }
}
