import Support

/// A buffered writer to a file descriptor, or to memory for tests.
///
/// Script mode may print millions of lines, so output is collected in a byte buffer and
/// written with `write(2)` in large chunks. A closed pipe (EPIPE) marks the stream broken and
/// later writes are dropped: the caller then exits quietly.
final class OutputStream {
  private let descriptor: Int32?
  private(set) var buffer: [UInt8] = []
  private let limit: Int
  /// Set when the reader went away (closed pipe) or the device failed.
  private(set) var isBroken = false

  /// A stream that writes to a file descriptor once `limit` bytes are buffered.
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
    let failure = buffer.withUnsafeBytes { POSIX.writeAll(descriptor, $0) }
    if failure != nil { isBroken = true }
    buffer.removeAll(keepingCapacity: true)
  }
}
