import Support
import Synchronization

/// Values the bytes of a whole inventory file (an ``InventorySource``) in parts, several
/// at once, with the results and errors of one ``InventoryValuer`` reading it from start to
/// end.
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
/// There are several parts per processor, each taken by the first processor free: one that
/// another program shares then values fewer parts instead of holding the others back. The
/// threads are one per processor, each kept on its own when there are parts for all
/// (``Threads/run(_:keptOn:_:)``): left to the scheduler beside one other busy program on
/// two processors, both sometimes shared one processor for the whole run while the other
/// program had the second. Each part reads its bytes in chunks into a buffer of its own, so
/// memory stays at a chunk per processor however large the file.
enum InventoryValuation {
  /// Parts are at least this large (smaller files are valued in one part): each part meets
  /// each of its categories once through the careful path, about 0.4 µs a category.
  static let minimumPartSize = 16 << 20
  /// Parts per processor: with eight, a processor that finishes early takes over work that
  /// a busy one would have done (a processor shared with another program does about half).
  static let partsPerProcessor = 8
  /// The bytes a part reads at a time: large enough that few records straddle two chunks,
  /// small enough to stay in the processor's cache between the read and the valuation.
  static let chunkSize = 1 << 20
  /// How many lines past a share's end are searched for a split between quote-free lines.
  static let splitSearchLines = 64
  /// The bytes read to find a split (its lines of up to 1 KiB) or the header.
  static let searchBytes = 64 << 10

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

  /// Values the whole of `source`.
  ///
  /// - Parameters:
  ///   - source: The bytes (a file, or memory).
  ///   - file: The file as the caller named it, for error messages.
  ///   - parts: How many parts at most; by default ``partsPerProcessor`` per processor.
  ///   - minimumPartSize: The fewest bytes a part has (a smaller file has fewer parts).
  ///   - chunkSize: The most bytes valued at a time.
  ///   - workers: How many threads value parts at once; by default one per processor (each
  ///     kept on its processor).
  /// - Returns: The totals (USD) and the header's columns.
  /// - Throws: ``InventoryError``: the first in file order.
  static func value(
    _ source: InventorySource, file: String,
    parts: Int = POSIX.processorCount * Self.partsPerProcessor,
    minimumPartSize: Int = Self.minimumPartSize, chunkSize: Int = Self.chunkSize,
    workers: Int = POSIX.processorCount
  ) throws(InventoryError) -> (totals: StockAccumulator, columns: InventoryColumns?) {
    let reading = Reading(source: source, file: file, chunkSize: chunkSize)
    let count = min(parts, source.count / max(minimumPartSize, 1))
    guard count > 1, let columns = try header(of: reading) else {
      return try sequential(reading)
    }
    let starts = try splits(of: reading, into: count, after: columns.end)
    guard starts.count > 1 else { return try sequential(reading) }
    // Each processor takes the next part not taken until none is left, reading into one
    // buffer of its own, and merges what has come in, in file order, as soon as it can: the
    // parts not yet merged are about as many as the processors.
    let merge = Mutex(Merge(count: starts.count))
    let next = Atomic(0)
    Threads.run(max(1, min(workers, starts.count)), keptOn: Threads.allowedProcessors()) { _ in
      reading.withBuffer { buffer in
        while true {
          let index = next.add(1, ordering: .relaxed).oldValue
          guard index < starts.count, !merge.withLock({ $0.isNeedless(index) }) else { return }
          let end = index + 1 < starts.count ? starts[index + 1] : source.count
          let part = valuePart(
            reading, from: starts[index], to: end, columns: index == 0 ? nil : columns.columns,
            buffer: buffer)
          merge.withLock { $0.add(part, at: index) }
        }
      }
    }
    let merged = merge.withLock { $0 }
    switch merged.stop {
    case nil, .ended?:
      return (merged.totals, columns.columns)
    case .failed(let index, let error)?:
      guard index > 0 else { throw error }
      // The part's lines are valued again after the totals before them: a figure that
      // overflows only with those totals then fails first, at its own line, as it would
      // have read from the start.
      let totals = try resume(
        reading, from: starts[index], columns: columns.columns, after: merged.totals,
        lineOffset: merged.lineOffset)
      return (totals, columns.columns)
    case .overflowed?:
      // Figures too large for the sums: the error (and its line) is the sequential one's.
      return try sequential(reading)
    }
  }

