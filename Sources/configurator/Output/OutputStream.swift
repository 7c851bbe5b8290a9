internal import Dealership
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
  /// The buffered bytes: the first `count` of `storage`. Raw storage rather than an array,
  /// since a script writes a few pieces per line, millions of lines.
  private var storage: RawStorage<UInt8>
  private var capacity: Int { storage.capacity }
  /// How many bytes are buffered (for in-memory streams: everything written).
  private(set) var count = 0
  private let limit: Int
  /// The error of the first failed write, or `nil` while every write succeeded.
  private(set) var failure: Errno?
  /// Set once the failure has been reported (by the script runner, with its line), so it is
  /// reported once.
  var failureReported = false
  /// Where flushed bytes go instead of the descriptor while a command's output goes to a
  /// terminal (``Screen``): folded, held, paged. Checked once a flush, not once a write.
  var screen: ScreenWriter?
  /// Where tables go instead of being laid out, while the stream holds a printable page's
  /// text (``PageCapture``, in-memory streams only).
  var page: PageCapture?

  /// Whether a write failed: later writes are dropped.
  var isBroken: Bool { failure != nil }

  /// Whether writes failed because the reader went away (a closed pipe): the one failure that
  /// ends the program quietly.
  var readerWentAway: Bool { failure == .brokenPipe }

  /// The error of a failure that must be reported (a full disk, an I/O error), or `nil` when
  /// the writes succeeded or the reader went away (``RunFailure/output(code:atEnd:inScript:)``
  /// words it).
  var reportableFailure: Errno? {
    guard let failure, failure != .brokenPipe else { return nil }
    return failure
  }

  /// A stream that writes to a file descriptor once `limit` bytes are buffered.
  ///
  /// - Parameters:
  ///   - descriptor: Where the bytes go.
  ///   - limit: How many bytes are collected before they are written (0: every write).
  init(descriptor: Int32, limit: Int = 1 << 16) {
    self.descriptor = descriptor
    self.limit = max(0, limit)
    storage = RawStorage(repeating: 0, capacity: self.limit + 4096)
  }

  /// A stream that keeps everything in memory (for tests).
  init() {
    self.descriptor = nil
    self.limit = Int.max
    storage = RawStorage(repeating: 0, capacity: 4096)
  }

  /// Everything written so far, for in-memory streams.
  var text: String {
    String(decoding: storage.bytes.buffer(from: 0, to: count), as: UTF8.self)
  }

  /// What was written from byte `offset` on, for in-memory streams.
  func text(from offset: Int) -> String {
    guard offset < count else { return "" }
    return String(decoding: storage.bytes.buffer(from: offset, to: count), as: UTF8.self)
  }

  /// The buffered bytes (for in-memory streams: everything written).
  var bytes: [UInt8] { Array(storage.bytes.buffer(from: 0, to: count)) }

  func write(_ text: String) {
    guard !isBroken else { return }
    if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
      for byte in text.utf8 { append(byte) }
    }
    if count >= limit { flush() }
  }

  func write(bytes: [UInt8]) {
    guard !isBroken else { return }
    bytes.withUnsafeBufferPointer { append($0) }
    if count >= limit { flush() }
  }

  func write(bytes: UnsafeBufferPointer<UInt8>) {
    guard !isBroken else { return }
    append(bytes)
    if count >= limit { flush() }
  }

  func write(bytes: some Sequence<UInt8>) {
    guard !isBroken else { return }
    if bytes.withContiguousStorageIfAvailable({ append($0) }) == nil {
      for byte in bytes { append(byte) }
    }
    if count >= limit { flush() }
  }

  /// Writes a whole number in decimal without making a string, right-aligned in `width`
  /// columns (spaces before it) when it is shorter.
  ///
  /// - Parameters:
  ///   - number: The number.
  ///   - width: The columns it takes at least (0: no padding).
  func write(number: Int, width: Int = 0) {
    guard !isBroken else { return }
    var magnitude = UInt64(number.magnitude)
    // The digits, at most 20 (UInt64.max): counted by comparisons, not divisions.
    var digits = 1
    var power: UInt64 = 10
    while digits < 20, magnitude >= power {
      digits &+= 1
      power = power &* 10
    }
    let length = digits &+ (number < 0 ? 1 : 0)
    let padding = width > length ? width &- length : 0
    if length &+ padding > capacity &- count { grow(toHold: length &+ padding) }
    for _ in 0..<padding {
      storage[count] = UInt8(ascii: " ")
      count &+= 1
    }
    if number < 0 {
      storage[count] = UInt8(ascii: "-")
      count &+= 1
    }
    var position = count &+ digits
    repeat {
      position &-= 1
      storage[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    count &+= digits
    if count >= limit { flush() }
  }

  /// Writes `Build #N` and a newline, then a build's block: the two pieces every scripted
  /// build writes, with one check for room instead of four.
  ///
  /// - Parameters:
  ///   - number: The build's number, from 1.
  ///   - block: The build's detail block.
  func writeBuild(number: Int, block: UnsafeBufferPointer<UInt8>) {
    guard !isBroken else { return }
    // "Build #" (7), at most 20 digits, "\n".
    let most = 28 &+ block.count
    if most > capacity &- count { grow(toHold: most) }
    let out = storage.bytes
    let start = count
    // "Build #" as one little-endian word; its eighth byte is overwritten by the digits.
    out.storeWord(0x0023_2064_6c69_7542, at: start)
    var magnitude = UInt64(number.magnitude)
    let length = Self.decimalLength(of: magnitude)
    // The digits from the last, two at a time from the pairs "00"…"99".
    let pairs = Self.digitPairs
    var end = start &+ 7 &+ length
    while magnitude >= 100 {
      let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 100)
      end &-= 2
      out.copy(pairs.buffer(from: Int(truncatingIfNeeded: remainder &* 2), count: 2), to: end)
      magnitude = quotient
    }
    if magnitude >= 10 {
      out.copy(pairs.buffer(from: Int(truncatingIfNeeded: magnitude &* 2), count: 2), to: end &- 2)
    } else {
      out[end &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
    }
    out[start &+ 7 &+ length] = 10
    out.copy(block, to: start &+ 8 &+ length)
    count &+= 8 &+ length &+ block.count
    if count >= limit { flush() }
  }

  /// "00", "01", … "99" back to back: a build number's digits two at a time.
  private static var digitPairs: UnsafeBytes {
    let pairs: StaticString =
      "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    return UnsafeBytes(start: pairs.utf8Start, count: pairs.utf8CodeUnitCount)
  }

  /// The number of decimal digits of `value` (1 for zero), from its bit length: `bits ×
  /// 1233 / 4096` is ⌊log10(2^bits)⌋ for every bit length up to 64, so the value has that
  /// many digits or one more, which one comparison with the power of ten tells.
  @inline(__always)
  static func decimalLength(of value: UInt64) -> Int {
    let bits = 64 &- value.leadingZeroBitCount
    let guess = (bits &* 1233) >> 12
    return max(1, guess &+ (value >= powerOfTen(guess) ? 1 : 0))
  }

  /// 10^`exponent`, for 0…19 (a switch of constants: a table in the binary, no global).
  @inline(__always)
  private static func powerOfTen(_ exponent: Int) -> UInt64 {
    switch exponent {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    case 15: 1_000_000_000_000_000
    case 16: 10_000_000_000_000_000
    case 17: 100_000_000_000_000_000
    case 18: 1_000_000_000_000_000_000
    default: 10_000_000_000_000_000_000
    }
  }

  /// Writes a line: the text and a newline.
  func line(_ text: String) {
    write(text)
    write(byte: 10)
  }

  func write(byte: UInt8) {
    guard !isBroken else { return }
    append(byte)
    if count >= limit { flush() }
  }

  /// Sends the buffered bytes to the descriptor.
  func flush() {
    guard let descriptor, count > 0 else { return }
    guard !isBroken else {
      count = 0
      return
    }
    let buffered = UnsafeRawBufferPointer(storage.bytes.buffer(from: 0, to: count))
    let code =
      if let screen { screen.write(buffered, from: descriptor) } else {
        POSIX.writeAll(descriptor, buffered)
      }
    if let code { failure = code }
    count = 0
  }

  /// Ends a stretch of output through a ``ScreenWriter`` (the pager waited for); a failed
  /// write to the terminal is this stream's failure.
  ///
  /// - Parameter writer: The writer the stretch went through.
  func finish(_ writer: ScreenWriter) {
    if let code = writer.finish(), failure == nil { failure = code }
  }

  @inline(__always)
  private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    if bytes.count > capacity &- count { grow(toHold: bytes.count) }
    storage.bytes.copy(bytes, to: count)
    count &+= bytes.count
  }

  @inline(__always)
  private func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: 1) }
    storage[count] = byte
    count &+= 1
  }

  /// Makes room for `extra` more bytes: at least twice the capacity, so appends stay
  /// amortized constant (an in-memory stream, or one piece larger than the limit).
  private func grow(toHold extra: Int) {
    // Both are sizes of memory that exists (the buffer, the bytes written), so the sum fits.
    storage.grow(to: count &+ extra, keeping: count, filling: 0)
  }
}
