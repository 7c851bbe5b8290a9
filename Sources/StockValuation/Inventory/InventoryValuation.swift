import Dispatch
import Support
import Synchronization

/// Values the bytes of a whole inventory file (a mapped file) in parts, one per processor,
/// with the results and errors of one ``InventoryValuer`` reading it from start to end.
///
/// The file is split after line feeds near equal shares. A line feed may lie inside a quoted
/// field (a name with a line break), so a split is only a guess: each part is valued on its
/// own, the part before a split says whether it really ended a record there, and a part that
/// did not goes on to the end of the file itself. The parts are then taken in file order:
/// each one that started where a record starts adds its totals (its categories after those
/// seen before, in their order); the first error in file order wins, with its line counted
/// from the start of the file. Splits are chosen between lines without quotes, so a file
/// whose names hold line breaks rarely needs a part to go on.
///
/// Each part reads its bytes in windows and gives the pages of a window back once read, so
/// resident memory stays at a few windows however large the file.
enum InventoryValuation {
  /// Parts are at least this large (smaller files are valued in one part).
  static let minimumPartSize = 4 << 20
  /// How the parts read their bytes: in windows, giving the pages of each back once read.
  struct Windows: Sendable {
    /// The bytes read between releases of the pages read.
    var size = 4 << 20
    /// Whether the pages read are given back: only for a file mapping, where they come back
    /// from the file if touched again (on other memory, `MADV_DONTNEED` would zero them).
    var releasesPages: Bool
  }
  /// How many lines past a share's end are searched for a split between quote-free lines.
  static let splitSearchLines = 64

  /// The outcome of one part.
  private struct Part: Sendable {
    var totals = StockAccumulator(currency: .usd)
    var error: InventoryError?
    /// Whether the part stopped at its split having ended a record there (else it went on
    /// to the end of the file, or failed).
    var endedAtSplit = false
    /// The line feeds it read (its line count, for the line numbers of the parts after it).
    var lineFeeds = 0
  }

  /// Values `bytes`, the whole content of `file`.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes (a mapping; read-only).
  ///   - file: The file as the caller named it, for error messages.
  ///   - parts: How many parts at most; by default one per processor.
  ///   - minimumPartSize: The fewest bytes a part has (a smaller file has fewer parts).
  ///   - windows: How the bytes are read (released only if `bytes` is a file mapping).
  /// - Returns: The totals (USD) and the header's columns.
  /// - Throws: ``InventoryError``: the first in file order.
  static func value(
    _ bytes: UnsafeBufferPointer<UInt8>, file: String, parts: Int = POSIX.processorCount,
    minimumPartSize: Int = Self.minimumPartSize, windows: Windows
  ) throws(InventoryError) -> (totals: StockAccumulator, columns: InventoryColumns?) {
    let count = min(parts, bytes.count / max(minimumPartSize, 1))
    guard count > 1, let columns = header(of: bytes, file: file) else {
      return try sequential(bytes, file: file, windows: windows)
    }
    let starts = splits(of: bytes, into: count, after: columns.end)
    guard starts.count > 1 else { return try sequential(bytes, file: file, windows: windows) }
    let outcomes = Mutex<[Part]>(Array(repeating: Part(), count: starts.count))
    let address = UInt(bitPattern: bytes.baseAddress)
    let total = bytes.count
    DispatchQueue.concurrentPerform(iterations: starts.count) { index in
      let base = UnsafePointer<UInt8>(bitPattern: address)
      let whole = UnsafeBufferPointer(start: base, count: total)
      let end = index + 1 < starts.count ? starts[index + 1] : total
      let part = valuePart(
        whole, from: starts[index], to: end, file: file,
        columns: index == 0 ? nil : columns.columns, windows: windows)
      outcomes.withLock { $0[index] = part }
    }
    let results = outcomes.withLock { $0 }
    var totals = StockAccumulator(currency: .usd)
    var lineOffset = 0
    for (index, part) in results.enumerated() {
      if let error = part.error {
        guard index > 0 else { throw error }
        // The part's lines are valued again after the totals before them: a figure that
        // overflows only with those totals then fails first, at its own line, as it would
        // have read from the start.
        let totals = try resume(
          bytes, from: starts[index], file: file, columns: columns.columns, after: totals,
          lineOffset: lineOffset, windows: windows)
        return (totals, columns.columns)
      }
      guard totals.merge(part.totals) else {
        // Figures too large for the sums: the error (and its line) is the sequential one's.
        return try sequential(bytes, file: file, windows: windows)
      }
      guard part.endedAtSplit else { return (totals, columns.columns) }
      lineOffset += part.lineFeeds
    }
    return (totals, columns.columns)
  }

