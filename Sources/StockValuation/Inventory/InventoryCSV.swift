import Support

/// Reads inventory CSV files:
/// `name,category,unit_price,quantity[,tax_percent][,vin][,cost][,received]`.
///
/// - Header: the four required columns and optionally `tax_percent`, `vin`, `cost` and
///   `received`, in any order, each once,
///   matched without regard to ASCII case and surrounding spaces (` Unit_Price `). Other
///   columns are ignored (``Contents/ignoredColumns`` names them); a header that looks
///   separated by `;` or tabs is refused with a hint.
/// - Records: RFC 4180 (quoted fields, doubled quotes, LF or CRLF line ends), UTF-8 (a leading
///   BOM is skipped; invalid UTF-8 is an error). Blank lines are skipped.
/// - Numbers: the strict syntax of `Docs/Money.md`; `unit_price` is USD with at most two
///   decimals, `quantity` a whole number, `tax_percent` (may be empty) at most four decimals,
///   `cost` (may be empty) USD with at most two decimals, `received` (may be empty) a day
///   `YYYY-MM-DD`.
///   `1,234.56`, `12abc`, `-1`, `NaN` and `1e3` are errors.
/// - Streaming: the file is read in 64 KiB chunks (1 MiB when valuing it) and only the
///   current record is kept, so memory does not grow with the number of rows.
///
/// Errors name the file as given, the line and the field: `stock.csv:7: unit_price: bad
/// number '12abc'`.
public enum InventoryCSV {
  /// The size of each read from the file.
  static let chunkSize = 64 * 1024
  /// The size of each read from the file when valuing it.
  static let valuationChunkSize = 1 << 20

  /// Streams the lines of a file to `body`, one at a time, without keeping them.
  ///
  /// Lines before an error have already been passed to `body`; to get all or nothing use
  /// ``readLines(fromFile:)``.
  /// - Parameters:
  ///   - path: The file path, used as given in error messages.
  ///   - body: Called with each line, in order; its errors are reported at that line.
  /// - Throws: ``InventoryError``.
  public static func forEachLine(
    inFile path: String, _ body: (StockLine) throws(MoneyError) -> Void
  ) throws(InventoryError) {
    var reader = InventoryReader(file: path)
    try readChunks(ofFile: path, chunkSize: chunkSize) { chunk throws(InventoryError) in
      try reader.consume(chunk, body)
    }
    try reader.finish(body)
  }

  /// Reads all lines of a file; on any error nothing is returned.
  /// - Parameter path: The file path, used as given in error messages.
  /// - Returns: The lines, in file order.
  /// - Throws: ``InventoryError``.
  public static func readLines(fromFile path: String) throws(InventoryError) -> [StockLine] {
    var lines: [StockLine] = []
    try forEachLine(inFile: path) { lines.append($0) }
    return lines
  }

  /// Reads all lines of CSV text; on any error nothing is returned.
  /// - Parameters:
  ///   - text: The CSV content.
  ///   - fileName: The name used in error messages.
  /// - Returns: The lines, in order.
  /// - Throws: ``InventoryError``.
  public static func readLines(from text: String, fileName: String) throws(InventoryError)
    -> [StockLine]
  {
    var lines: [StockLine] = []
    var reader = InventoryReader(file: fileName)
    let append: (StockLine) throws(MoneyError) -> Void = { lines.append($0) }
    var text = text
    let outcome: Result<Void, InventoryError> = text.withUTF8 { bytes in
      Result { () throws(InventoryError) in try reader.consume(bytes, append) }
    }
    try outcome.get()
    try reader.finish(append)
    return lines
  }

  /// Values a file in one streaming pass: per category, exact totals and item counts.
  ///
  /// Rows are valued straight from the file's bytes, without making a `String` per row; the
  /// results and errors are those of ``forEachLine(inFile:_:)`` feeding a ``StockAccumulator``.
  /// - Parameter path: The file path, used as given in error messages.
  /// - Returns: The accumulated totals (USD).
  /// - Throws: ``InventoryError``, also for overflowing totals (at the line that overflowed).
  public static func accumulate(fromFile path: String) throws(InventoryError)
    -> StockAccumulator
  {
    let file = try open(path)
    // A regular file is valued in parts, several at once. One that says it is empty is read
    // to its end instead: files of /proc and some file systems say so and have bytes.
    if let size = file.regularFileSize, size > 0 {
      return try InventoryValuation.value(
        .file(descriptor: file.descriptor, size: size), file: path
      ).totals
    }
    return try accumulate(of: file, path: path, chunkSize: valuationChunkSize)
  }

  /// ``accumulate(fromFile:)`` reading `chunkSize` bytes at a time, whatever the file.
  static func accumulate(fromFile path: String, chunkSize: Int) throws(InventoryError)
    -> StockAccumulator
  {
    try accumulate(of: open(path), path: path, chunkSize: chunkSize)
  }

  /// Values an open file read `chunkSize` bytes at a time.
  private static func accumulate(of file: borrowing FileInput, path: String, chunkSize: Int)
    throws(InventoryError) -> StockAccumulator
  {
    var valuer = InventoryValuer(file: path)
    try readChunks(of: file, path: path, chunkSize: chunkSize) { chunk throws(InventoryError) in
      try valuer.consume(chunk)
    }
    try valuer.finish()
    return valuer.accumulator
  }

