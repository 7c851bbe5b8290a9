/// An RFC 4180 record scanner over byte chunks, keeping only the current record.
///
/// Fields may be quoted (`"Kayak, red"`, doubled quotes `""` inside); records end with LF or
/// CRLF. A quote inside an unquoted field, text after a closing quote, a bare CR and an
/// unterminated quoted field are errors. Field bytes of one record are stored back to back
/// in a ``RecordBuffer``; ``ends`` holds each field's end offset; ``field(_:)`` reads one.
struct CSVScanner {
  /// Why scanning failed.
  enum Failure: Error, Equatable {
    case quoteInUnquotedField
    case textAfterClosingQuote
    case bareCarriageReturn
    case unterminatedQuote
    case recordTooLong
  }

  private enum State { case fieldStart, unquoted, quoted, quoteInQuoted, afterCR }

  /// The largest record accepted, so a runaway quote cannot exhaust memory.
  static let maximumRecordBytes = 1 << 20

  /// The field bytes of the current record.
  private let bytes = RecordBuffer()
  /// The end offset in ``bytes`` of each field of the current record.
  private(set) var ends: [Int] = []
  /// Whether any field of the current record was quoted.
  private(set) var hasQuotedField = false
  /// The line the current record starts on.
  private(set) var recordLine = 1
  /// The current physical line.
  private(set) var line = 1
  private var state = State.fieldStart

  init() {
    ends.reserveCapacity(8)
  }

  /// The bytes of field `index` of the current record (valid until the next scan).
  @inline(__always)
  func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    bytes.slice(index == 0 ? 0 : ends[index - 1], ends[index])
  }

  /// Whether the current record is a blank line.
  var isBlankRecord: Bool { ends.count == 1 && ends[0] == 0 && !hasQuotedField }

  /// Clears the current record after the caller used it.
  mutating func startNextRecord() {
    bytes.removeAll()
    ends.removeAll(keepingCapacity: true)
    hasQuotedField = false
    recordLine = line
  }

  /// Continues at `line` after records the caller read itself; only at the start of a record.
  mutating func resume(atLine line: Int) {
    self.line = line
    recordLine = line
  }

  /// Scans from `position`; returns `true` when a record is complete (position is then just
  /// after it), `false` when the chunk ran out first.
  mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>, from position: inout Int)
    throws(Failure) -> Bool
  {
    let comma = UInt8(ascii: ",")
    let quote = UInt8(ascii: "\"")
    let lf = UInt8(ascii: "\n")
    let cr = UInt8(ascii: "\r")
    let count = chunk.count
    while position < count {
      switch state {
      case .fieldStart:
        if chunk[position] == quote {
          state = .quoted
          hasQuotedField = true
          position += 1
        } else {
          state = .unquoted
        }
      case .unquoted:
        var end = position
        while end < count {
          let byte = chunk[end]
          if byte == comma || byte == lf || byte == cr || byte == quote { break }
          end += 1
        }
        try append(chunk, position, end)
        position = end
        guard end < count else { return false }
        let byte = chunk[end]
        position += 1
        if byte == comma {
          endField()
        } else if byte == lf {
          return endRecord()
        } else if byte == cr {
          state = .afterCR
        } else {
          throw .quoteInUnquotedField
        }
      case .quoted:
        var end = position
        while end < count {
          let byte = chunk[end]
          if byte == quote { break }
          if byte == lf { line += 1 }
          end += 1
        }
        try append(chunk, position, end)
        position = end
        guard end < count else { return false }
        position += 1
        state = .quoteInQuoted
      case .quoteInQuoted:
        let byte = chunk[position]
        position += 1
        if byte == quote {
          try append(chunk, position - 1, position)
          state = .quoted
        } else if byte == comma {
          endField()
        } else if byte == lf {
          return endRecord()
        } else if byte == cr {
          state = .afterCR
        } else {
          throw .textAfterClosingQuote
        }
      case .afterCR:
        guard chunk[position] == lf else { throw .bareCarriageReturn }
        position += 1
        return endRecord()
      }
    }
    return false
  }

  /// Ends the input; returns `true` if a last record without line break is complete.
  mutating func finish() throws(Failure) -> Bool {
    switch state {
    case .quoted: throw .unterminatedQuote
    case .afterCR: throw .bareCarriageReturn
    case .fieldStart where ends.isEmpty: return false
    default:
      endField()
      state = .fieldStart
      return true
    }
  }

  @inline(__always)
  private mutating func append(_ chunk: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    throws(Failure)
  {
    guard start < end else { return }
    guard bytes.count + (end - start) <= Self.maximumRecordBytes else { throw .recordTooLong }
    bytes.append(UnsafeBufferPointer(rebasing: chunk[start..<end]))
  }

  @inline(__always)
  private mutating func endField() {
    ends.append(bytes.count)
    state = .fieldStart
  }

  @inline(__always)
  private mutating func endRecord() -> Bool {
    endField()
    line += 1
    return true
  }
}