  /// The parts' outcomes merged in file order as they come in, up to the first that stops
  /// the merging.
  private struct Merge: Sendable {
    /// Why the merging stopped.
    enum Stop: Sendable {
      /// A part went on to the end of the file: it has every line after it.
      case ended
      /// The part at this index failed: the file is valued again from its start.
      case failed(Int, InventoryError)
      /// The totals overflowed: the file is valued again from the start.
      case overflowed
    }

    /// The outcomes that came in before the ones before them (`nil`: not in, or merged).
    private var waiting: [Part?]
    /// The first part not merged.
    private(set) var merged = 0
    var totals = StockAccumulator(currency: .usd)
    /// The line feeds before the first part not merged.
    private(set) var lineOffset = 0
    private(set) var stop: Stop?

    init(count: Int) { waiting = Array(repeating: nil, count: count) }

    /// Whether the part at `index` can no longer count (the merging stopped before it).
    func isNeedless(_ index: Int) -> Bool { stop != nil && index > merged }

    /// Takes the outcome of the part at `index`, then merges every part it can, in order.
    mutating func add(_ part: Part, at index: Int) {
      guard stop == nil, index >= merged, index < waiting.count else { return }
      waiting[index] = part
      while stop == nil, merged < waiting.count, let part = waiting[merged] {
        waiting[merged] = nil
        if let error = part.error {
          stop = .failed(merged, error)
        } else if !totals.merge(part.totals) {
          stop = .overflowed
        } else if !part.endedAtSplit {
          stop = .ended
        } else {
          lineOffset += part.lineFeeds
          merged += 1
        }
      }
    }
  }

  /// What every part reads, and how.
  private struct Reading: Sendable {
    let source: InventorySource
    /// The file's name for error messages.
    let file: String
    let chunkSize: Int

    /// Calls `body` with a buffer for ``consume(from:to:into:buffer:)`` (empty for bytes in
    /// memory, which need none).
    func withBuffer<Result, Failure: Error>(
      _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
      guard case .file(_, let size) = source else {
        return try body(UnsafeMutableRawBufferPointer(start: nil, count: 0))
      }
      let buffer = UnsafeMutableRawBufferPointer.allocate(
        byteCount: max(1, min(chunkSize, size)), alignment: 64)
      defer { buffer.deallocate() }
      return try body(buffer)
    }

    /// Feeds `start..<end` to `valuer`, a chunk at a time (read into `buffer`).
    func consume(
      from start: Int, to end: Int, into valuer: inout InventoryValuer,
      buffer: UnsafeMutableRawBufferPointer
    ) throws(InventoryError) {
      try source.forEachChunk(
        from: start, to: end, chunkSize: chunkSize, buffer: buffer, file: file
      ) { chunk throws(InventoryError) in try valuer.consume(chunk) }
    }

    /// ``consume(from:to:into:buffer:)`` with a buffer of its own.
    func consume(from start: Int, to end: Int, into valuer: inout InventoryValuer)
      throws(InventoryError)
    {
      try withBuffer { buffer throws(InventoryError) in
        try consume(from: start, to: end, into: &valuer, buffer: buffer)
      }
    }
  }

  /// Values `bytes` from `start` (where a record starts, after the header) to the end,
  /// adding to `totals` (those of the lines before `start`).
  ///
  /// - Parameters:
  ///   - reading: The whole file.
  ///   - start: Where a record starts.
  ///   - columns: The header's columns.
  ///   - totals: The totals of the records before `start`.
  ///   - lineOffset: The line feeds before `start`, added to the lines of errors.
  /// - Returns: The totals of the whole file.
  /// - Throws: ``InventoryError``: the first after `start`, with its line in the file.
  private static func resume(
    _ reading: Reading, from start: Int, columns: InventoryColumns,
    after totals: StockAccumulator, lineOffset: Int
  ) throws(InventoryError) -> StockAccumulator {
    var valuer = InventoryValuer(file: reading.file, afterHeader: columns, totals: totals)
    do {
      try reading.consume(from: start, to: reading.source.count, into: &valuer)
      try valuer.finish()
    } catch {
      throw InventoryError(
        file: error.file, line: error.line.map { $0 + lineOffset }, field: error.field,
        reason: error.reason)
    }
    return valuer.accumulator
  }

