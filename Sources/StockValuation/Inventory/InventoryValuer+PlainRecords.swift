import Support

/// What one field of an inventory record holds.
enum InventoryField: UInt8 {
  case name, category, unitPrice, quantity, taxPercent
  /// A column the header does not know: skipped.
  case ignored
}

/// The fields of an inventory record in file order, as the header named them.
struct PlainLayout {
  /// The number of fields (at most 16).
  let count: Int
  /// Whether the order is `name,category,unit_price,quantity[,tax_percent]` and nothing else.
  let isStandard: Bool
  /// The raw value of the field at each position, four bits each, the first lowest.
  private let codes: UInt64

  /// The layout of `columns`, or `nil` if it has more than 16 (left to the scanner).
  init?(_ columns: InventoryColumns) {
    guard columns.count <= 16 else { return nil }
    var codes: UInt64 = 0
    for position in 0..<columns.count {
      codes |= UInt64(InventoryField.ignored.rawValue) << (4 * position)
    }
    let positions: [(Int?, InventoryField)] = [
      (columns.name, .name), (columns.category, .category), (columns.unitPrice, .unitPrice),
      (columns.quantity, .quantity), (columns.taxPercent, .taxPercent),
    ]
    for case (let position?, let field) in positions where position < 16 {
      codes &= ~(0xF << (4 * position))
      codes |= UInt64(field.rawValue) << (4 * position)
    }
    self.count = columns.count
    self.codes = codes
    isStandard =
      columns.name == 0 && columns.category == 1 && columns.unitPrice == 2
      && columns.quantity == 3 && (columns.taxPercent ?? 4) == 4
      && columns.count == (columns.taxPercent == nil ? 4 : 5)
  }

  /// The field at `position` (below ``count``).
  @inline(__always)
  func field(at position: Int) -> InventoryField? {
    InventoryField(rawValue: UInt8(truncatingIfNeeded: codes >> (4 * position)) & 0xF)
  }
}

extension InventoryValuer {
  /// Values plain records from `start` on; returns where the first record it leaves to the
  /// scanner starts: one with a quote (but around a name in the usual column order) or
  /// carriage return, one it does not accept, or the incomplete one at the end of the chunk
  /// (`chunk.count` if there is none).
  mutating func valuePlainRecords(
    _ chunk: UnsafeBufferPointer<UInt8>, from start: Int, _ layout: PlainLayout
  ) -> Int {
    guard let bytes = UnsafeBytes(chunk) else { return start }
    let count = bytes.count
    var line = self.line
    defer { self.line = line }
    var position = start
    while position < count {
      if layout.isStandard {
        // Each record in one pass while they are common ones; the first that is not goes on
        // below, one record at a time.
        var table = categories
        var cache = categoryCache
        categoryCache = CategoryCache.empty
        let linesBefore = accumulator.lineCount
        position = cache.withLookup { cached in
          withRunningTotals { totals in
            Self.valueStandardRun(
              chunk, from: position, line: &line, hasTax: layout.count == 5, categories: &table,
              cache: &cached, totals: &totals)
          }
        }
        categoryCache = cache
        categories = table
        linesInRuns &+= accumulator.lineCount &- linesBefore
        guard position < count else { break }
      }
      guard let end = bytes.firstIndex(of: UInt8(ascii: "\n"), from: position, to: count)
      else { return position }
      if end > position {
        guard end - position <= CSVScanner.maximumRecordBytes else { return position }
        let valued =
          layout.isStandard
          ? valueStandardRecord(bytes, start: position, end: end, hasTax: layout.count == 5)
          : valuePlainRecord(bytes, start: position, end: end, layout)
        guard valued else { return position }
      }
      line += 1
      position = end + 1
    }
    return position
  }

