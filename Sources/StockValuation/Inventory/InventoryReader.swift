/// The inventory parsing engine: scanner, header, decoder and error positions.
///
/// ``consume(_:_:)`` and ``finish(_:)`` drive it record by record; ``InventoryValuer`` drives
/// the same steps (``skipByteOrderMark(_:)``, ``scanRecord(_:from:)``, ``takeRecord()``) around
/// its fast path, so both report the same errors.
struct InventoryReader {
  let file: String
  /// The record scanner; its current record is the one ``takeRecord()`` decodes.
  var scanner = CSVScanner()
  private(set) var decoder: InventoryRowDecoder?
  private var atStart = true

  init(file: String) {
    self.file = file
  }

  /// A reader that starts inside a file, at a record after the header (one part of a file
  /// valued in parts): no byte order mark is looked for and records are decoded by `columns`.
  init(file: String, afterHeader columns: InventoryColumns) {
    self.file = file
    decoder = InventoryRowDecoder(columns: columns)
    atStart = false
  }

  /// Parses a chunk, passing each complete line to `body`.
  mutating func consume(
    _ chunk: UnsafeBufferPointer<UInt8>, _ body: (StockLine) throws(MoneyError) -> Void
  ) throws(InventoryError) {
    var position = skipByteOrderMark(chunk)
    while try scanRecord(chunk, from: &position) {
      try handleRecord(body)
    }
  }

  /// Ends the input: handles a last record without line break and checks for a header.
  mutating func finish(_ body: (StockLine) throws(MoneyError) -> Void) throws(InventoryError) {
    if try finishScanning() { try handleRecord(body) }
    try requireHeader()
  }

  /// Where parsing of `chunk` starts: after a UTF-8 byte order mark opening the input.
  ///
  /// A pipe may hand the mark over split across chunks, so it is matched byte by byte; bytes
  /// that turn out not to be a mark are scanned as content.
  mutating func skipByteOrderMark(_ chunk: UnsafeBufferPointer<UInt8>) -> Int {
    guard atStart else { return 0 }
    var position = 0
    while position < chunk.count, byteOrderMarkBytes < 3 {
      guard chunk[position] == Self.byteOrderMark[byteOrderMarkBytes] else {
        scanPartialByteOrderMark()
        return position
      }
      byteOrderMarkBytes += 1
      position += 1
    }
    if byteOrderMarkBytes == 3 { atStart = false }
    return position
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
  /// How many bytes of a byte order mark the input began with so far.
  private var byteOrderMarkBytes = 0

  /// Ends the mark matching; the bytes matched so far (not a whole mark) are content.
  private mutating func scanPartialByteOrderMark() {
    guard atStart else { return }
    atStart = false
    Self.byteOrderMark.prefix(byteOrderMarkBytes).withUnsafeBufferPointer { prefix in
      var start = 0
      // Two bytes without a line break cannot end a record or fail to scan.
      _ = try? scanner.scan(prefix, from: &start)
    }
  }

  /// Scans from `position`; `true` when a record is complete (see ``CSVScanner/scan(_:from:)``).
  @inline(__always)
  mutating func scanRecord(_ chunk: UnsafeBufferPointer<UInt8>, from position: inout Int)
    throws(InventoryError) -> Bool
  {
    do {
      return try scanner.scan(chunk, from: &position)
    } catch {
      throw failure(error)
    }
  }

  /// Ends the scanning; `true` if a last record without line break is complete.
  mutating func finishScanning() throws(InventoryError) -> Bool {
    scanPartialByteOrderMark()
    do {
      return try scanner.finish()
    } catch {
      throw failure(error)
    }
  }

  /// Fails for a file without header.
  func requireHeader() throws(InventoryError) {
    guard decoder != nil else {
      throw InventoryError(
        file: file, line: nil, field: nil,
        reason: "empty file (expected header "
          + (InventoryColumns.required + InventoryColumns.optional).joined(separator: ",") + ")")
    }
  }

  /// Takes the scanner's complete record: the line it holds, or `nil` for a blank line or the
  /// header (which it reads). The scanner then starts the next record.
  mutating func takeRecord() throws(InventoryError) -> StockLine? {
    defer { scanner.startNextRecord() }
    if scanner.isBlankRecord { return nil }
    let line = scanner.recordLine
    do throws(InventoryReason) {
      guard let decoder else {
        decoder = InventoryRowDecoder(columns: try InventoryColumns(scanner: scanner))
        return nil
      }
      return try decoder.decode(scanner)
    } catch {
      throw InventoryError(file: file, line: line, field: error.field, reason: error.text)
    }
  }

  /// The error for a line whose values `body` refused.
  func rejection(_ error: MoneyError, line: Int) -> InventoryError {
    InventoryError(file: file, line: line, field: nil, reason: error.description)
  }

  private mutating func handleRecord(_ body: (StockLine) throws(MoneyError) -> Void)
    throws(InventoryError)
  {
    let line = scanner.recordLine
    guard let stockLine = try takeRecord() else { return }
    do {
      try body(stockLine)
    } catch {
      throw rejection(error, line: line)
    }
  }

  private func failure(_ error: CSVScanner.Failure) -> InventoryError {
    let (line, reason): (Int, String) =
      switch error {
      case .quoteInUnquotedField: (scanner.line, "quote inside an unquoted field")
      case .textAfterClosingQuote: (scanner.line, "text after a closing quote")
      case .bareCarriageReturn: (scanner.line, "carriage return without line feed")
      case .unterminatedQuote: (scanner.recordLine, "unterminated quoted field")
      case .recordTooLong:
        (scanner.recordLine, "record longer than \(CSVScanner.maximumRecordBytes) bytes")
      }
    return InventoryError(file: file, line: line, field: nil, reason: reason)
  }
}
