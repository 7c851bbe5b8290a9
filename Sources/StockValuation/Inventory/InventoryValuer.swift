/// Values an inventory CSV in one streaming pass without making a `String` per row.
///
/// The fast path takes the plain records of a chunk (no carriage return, no quote except
/// around a name in the usual column order, wholly inside the chunk) straight from its bytes.
/// Records in the usual column order are first valued in one pass each
/// (``valueStandardRun(_:from:line:hasTax:categories:cache:totals:)``, adding through the
/// accumulator's lent ``RunningTotals``); a record that run leaves, and records in other
/// orders, are taken one at a time: it finds line feeds with `memchr` and separators eight
/// bytes at a time, checks the name's
/// UTF-8 only when a byte is not ASCII, parses numbers from the bytes into integers and finds
/// the category by its bytes in a ``CategoryTable``. Every other record, and every
/// record the fast path does not accept, goes through the general ``InventoryReader`` steps
/// (``CSVScanner``, ``InventoryRowDecoder``, ``StockAccumulator/add(_:)``), so results and error
/// messages are those of ``InventoryCSV/forEachLine(inFile:_:)`` feeding a ``StockAccumulator``.
struct InventoryValuer {
  /// The totals so far.
  private(set) var accumulator = StockAccumulator(currency: .usd)
  private var reader: InventoryReader
  var categories = CategoryTable()
  /// The front of ``categories`` for the one-pass run (see ``CategoryCache``).
  var categoryCache = CategoryCache()
  /// The header's columns, once read.
  private var columns: InventoryColumns?
  /// The fields of a record in order, once the header is read.
  private var layout: PlainLayout?
  /// Whether the scanner holds the start of a record that continues in the next chunk.
  private var recordInScanner = false
  /// The lines valued by one-pass runs so far (the rest went the careful way): what the
  /// tests read to see that a kind of record stays on the fast path.
  var linesInRuns = 0
  /// The current line, for the fast path (the scanner's while it holds a record).
  var line: Int {
    get { reader.scanner.line }
    set { reader.scanner.resume(atLine: newValue) }
  }

  init(file: String) {
    reader = InventoryReader(file: file)
  }

  /// A valuer that starts at a record after the header of a file with `columns` (one part of
  /// a file valued in parts, see ``InventoryValuation``); its lines count from 1.
  ///
  /// - Parameters:
  ///   - file: The file's name for error messages.
  ///   - columns: The header's columns.
  ///   - totals: The totals of the records before (none by default).
  init(
    file: String, afterHeader columns: InventoryColumns,
    totals: StockAccumulator = StockAccumulator(currency: .usd)
  ) {
    accumulator = totals
    reader = InventoryReader(file: file, afterHeader: columns)
    self.columns = columns
    layout = PlainLayout(columns)
  }

  /// Calls `body` with the totals' sums lent as plain memory (see
  /// ``StockAccumulator/withRunningTotals(_:)``).
  @inline(__always)
  mutating func withRunningTotals<Result>(_ body: (inout RunningTotals) -> Result) -> Result {
    accumulator.withRunningTotals(body)
  }

  /// The header's columns, once the header is read.
  var header: InventoryColumns? { columns }

  /// Whether the bytes consumed so far end with a complete record (none is held for the
  /// next chunk): where another part of the file may start.
  var isAtRecordBoundary: Bool { !recordInScanner }

  /// Values the complete records of a chunk; keeps an incomplete last record for the next.
  mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>) throws(InventoryError) {
    var position = reader.skipByteOrderMark(chunk)
    var fast = !recordInScanner
    while position < chunk.count {
      if fast, let layout {
        // Stops at the first record it leaves to the scanner (or at the end of the chunk).
        position = valuePlainRecords(chunk, from: position, layout)
        fast = false
      } else {
        guard try reader.scanRecord(chunk, from: &position) else {
          recordInScanner = true
          return
        }
        recordInScanner = false
        try takeScannedRecord()
        fast = true
      }
    }
  }

  /// Ends the input: values a last record without line break and checks for a header.
  mutating func finish() throws(InventoryError) {
    if try reader.finishScanning() { try takeScannedRecord() }
    try reader.requireHeader()
  }

  /// Values the scanner's complete record: fast if it can, else the general way.
  private mutating func takeScannedRecord() throws(InventoryError) {
    if let columns, reader.scanner.ends.count == columns.count, !reader.scanner.isBlankRecord {
      let scanner = reader.scanner
      let name = scanner.field(columns.name)
      let valued = value(
        name: name, category: scanner.field(columns.category),
        price: scanner.field(columns.unitPrice), quantity: scanner.field(columns.quantity),
        tax: columns.taxPercent.map(scanner.field), checkName: !Self.isASCII(name))
      if valued {
        reader.scanner.startNextRecord()
        return
      }
    }
    let line = reader.scanner.recordLine
    guard let stockLine = try reader.takeRecord() else {
      if columns == nil, let header = reader.decoder?.columns {
        columns = header
        layout = PlainLayout(header)
      }
      return
    }
    do {
      try accumulator.add(stockLine)
    } catch {
      throw reader.rejection(error, line: line)
    }
  }

  /// Adds one record's value to the totals, or returns `false` (changing nothing but the
  /// category list) if the general path must decide: a field it does not accept, or overflow.
  @inline(__always)
  private mutating func value(
    name: UnsafeBufferPointer<UInt8>, category: UnsafeBufferPointer<UInt8>,
    price: UnsafeBufferPointer<UInt8>, quantity: UnsafeBufferPointer<UInt8>,
    tax: UnsafeBufferPointer<UInt8>?, checkName: Bool
  ) -> Bool {
    guard let cents = Self.cents(price), let units = Self.wholeNumber(quantity) else {
      return false
    }
    var taxFactor: Int64 = 0
    if let tax, !tax.isEmpty {
      guard let factor = Self.taxFactor(tax) else { return false }
      taxFactor = factor
    }
    return add(
      name: name, checkName: checkName, category: category, cents: cents, units: units,
      taxFactor: taxFactor)
  }

  /// Adds a line of parsed numbers to the totals.
  /// - Parameters:
  ///   - name: The name's bytes.
  ///   - checkName: Whether the name has bytes that are not ASCII, to be checked as UTF-8.
  ///   - category: The category's bytes.
  ///   - cents: The unit price in cents.
  ///   - units: The quantity.
  ///   - taxFactor: The tax percent × 10^4 (at most 18 digits), 0 for none.
  /// - Returns: `false` (having changed nothing but the category list) if the general path
  ///   must decide: empty or invalid text, or overflow.
  @inline(always)
  mutating func add(
    name: UnsafeBufferPointer<UInt8>, checkName: Bool, category: UnsafeBufferPointer<UInt8>,
    cents: Int64, units: Int64, taxFactor: Int64
  ) -> Bool {
    guard !name.isEmpty, !category.isEmpty else { return false }
    if checkName, !Self.isPlainName(name) { return false }
    // 10^6 + tax × 10^4 < 2^61.
    let factor = 1_000_000 + UInt64(truncatingIfNeeded: taxFactor)
    guard let scaled = Self.scaledValue(cents: cents, units: units, factor: factor) else {
      return false
    }
    let index: Int
    if let known = categories.value(for: category) {
      index = known
    } else {
      guard let text = String(validating: category, as: UTF8.self) else { return false }
      index = accumulator.categoryIndex(for: text)
      categories.insert(category, value: index)
    }
    return accumulator.add(categoryAt: index, scaled: scaled, quantity: units)
  }
}
