/// The inventory parsing engine: scanner, header, decoder and error positions.
struct InventoryReader {
  let file: String
  private var scanner = CSVScanner()
  private var decoder: InventoryRowDecoder?
  private var atStart = true

  init(file: String) {
    self.file = file
  }

  /// Parses a chunk, passing each complete line to `body`.
  mutating func consume(
    _ chunk: UnsafeBufferPointer<UInt8>, _ body: (StockLine) throws(MoneyError) -> Void
  ) throws(InventoryError) {
    var position = 0
    if atStart, chunk.count > 0 {
      atStart = false
      if chunk.count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { position = 3 }
    }
    while true {
      let complete: Bool
      do {
        complete = try scanner.scan(chunk, from: &position)
      } catch {
        throw failure(error)
      }
      guard complete else { return }
      try handleRecord(body)
    }
  }

  /// Ends the input: handles a last record without line break and checks for a header.
  mutating func finish(_ body: (StockLine) throws(MoneyError) -> Void) throws(InventoryError) {
    let complete: Bool
    do {
      complete = try scanner.finish()
    } catch {
      throw failure(error)
    }
    if complete { try handleRecord(body) }
    guard decoder != nil else {
      throw InventoryError(
        file: file, line: nil, field: nil,
        reason: "empty file (expected header "
          + (InventoryColumns.required + InventoryColumns.optional).joined(separator: ",") + ")")
    }
  }

  private mutating func handleRecord(_ body: (StockLine) throws(MoneyError) -> Void)
    throws(InventoryError)
  {
    defer { scanner.startNextRecord() }
    if scanner.isBlankRecord { return }
    let line = scanner.recordLine
    do throws(InventoryReason) {
      guard let decoder else {
        decoder = InventoryRowDecoder(columns: try InventoryColumns(scanner: scanner))
        return
      }
      let stockLine = try decoder.decode(scanner)
      do {
        try body(stockLine)
      } catch {
        throw InventoryReason(field: nil, text: error.description)
      }
    } catch {
      throw InventoryError(file: file, line: line, field: error.field, reason: error.text)
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
