import Support

/// A buffered writer to a file descriptor, or to memory for tests.
///
/// Script mode may print millions of lines, so output is collected in a byte buffer and
/// written with `write(2)` in large chunks. A failed write marks the stream broken and later
/// writes are dropped. What the caller does then depends on why (SPEC §10): a closed pipe
/// (EPIPE, `| head`) ends the program quietly; any other failure (a full disk, an I/O error)
/// is reported on stderr and the program exits 1 (see ``failureMessage``).
final class OutputStream {
  private let descriptor: Int32?
  private(set) var buffer: [UInt8] = []
  private let limit: Int
  /// The `errno` of the first failed write, or `nil` while every write succeeded.
  private(set) var failure: Int32?
  /// Set once the failure has been reported (by the script runner, with its line), so it is
  /// reported once.
  var failureReported = false

  /// Whether a write failed: later writes are dropped.
  var isBroken: Bool { failure != nil }

  /// Whether writes failed because the reader went away (a closed pipe): the one failure that
  /// ends the program quietly.
  var readerWentAway: Bool { failure == EPIPE }

  /// The message for a failure that must be reported (`cannot write to standard output: No
  /// space left on device`), or `nil` when the writes succeeded or the reader went away.
  ///
  /// - Parameter name: What the stream writes to, for the message.
  /// - Returns: The message, or `nil`.
  func failureMessage(writingTo name: String = "standard output") -> String? {
    guard let failure, failure != EPIPE else { return nil }
    return "cannot write to \(name): \(POSIX.message(for: failure))"
  }

  /// A stream that writes to a file descriptor once `limit` bytes are buffered.
  ///
  /// - Parameters:
  ///   - descriptor: Where the bytes go.
  ///   - limit: How many bytes are collected before they are written (0: every write).
  init(descriptor: Int32, limit: Int = 1 << 16) {
    self.descriptor = descriptor
    self.limit = limit
    buffer.reserveCapacity(limit + 4096)
  }

  /// A stream that keeps everything in memory (for tests).
  init() {
    self.descriptor = nil
    self.limit = Int.max
  }

  /// Everything written so far, for in-memory streams.
  var text: String { String(decoding: buffer, as: UTF8.self) }

  func write(_ text: String) {
    guard !isBroken else { return }
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= limit { flush() }
  }

  func write(bytes: [UInt8]) {
    guard !isBroken else { return }
    buffer.append(contentsOf: bytes)
    if buffer.count >= limit { flush() }
  }

  func write(bytes: UnsafeBufferPointer<UInt8>) {
    guard !isBroken else { return }
    buffer.append(contentsOf: bytes)
    if buffer.count >= limit { flush() }
  }

  func write(bytes: some Sequence<UInt8>) {
    guard !isBroken else { return }
    buffer.append(contentsOf: bytes)
    if buffer.count >= limit { flush() }
  }

  /// Writes a whole number in decimal without making a string.
  func write(number: Int) {
    guard !isBroken else { return }
    if number < 0 { buffer.append(UInt8(ascii: "-")) }
    var magnitude = number.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { raw in
      repeat {
        raw[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[(24 - count)...]))
    }
    if buffer.count >= limit { flush() }
  }

  /// Writes a line: the text and a newline.
  func line(_ text: String) {
    write(text)
    write(byte: 10)
  }

  func write(byte: UInt8) {
    guard !isBroken else { return }
    buffer.append(byte)
    if buffer.count >= limit { flush() }
  }

  /// Sends the buffered bytes to the descriptor.
  func flush() {
    guard let descriptor, !buffer.isEmpty else { return }
    guard !isBroken else {
      buffer.removeAll(keepingCapacity: true)
      return
    }
    if let code = buffer.withUnsafeBytes({ POSIX.writeAll(descriptor, $0) }) {
      failure = code
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
