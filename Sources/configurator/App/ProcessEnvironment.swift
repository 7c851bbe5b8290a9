internal import Dealership
internal import StockValuation
import Support

/// The process's environment as the dealership's session sees it (``SessionEnvironment``):
/// its environment variables, the system clock, the working folder, and files read and
/// written through Support's file layer and this executable's session files. A `save` to the
/// path of the session's own store compacts that store instead of replacing it, so the
/// environment knows the store the session keeps (``store``).
final class ProcessEnvironment: SessionEnvironment {
  /// The store the session is kept in, if any.
  var store: StoreKeeper?

  init() {}

  func variable(_ name: String) -> String? {
    POSIX.environment(name)
  }

  func systemDate() -> CalendarDate {
    guard let now = UTCTime.now,
      let date = CalendarDate(year: now.year, month: now.month, day: now.day)
    else { return .unixEpoch }
    return date
  }

  func absolutePath(_ path: String) -> String {
    guard !path.hasPrefix("/"), let directory = POSIX.currentDirectory else { return path }
    return directory + "/" + path
  }

  func fileExists(_ path: String) -> Bool {
    POSIX.exists(path)
  }

  func readFile(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
    try FileInput.readAll(path: path, limit: limit)
  }

  func readInventory(_ path: String, keepingLinesUpTo lineLimit: Int, byteLimit: Int)
    throws(InventoryError) -> InventoryCSV.Contents
  {
    try InventoryCSV.read(fromFile: path, keepingLinesUpTo: lineLimit, byteLimit: byteLimit)
  }

  func saveSession(_ state: SessionState, to path: String) throws(CommandError) {
    do {
      try SessionFile.save(state, to: path, store: store)
    } catch {
      throw .failed(command: "save", error)
    }
  }

  func writeFile(_ bytes: [UInt8], to path: String, for command: String) throws(CommandError) {
    do {
      try AtomicFile.write(bytes, to: path, mode: 0o600) { _, isLocked in
        isLocked ? "it is the store of another configurator process; write elsewhere" : nil
      }
    } catch {
      throw .failed(command: command, error)
    }
  }

  func loadSession(_ path: String, catalogs: Catalogs) throws(CommandError) -> SavedSession {
    do {
      let bytes = try SessionFile.read(path)
      return try SessionFileDecoder(file: path, catalogs: catalogs).decode(bytes)
    } catch let error as SessionFileError {
      throw .failed(command: nil, error)
    } catch let error as FileSystemError {
      throw .failed(command: "load", error)
    } catch {
      throw .file(command: "load", .unreadable(path: path))
    }
  }
}
