package import StockValuation
package import Support

/// Everything the dealership's session reaches outside itself through: the clock, the
/// process's environment variables and working folder, and every file it reads or writes.
/// The core prints nothing and opens nothing on its own; the executable injects the process's
/// environment (its `ProcessEnvironment`), tests one of their own.
package protocol SessionEnvironment {
  /// The value of an environment variable, or `nil` when it is not set.
  ///
  /// - Parameter name: The variable (`CONFIGURATOR_TODAY`).
  /// - Returns: Its value.
  func variable(_ name: String) -> String?

  /// Today's date by the system's clock, in UTC.
  func systemDate() -> CalendarDate

  /// A path made absolute against the working folder (unchanged when it is absolute already).
  ///
  /// - Parameter path: The path as the user named it.
  /// - Returns: The path, absolute; as given when the working folder is unknown.
  func absolutePath(_ path: String) -> String

  /// Whether a file is there.
  ///
  /// - Parameter path: The file.
  /// - Returns: Whether it exists.
  func fileExists(_ path: String) -> Bool

  /// A whole file's bytes, read once (a pipe works), at most `limit` of them.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - limit: The most bytes read; a longer file is an error, not read further.
  /// - Returns: The bytes.
  /// - Throws: ``FileSystemError`` naming the file.
  func readFile(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8]

  /// An inventory CSV read once: the value of every line, and the lines themselves while the
  /// file stays within `lineLimit` lines and `byteLimit` bytes (StockValuation's
  /// `InventoryCSV.read(fromFile:keepingLinesUpTo:byteLimit:)`).
  ///
  /// - Throws: ``InventoryError`` naming the file, the line and the field.
  func readInventory(_ path: String, keepingLinesUpTo lineLimit: Int, byteLimit: Int)
    throws(InventoryError) -> InventoryCSV.Contents

  /// Writes the session to a session file (`save FILE`), atomically.
  ///
  /// - Parameters:
  ///   - state: The session.
  ///   - path: The file.
  /// - Throws: ``CommandError`` naming the file; it is then as it was.
  func saveSession(_ state: SessionState, to path: String) throws(CommandError)

  /// Writes a file the session made (`export hledger FILE`), atomically; never over a file
  /// another configurator process holds (a store).
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: The file.
  ///   - command: The command writing it, for the error.
  /// - Throws: ``CommandError`` naming the file; it is then as it was.
  func writeFile(_ bytes: [UInt8], to path: String, for command: String) throws(CommandError)

  /// Reads a session file (`load FILE`), its builds checked against the models in force.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - catalogs: The models in force.
  /// - Returns: What the file holds.
  /// - Throws: ``CommandError`` naming the file and what is wrong in it.
  func loadSession(_ path: String, catalogs: Catalogs) throws(CommandError) -> SavedSession
}