  /// Values `bytes` from `start` (where a record starts, after the header) to the end,
  /// adding to `totals` (those of the lines before `start`).
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - start: Where a record starts.
  ///   - file: The file's name for error messages.
  ///   - columns: The header's columns.
  ///   - totals: The totals of the records before `start`.
  ///   - lineOffset: The line feeds before `start`, added to the lines of errors.
  ///   - windows: How the bytes are read.
  /// - Returns: The totals of the whole file.
  /// - Throws: ``InventoryError``: the first after `start`, with its line in the file.
  private static func resume(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, file: String,
    columns: InventoryColumns, after totals: StockAccumulator, lineOffset: Int, windows: Windows
  ) throws(InventoryError) -> StockAccumulator {
    var valuer = InventoryValuer(file: file, afterHeader: columns, totals: totals)
    do {
      try consume(bytes, from: start, to: bytes.count, into: &valuer, windows: windows)
      try valuer.finish()
    } catch {
      throw InventoryError(
        file: error.file, line: error.line.map { $0 + lineOffset }, field: error.field,
        reason: error.reason)
    }
    return valuer.accumulator
  }

  /// Values `bytes` from start to end in one part, on this thread.
  static func sequential(_ bytes: UnsafeBufferPointer<UInt8>, file: String, windows: Windows)
    throws(InventoryError) -> (totals: StockAccumulator, columns: InventoryColumns?)
  {
    var valuer = InventoryValuer(file: file)
    try consume(bytes, from: 0, to: bytes.count, into: &valuer, windows: windows)
    try valuer.finish()
    return (valuer.accumulator, valuer.header)
  }

  /// The header's columns and where the record after it starts, or `nil` when the header
  /// is not a plain first line (the file is then valued in one part).
  private static func header(of bytes: UnsafeBufferPointer<UInt8>, file: String)
    -> (columns: InventoryColumns, end: Int)?
  {
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    var valuer = InventoryValuer(file: file)
    do {
      try valuer.consume(UnsafeBufferPointer(rebasing: bytes[...newline]))
    } catch {
      return nil
    }
    guard let columns = valuer.header, valuer.isAtRecordBoundary else { return nil }
    return (columns, newline + 1)
  }

  /// Where each part starts: 0, then just after a line feed near each equal share (between
  /// two lines without quotes where one is found soon), in ascending order.
  private static func splits(
    of bytes: UnsafeBufferPointer<UInt8>, into parts: Int, after start: Int
  )
    -> [Int]
  {
    var starts = [0]
    for part in 1..<parts {
      let target = max(bytes.count / parts * part, start)
      guard let split = split(in: bytes, near: target), split > (starts.last ?? 0),
        split < bytes.count
      else { continue }
      starts.append(split)
    }
    return starts
  }

  /// The start of a line after `target`: preferably one that follows a quote-free line and
  /// is quote-free itself (the line feed between them cannot be inside a quoted field unless
  /// a field spans both lines whole), else the first.
  private static func split(in bytes: UnsafeBufferPointer<UInt8>, near target: Int) -> Int? {
    var lineStart = target
    var first: Int?
    var previousHasQuote = true
    for _ in 0..<splitSearchLines {
      guard let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else {
        return first
      }
      let hasQuote = bytes[lineStart..<newline].contains(UInt8(ascii: "\""))
      if lineStart > target, !previousHasQuote, !hasQuote { return lineStart }
      if first == nil { first = newline + 1 }
      // The first line is seen only from `target` on: it may hold a quote before.
      previousHasQuote = hasQuote || lineStart == target
      lineStart = newline + 1
      guard lineStart < bytes.count else { return first }
    }
    return first
  }

  /// Values the part `start..<end`; one that does not end a record at `end` goes on to the
  /// end of the file.
  private static func valuePart(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, file: String,
    columns: InventoryColumns?, windows: Windows
  ) -> Part {
    var valuer =
      columns.map { InventoryValuer(file: file, afterHeader: $0) } ?? InventoryValuer(file: file)
    var part = Part()
    do {
      try consume(bytes, from: start, to: end, into: &valuer, windows: windows)
      if end < bytes.count, valuer.isAtRecordBoundary {
        part.endedAtSplit = true
      } else {
        try consume(bytes, from: end, to: bytes.count, into: &valuer, windows: windows)
        try valuer.finish()
      }
    } catch {
      part.error = error
    }
    part.totals = valuer.accumulator
    part.lineFeeds = valuer.line - 1
    return part
  }

  /// Feeds `start..<end` to `valuer` window by window, giving each window's pages back after.
  private static func consume(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    into valuer: inout InventoryValuer, windows: Windows
  ) throws(InventoryError) {
    var position = start
    while position < end {
      let stop = min(end, position + max(windows.size, 1))
      let window = UnsafeBufferPointer(rebasing: bytes[position..<stop])
      if stop < end {
        MappedFile.prefetch(
          UnsafeBufferPointer(rebasing: bytes[stop..<min(end, stop + windows.size)]))
      }
      try valuer.consume(window)
      if windows.releasesPages { MappedFile.release(window) }
      position = stop
    }
  }
}