  /// ``valuePlainRecord(_:start:end:_:)`` for the usual column order
  /// `name,category,unit_price,quantity[,tax_percent]`, without looking up each field, and
  /// also taking records whose name is quoted.
  @inline(__always)
  private mutating func valueStandardRecord(
    _ bytes: UnsafeBytes, start: Int, end: Int, hasTax: Bool
  ) -> Bool {
    let comma = UInt8(ascii: ",")
    // Names may be quoted (`"Kayak, red"`): only their UTF-8 is checked, which doubled quotes
    // do not change.
    let name: (bytes: UnsafeBufferPointer<UInt8>, stop: Int, isASCII: Bool)
    if bytes[start] == UInt8(ascii: "\"") {
      guard let quoted = Self.quotedField(bytes, from: start, end: end) else { return false }
      name = quoted
    } else {
      guard let found = Self.textEnd(bytes, from: start) else { return false }
      name = (bytes.buffer(from: start, to: found.stop), found.stop, found.isASCII)
    }
    guard name.stop < end,
      let category = Self.textEnd(bytes, from: name.stop + 1),
      category.stop < end,
      let price = Self.number(bytes, from: category.stop + 1, to: end, decimals: 2),
      price.stop < end, bytes[price.stop] == comma,
      let quantity = Self.number(bytes, from: price.stop + 1, to: end, decimals: 0)
    else { return false }
    var taxFactor: Int64 = 0
    if hasTax {
      guard quantity.stop < end, bytes[quantity.stop] == comma else { return false }
      let taxStart = quantity.stop + 1
      if taxStart != end {
        guard
          let tax = Self.number(
            bytes, from: taxStart, to: end, decimals: StockLine.maximumTaxDecimals),
          tax.stop == end
        else { return false }
        taxFactor = tax.value
      }
    } else {
      guard quantity.stop == end else { return false }
    }
    return add(
      name: name.bytes, checkName: !name.isASCII,
      category: bytes.buffer(from: name.stop + 1, to: category.stop),
      cents: price.value, units: quantity.value, taxFactor: taxFactor)
  }

  /// Values the record `start..<end` (`end` is its line feed; no line feed before it), or
  /// returns `false` to leave it to the scanner.
  @inline(__always)
  private mutating func valuePlainRecord(
    _ bytes: UnsafeBytes, start: Int, end: Int, _ layout: PlainLayout
  ) -> Bool {
    var name = bytes.buffer(from: start, to: start)
    var category = name
    var nameIsASCII = true
    var cents: Int64 = -1
    var units: Int64 = -1
    var taxFactor: Int64 = 0
    var fieldStart = start
    for position in 0..<layout.count {
      let stop: Int
      switch layout.field(at: position) {
      case nil:
        return false
      case .name?:
        guard let found = Self.textEnd(bytes, from: fieldStart) else { return false }
        stop = found.stop
        nameIsASCII = found.isASCII
        name = bytes.buffer(from: fieldStart, to: stop)
      case .category?:
        guard let found = Self.textEnd(bytes, from: fieldStart) else { return false }
        stop = found.stop
        category = bytes.buffer(from: fieldStart, to: stop)
      case .ignored?:
        // Its value is never read (a quoted one is left to the scanner).
        guard let found = Self.textEnd(bytes, from: fieldStart) else { return false }
        stop = found.stop
      case .unitPrice?:
        guard let number = Self.number(bytes, from: fieldStart, to: end, decimals: 2) else {
          return false
        }
        (cents, stop) = (number.value, number.stop)
      case .quantity?:
        guard let number = Self.number(bytes, from: fieldStart, to: end, decimals: 0) else {
          return false
        }
        (units, stop) = (number.value, number.stop)
      case .taxPercent?:
        if fieldStart == end || bytes[fieldStart] == UInt8(ascii: ",") {
          stop = fieldStart
        } else {
          guard
            let number = Self.number(
              bytes, from: fieldStart, to: end, decimals: StockLine.maximumTaxDecimals)
          else { return false }
          (taxFactor, stop) = (number.value, number.stop)
        }
      }
      // A field ends at a comma, the last one at the end of the record.
      if position + 1 == layout.count {
        guard stop == end else { return false }
      } else {
        guard stop < end, bytes[stop] == UInt8(ascii: ",") else { return false }
        fieldStart = stop + 1
      }
    }
    guard cents >= 0, units >= 0 else { return false }
    return add(
      name: name, checkName: !nameIsASCII, category: category, cents: cents, units: units,
      taxFactor: taxFactor)
  }
}