  /// What one reading of a file gives: its totals, and its lines when the file is small.
  public struct Contents: Sendable {
    /// The totals of every line (USD).
    public let totals: StockAccumulator
    /// The lines in file order, or `nil` when the file had more than the line or byte limit.
    public let lines: [StockLine]?
    /// The names of the header's columns that were ignored (not an inventory column), as
    /// written but trimmed, each once, in header order: for a warning.
    public let ignoredColumns: [String]

    init(totals: StockAccumulator, lines: [StockLine]?, columns: InventoryColumns?) {
      self.totals = totals
      self.lines = lines
      ignoredColumns = columns?.ignored ?? []
    }
  }

  /// Reads a file once — a pipe or `<(…)` works — valuing every line and keeping the lines
  /// themselves while the file stays within `lineLimit` lines and `byteLimit` bytes.
  ///
  /// The valuation takes the fast path (``accumulate(fromFile:)``); a small file's lines are
  /// then read from the bytes kept in memory by the general path (``readLines(from:fileName:)``).
  /// The two agree on every file (the differential tests compare them), so either reports
  /// the same errors, but for a bad `vin`, `cost` or `received`: only kept lines read those
  /// columns, so a file past the limits keeps none and is not refused for one.
  ///
  /// - Parameters:
  ///   - path: The file path, used as given in error messages.
  ///   - lineLimit: The most lines kept as lines.
  ///   - byteLimit: The most bytes kept in memory to read the lines from.
  /// - Returns: The totals, and the lines of a small file.
  /// - Throws: ``InventoryError``.
  public static func read(fromFile path: String, keepingLinesUpTo lineLimit: Int, byteLimit: Int)
    throws(InventoryError) -> Contents
  {
    let file = try open(path)
    // A file that says it is empty is read to its end (see ``accumulate(fromFile:)``).
    if let size = file.regularFileSize, size > 0 {
      guard size <= byteLimit else {
        // Too large to keep: valued in parts, several at once, straight from the file.
        let (totals, columns) = try InventoryValuation.value(
          .file(descriptor: file.descriptor, size: size), file: path)
        return Contents(totals: totals, lines: nil, columns: columns)
      }
      // Small enough to keep: read once, then valued and (if few enough) read as lines
      // from the same bytes.
      let bytes = try InventorySource.file(descriptor: file.descriptor, size: size).bytes(
        from: 0, count: size, file: path)
      let (totals, columns) = try InventoryValuation.value(.memory(bytes), file: path)
      guard totals.lineCount <= lineLimit else {
        return Contents(totals: totals, lines: nil, columns: columns)
      }
      return try bytes.withUnsafeBufferPointer { bytes throws(InventoryError) in
        Contents(totals: totals, lines: try lines(of: bytes, file: path), columns: columns)
      }
    }
    var valuer = InventoryValuer(file: path)
    var kept: [UInt8] = []
    var keeping = true
    try readChunks(of: file, path: path, chunkSize: valuationChunkSize) {
      chunk throws(InventoryError) in
      try valuer.consume(chunk)
      guard keeping else { return }
      if kept.count + chunk.count > byteLimit || valuer.accumulator.lineCount > lineLimit {
        keeping = false
        kept = []
      } else {
        kept.append(contentsOf: chunk)
      }
    }
    try valuer.finish()
    let totals = valuer.accumulator
    guard keeping, totals.lineCount <= lineLimit else {
      return Contents(totals: totals, lines: nil, columns: valuer.header)
    }
    let outcome: Result<[StockLine], InventoryError> = kept.withUnsafeBufferPointer { bytes in
      Result { () throws(InventoryError) in try lines(of: bytes, file: path) }
    }
    return Contents(totals: totals, lines: try outcome.get(), columns: valuer.header)
  }

  /// The lines of a whole file's bytes, by the general reader.
  private static func lines(of bytes: UnsafeBufferPointer<UInt8>, file path: String)
    throws(InventoryError) -> [StockLine]
  {
    var lines: [StockLine] = []
    var reader = InventoryReader(file: path)
    let append: (StockLine) throws(MoneyError) -> Void = { lines.append($0) }
    try reader.consume(bytes, append)
    try reader.finish(append)
    return lines
  }

  /// Opens a file, with the error of the inventory reader.
  private static func open(_ path: String) throws(InventoryError) -> FileInput {
    do {
      return try FileInput(path: path)
    } catch {
      throw InventoryError(file: path, line: nil, field: nil, reason: error.actionAndReason)
    }
  }

  /// Reads a file in chunks of `chunkSize` bytes into one reused buffer, passing each to `body`.
  static func readChunks(
    ofFile path: String, chunkSize: Int,
    _ body: (UnsafeBufferPointer<UInt8>) throws(InventoryError) -> Void
  ) throws(InventoryError) {
    try readChunks(of: open(path), path: path, chunkSize: chunkSize, body)
  }

  /// Reads an open file in chunks of `chunkSize` bytes into one reused buffer, passing each
  /// to `body`.
  static func readChunks(
    of file: borrowing FileInput, path: String, chunkSize: Int,
    _ body: (UnsafeBufferPointer<UInt8>) throws(InventoryError) -> Void
  ) throws(InventoryError) {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(chunkSize, 1))
    defer { buffer.deallocate() }
    while true {
      let count: Int
      do {
        count = try file.read(into: UnsafeMutableRawBufferPointer(buffer))
      } catch {
        throw InventoryError(file: path, line: nil, field: nil, reason: error.actionAndReason)
      }
      if count == 0 { return }
      try body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }
}