  /// Values the whole file in one part, on this thread.
  private static func sequential(_ reading: Reading)
    throws(InventoryError) -> (totals: StockAccumulator, columns: InventoryColumns?)
  {
    var valuer = InventoryValuer(file: reading.file)
    try reading.consume(from: 0, to: reading.source.count, into: &valuer)
    try valuer.finish()
    return (valuer.accumulator, valuer.header)
  }

  /// The header's columns and where the record after it starts, or `nil` when the header
  /// is not a plain first line of at most ``searchBytes`` (the file is then valued in one
  /// part).
  private static func header(of reading: Reading) throws(InventoryError)
    -> (columns: InventoryColumns, end: Int)?
  {
    let bytes = try reading.source.bytes(from: 0, count: searchBytes, file: reading.file)
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    var valuer = InventoryValuer(file: reading.file)
    do {
      try bytes[...newline].withUnsafeBufferPointer { line throws(InventoryError) in
        try valuer.consume(line)
      }
    } catch {
      return nil
    }
    guard let columns = valuer.header, valuer.isAtRecordBoundary else { return nil }
    return (columns, newline + 1)
  }

  /// Where each part starts: 0, then just after a line feed near each equal share (between
  /// two lines without quotes where one is found soon), in ascending order.
  private static func splits(of reading: Reading, into parts: Int, after start: Int)
    throws(InventoryError) -> [Int]
  {
    let count = reading.source.count
    var starts = [0]
    for part in 1..<parts {
      let target = max(count / parts * part, start)
      let near = try reading.source.bytes(from: target, count: searchBytes, file: reading.file)
      guard let offset = split(in: near), target + offset > (starts.last ?? 0),
        target + offset < count
      else { continue }
      starts.append(target + offset)
    }
    return starts
  }

  /// The start of a line after the first byte of `bytes`: preferably one that follows a
  /// quote-free line and is quote-free itself (the line feed between them cannot be inside a
  /// quoted field unless a field spans both lines whole), else the first.
  private static func split(in bytes: [UInt8]) -> Int? {
    var lineStart = 0
    var first: Int?
    var previousHasQuote = true
    for _ in 0..<splitSearchLines {
      guard let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else {
        return first
      }
      let hasQuote = bytes[lineStart..<newline].contains(UInt8(ascii: "\""))
      if lineStart > 0, !previousHasQuote, !hasQuote { return lineStart }
      if first == nil { first = newline + 1 }
      // The first line is seen only from the first byte on: it may hold a quote before.
      previousHasQuote = hasQuote || lineStart == 0
      lineStart = newline + 1
      guard lineStart < bytes.count else { return first }
    }
    return first
  }

  /// Values the part `start..<end`; one that does not end a record at `end` goes on to the
  /// end of the file.
  private static func valuePart(
    _ reading: Reading, from start: Int, to end: Int, columns: InventoryColumns?,
    buffer: UnsafeMutableRawBufferPointer
  ) -> Part {
    let file = reading.file
    var valuer =
      columns.map { InventoryValuer(file: file, afterHeader: $0) } ?? InventoryValuer(file: file)
    var part = Part()
    do {
      try reading.consume(from: start, to: end, into: &valuer, buffer: buffer)
      if end < reading.source.count, valuer.isAtRecordBoundary {
        part.endedAtSplit = true
      } else {
        try reading.consume(from: end, to: reading.source.count, into: &valuer, buffer: buffer)
        try valuer.finish()
      }
    } catch {
      part.error = error
    }
    part.totals = valuer.accumulator
    part.lineFeeds = valuer.line - 1
    return part
  }
}
