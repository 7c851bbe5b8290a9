internal import Dealership
import Support

/// Reads lines from a file descriptor in large chunks, refusing overlong lines without
/// holding them in memory.
///
/// A line longer than ``maximumLength`` bytes is reported as `.tooLong` and skipped up to its
/// newline; memory stays bounded by the chunk size plus the limit. A UTF-8 byte order mark at
/// the start of the input (editors on Windows save one) is skipped. Lines are handed out as
/// bytes borrowed from the chunk (copied only when a line spans two chunks), so reading a
/// million lines allocates nothing per line.
final class LineReader {
  enum Line {
    case text(String)
    case tooLong(byteCount: Int)
  }

  /// A line as borrowed bytes, valid only inside the closure it is passed to.
  enum RawLine {
    case bytes(UnsafeBufferPointer<UInt8>)
    case tooLong(byteCount: Int)
  }

  static let maximumLength = 64 * 1024
  /// How far an overlong line is skipped looking for its end: past this the input is taken
  /// to have no more lines (`/dev/zero`, a binary file) and reading stops, so a script
  /// always ends.
  static let maximumSkip = 64 << 20

  private let descriptor: Int32
  private let chunk: RawStorage<UInt8>
  private var start = 0
  private var end = 0
  private var atEnd = false
  /// A line that spans chunks is gathered here.
  private var pending: [UInt8] = []
  private(set) var readFailed = false
  /// Whether reading stopped in a line with no end within ``maximumSkip`` bytes (the last
  /// line handed out was that line, as `.tooLong`).
  private(set) var gaveUp = false
  /// Whether no line has been handed out yet: only the first may start with a byte order mark.
  private var atFirstLine = true

  init(descriptor: Int32, chunkSize: Int = 1 << 16) {
    self.descriptor = descriptor
    self.chunk = RawStorage(repeating: 0, capacity: max(chunkSize, 4096))
  }

  /// The next line as text (invalid UTF-8 becomes U+FFFD), or `nil` at the end of input.
  func next() -> Line? {
    withNextLine { raw in
      switch raw {
      case .bytes(let bytes): .text(String(decoding: bytes, as: UTF8.self))
      case .tooLong(let count): .tooLong(byteCount: count)
      }
    }
  }

  /// Passes the next line, without its `\n` or `\r\n`, to `body`; `nil` at the end of input.
  func withNextLine<Result>(_ body: (RawLine) throws -> Result) rethrows -> Result? {
    // Most lines are lent from the chunk and leave nothing pending.
    if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
    var overflow = 0
    let first = atFirstLine
    atFirstLine = false
    while true {
      if start < end {
        let bytes = chunk.bytes.readOnly
        let found = bytes.firstIndex(of: 10, from: start, to: end)
        let stop = found ?? end
        let count = stop - start
        if overflow > 0 || pending.count + count > Self.maximumLength {
          overflow += pending.count + count
          pending.removeAll(keepingCapacity: true)
        } else if found != nil, pending.isEmpty {
          // The whole line is in the chunk: lend it without copying.
          let line = bytes.buffer(from: start, to: stop)
          start = stop + 1
          return try body(.bytes(Self.trimmed(line, first: first)))
        } else {
          pending.append(contentsOf: bytes.buffer(from: start, to: stop))
        }
        if found == nil, overflow > Self.maximumSkip {
          // No line break in sight: stop here rather than read an endless input.
          gaveUp = true
          atEnd = true
          start = end
          return try body(.tooLong(byteCount: overflow))
        }
        if found != nil {
          start = stop + 1
          if overflow > 0 { return try body(.tooLong(byteCount: overflow)) }
          return try pending.withUnsafeBufferPointer {
            try body(.bytes(Self.trimmed($0, first: first)))
          }
        }
        start = end
      }
      if atEnd {
        if overflow > 0 { return try body(.tooLong(byteCount: overflow)) }
        if pending.isEmpty { return nil }
        return try pending.withUnsafeBufferPointer {
          try body(.bytes(Self.trimmed($0, first: first)))
        }
      }
      refill()
    }
  }

  /// The line without a trailing `\r`, and without a leading byte order mark when it is the
  /// input's first line.
  private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, first: Bool)
    -> UnsafeBufferPointer<UInt8>
  {
    var bytes = bytes[...]
    if first, bytes.starts(with: byteOrderMark) { bytes = bytes.dropFirst(3) }
    if bytes.last == 13 { bytes = bytes.dropLast() }
    return UnsafeBufferPointer(rebasing: bytes)
  }

  /// U+FEFF in UTF-8.
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  private func refill() {
    start = 0
    end = 0
    let count = POSIX.read(descriptor, into: chunk.bytes.mutableBuffer(from: 0, to: chunk.capacity))
    if count < 0 { readFailed = true }
    if count <= 0 {
      atEnd = true
      return
    }
    end = count
  }
}
