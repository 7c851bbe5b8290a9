/// Reads lines from a file descriptor in large chunks, refusing overlong lines without
/// holding them in memory.
///
/// A line longer than ``maximumLength`` bytes is reported as `.tooLong` and skipped up to its
/// newline; memory stays bounded by the chunk size plus the limit.
final class LineReader {
  enum Line {
    case text(String)
    case tooLong(byteCount: Int)
  }

  static let maximumLength = 64 * 1024

  private let descriptor: Int32
  private var chunk: [UInt8]
  private var start = 0
  private var end = 0
  private var atEnd = false
  private(set) var readFailed = false

  init(descriptor: Int32, chunkSize: Int = 1 << 16) {
    self.descriptor = descriptor
    self.chunk = [UInt8](repeating: 0, count: max(chunkSize, 4096))
  }

  /// The next line without its terminator (`\n` or `\r\n`), or `nil` at the end of input.
  func next() -> Line? {
    var pending: [UInt8] = []
    var overflow = 0
    while true {
      if start < end {
        let newline = chunk[start..<end].firstIndex(of: 10)
        let stop = newline ?? end
        let count = stop - start
        if overflow > 0 || pending.count + count > Self.maximumLength {
          overflow += pending.count + count
          pending.removeAll()
        } else {
          pending.append(contentsOf: chunk[start..<stop])
        }
        if let newline {
          start = newline + 1
          if overflow > 0 { return .tooLong(byteCount: overflow) }
          return .text(Self.decode(pending))
        }
        start = end
      }
      if atEnd {
        if overflow > 0 { return .tooLong(byteCount: overflow) }
        return pending.isEmpty ? nil : .text(Self.decode(pending))
      }
      refill()
    }
  }

  private func refill() {
    start = 0
    end = 0
    while true {
      let count = chunk.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return POSIX.read(descriptor, base, raw.count)
      }
      if count < 0, POSIX.interrupted { continue }
      if count < 0 { readFailed = true }
      if count <= 0 {
        atEnd = true
        return
      }
      end = count
      return
    }
  }

  private static func decode(_ bytes: [UInt8]) -> String {
    var slice = bytes[...]
    if slice.last == 13 { slice = slice.dropLast() }
    // Invalid UTF-8 becomes U+FFFD, so a bad byte shows up in the error that names it.
    return String(decoding: slice, as: UTF8.self)
  }
}
