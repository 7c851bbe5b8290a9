/// Who holds a ``LockedFile``: a process id and since when, recorded beside the file as
/// `.NAME.holder` (one line, `pid 4242 since 1764106802`), so that a process refused the lock
/// can say who holds it.
///
/// The record is only words for a message; the lock itself is the truth. The kernel lets a
/// `flock` go when its process dies, so a dead holder never blocks anyone; a record it leaves
/// behind (after `SIGKILL`) is read only while the lock is busy, and a record whose process
/// is gone is not believed (``isAlive``). The next holder writes its own record over it.
package struct LockHolder: Equatable, Sendable {
  /// The holding process.
  package let processID: Int32
  /// When it took the lock, in seconds since 1970-01-01 UTC.
  package let since: Int64

  /// The longest record read: a line of two numbers.
  static let maximumSize = 128

  /// A holder.
  package init(processID: Int32, since: Int64) {
    self.processID = processID
    self.since = since
  }

  /// This process, now.
  static var current: LockHolder {
    LockHolder(processID: POSIX.processID, since: SystemClock.secondsSince1970)
  }

  /// The record's name beside the file `name`.
  static func recordName(for name: String) -> String { ".\(name).holder" }

  /// The record's line.
  var line: [UInt8] { Array("pid \(processID) since \(since)\n".utf8) }

  /// Reads a record's line; `nil` for anything else (a record cut short, another program's
  /// file).
  ///
  /// - Parameter bytes: The record.
  package init?(parsing bytes: [UInt8]) {
    let words = String(decoding: bytes, as: UTF8.self).split(separator: " ")
    guard words.count == 4, words[0] == "pid", words[2] == "since", words[3].hasSuffix("\n"),
      let processID = Int32(words[1]), processID > 0,
      let since = Int64(words[3].dropLast()), since >= 0
    else { return nil }
    self.init(processID: processID, since: since)
  }

  /// Whether the process is still running (`kill(pid, 0)`: it exists, ours or not).
  package var isAlive: Bool {
    POSIX.isRunning(processID)
  }

  /// When the lock was taken, in UTC: `2026-11-25 21:40:02 UTC`.
  package var sinceText: String {
    guard let time = UTCTime(secondsSince1970: since) else { return "\(since) s after 1970 UTC" }
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(time.year)-\(two(time.month))-\(two(time.day)) "
      + "\(two(time.hour)):\(two(time.minute)):\(two(time.second)) UTC"
  }
}
