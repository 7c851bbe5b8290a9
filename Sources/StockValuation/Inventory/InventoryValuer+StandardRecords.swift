import Support

extension InventoryValuer {
  /// Values the records of the usual column order `name,category,unit_price,quantity
  /// [,tax_percent]` from `start` on, each from its stops (``StopMap``: the commas, line feeds
  /// and spoilers found 64 bytes at a time; a common record's all from one window, others one
  /// by one), until one needs more than the common case: a field with a quote (but a whole
  /// quoted name), carriage return (but before the line feed ending a line), line feed or
  /// another control byte below 0x0E (tab, NUL: stops too), a name or category that is empty
  /// (or a name that is not valid UTF-8), a number of more than eight bytes or with a decimal
  /// point it does not allow, a category not yet seen, a record longer than the map's
  /// read-ahead (about 1 KiB), one that does not end eight bytes before the end of the chunk
  /// or of the run's ``runBytes``, or fewer than 136 bytes of the chunk from `start`. No run
  /// starts when the totals are too close to overflowing for its worst case
  /// (``RunningTotals/hasRoom(forLines:)``): its rows are then added unchecked, in the
  /// categories at once and in the totals once at its end. That record is left (unchanged
  /// totals) to ``valueStandardRecord(_:start:end:hasTax:)`` and the general path,
  /// which decide it as before: this run accepts a subset of what they accept, with the same
  /// values.
  ///
  /// - Parameters:
  ///   - chunk: The chunk.
  ///   - start: Where a record starts.
  ///   - line: The line of the record at `start`; advanced past each line valued.
  ///   - hasTax: Whether the header has `tax_percent` (five fields, else four).
  ///   - categories: The categories seen, by their bytes, with their positions in `totals`.
  ///   - cache: The front of `categories` for keys of up to 16 bytes.
  ///   - totals: The sums added to.
  /// - Returns: Where the first record left to the careful path starts (`chunk.count` if
  ///   none).
  static func valueStandardRun(
    _ chunk: UnsafeBufferPointer<UInt8>, from start: Int, line: inout Int, hasTax: Bool,
    categories: inout CategoryTable, cache: inout CategoryCache.Lookup,
    totals: inout RunningTotals
  ) -> Int {
    // A run reads at most ``runBytes`` bytes: no record it takes is longer than the scanner
    // allows. Its lines have at least eight bytes (`n,c,1,1` and a line feed), so it has at
    // most `runBytes / 8 + 1` of them, each within the bounds of
    // ``RunningTotals/hasRoom(forLines:)`` (numbers of at most eight bytes).
    let count = min(chunk.count, start + Self.runBytes)
    guard start >= 0, totals.hasRoom(forLines: (count - start) / 8 + 1) else { return start }
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 16) { bitmap in
      // Its records end eight bytes before `count`, so eight bytes can be read at any field.
      guard let bytes = UnsafeBytes(chunk)?.prefix(count),
        var stops = StopMap(bytes, limit: count - 8, from: start, bitmap: bitmap)
      else { return start }
      // One loop for each column count, so that neither tests it row by row.
      return hasTax
        ? valueStandardRun(
          bytes, from: start, stops: &stops, line: &line, hasTax: true,
          categories: &categories, cache: &cache, totals: &totals)
        : valueStandardRun(
          bytes, from: start, stops: &stops, line: &line, hasTax: false,
          categories: &categories, cache: &cache, totals: &totals)
    }
  }

  /// The most bytes one run reads: the longest record (and far fewer than
  /// ``RunningTotals/maximumLines`` lines of eight bytes).
  static let runBytes = CSVScanner.maximumRecordBytes

  /// Where the fields of a record end: its name's comma (and where its text starts: after
  /// the quote of a quoted name), its category's, price's and quantity's stops, the end of
  /// its last field (the quantity's stop without `tax_percent`): its line feed, or the
  /// carriage return of a CRLF; and where the next record starts.
  private struct RecordStops {
    var text: Int
    var name: Int
    var nameIsASCII: Bool
    var category: Int
    var price: Int
    var quantity: Int
    var end: Int
    var next: Int
  }

  /// The length of the line break at `end` (the stop after a record's last field): 1 for a
  /// line feed, 2 for a carriage return and line feed (as files from Windows end their lines),
  /// 0 for anything else.
  @inline(__always)
  private static func lineBreak(_ bytes: UnsafeBytes, at end: Int) -> Int {
    let byte = bytes[end]
    if byte == UInt8(ascii: "\n") { return 1 }
    return byte == UInt8(ascii: "\r") && bytes[end &+ 1] == UInt8(ascii: "\n") ? 2 : 0
  }

  /// ``valueStandardRun(_:from:line:hasTax:categories:cache:totals:)`` with the stops of the
  /// run's bytes from `start` on.
  @inline(__always)
  private static func valueStandardRun(
    _ bytes: UnsafeBytes, from start: Int, stops: inout StopMap,
    line lineNumber: inout Int, hasTax: Bool, categories: inout CategoryTable,
    cache: inout CategoryCache.Lookup, totals: inout RunningTotals
  ) -> Int {
    var position = start
    // The run's sums and line in locals (registers, not memory, between rows), added to the
    // totals once at the end; its lines are the lines passed but the blank ones.
    var scaledSum: Int128 = 0
    var itemSum: Int64 = 0
    var line = lineNumber
    var blankLines = 0
    let sums = totals.categorySums
    defer {
      totals.addBatch(scaled: scaledSum, quantity: itemSum, lines: line &- lineNumber &- blankLines)
      lineNumber = line
    }
    while true {
      guard stops.covers(position) || stops.refill(at: position) else { return position }
      let record: RecordStops
      if let plain = plainStops(
        bytes, at: position, window: stops.window(at: position), hasTax: hasTax)
      {
        record = plain
      } else if bytes[position] == UInt8(ascii: "\n") {
        blankLines &+= 1
        line &+= 1
        position &+= 1
        continue
      } else {
        switch stopsOneByOne(bytes, at: position, stops: stops, hasTax: hasTax) {
        case .found(let found): record = found
        case .refused: return position
        case .outOfStops:
          // A long record: the map is filled from its word on, once.
          guard stops.refill(at: position),
            case .found(let found) = stopsOneByOne(
              bytes, at: position, stops: stops, hasTax: hasTax)
          else { return position }
          record = found
        }
      }
      // Each number lies between two stops: its bounds are known before it is read.
      guard
        let price = boundedNumber(
          bytes, from: record.category &+ 1, to: record.price, decimals: 2),
        let quantity = boundedNumber(
          bytes, from: record.price &+ 1, to: record.quantity, decimals: 0)
      else { return position }
      var taxFactor: Int64 = 0
      if hasTax, record.end != record.quantity &+ 1 {
        guard
          let tax = boundedNumber(
            bytes, from: record.quantity &+ 1, to: record.end,
            decimals: StockLine.maximumTaxDecimals)
        else { return position }
        taxFactor = tax
      }
      if !record.nameIsASCII, !isPlainName(bytes.buffer(from: record.text, to: record.name)) {
        return position
      }
      // Numbers of at most eight bytes: `price × quantity < 10^18`, the value below 2^100.
      let factor = 1_000_000 + UInt64(truncatingIfNeeded: taxFactor)
      let (high, low) = (UInt64(truncatingIfNeeded: price) &* UInt64(truncatingIfNeeded: quantity))
        .multipliedFullWidth(by: factor)
      let scaled = Int128(truncatingIfNeeded: high) << 64 | Int128(truncatingIfNeeded: low)
      guard
        let index = cache.value(
          forKeyIn: bytes, from: record.name &+ 1, to: record.category, table: &categories),
        sums.add(categoryAt: index, scaled: scaled, quantity: quantity)
      else { return position }
      scaledSum &+= scaled
      itemSum &+= quantity
      line &+= 1
      position = record.next
    }
  }

  /// The stops of the common record at `position`, all in its window (the stops of its 64
  /// bytes): a plain ASCII name and category, each not empty, three or four commas and a
  /// line feed; `nil` for any other record (one longer than its window, or ending in CRLF).
  @inline(__always)
  private static func plainStops(
    _ bytes: UnsafeBytes, at position: Int, window: UInt64, hasTax: Bool
  ) -> RecordStops? {
    // The lowest stops in order (64 once there are none left).
    var stops = window
    let name = stops.trailingZeroBitCount
    stops &= stops &- 1
    let category = stops.trailingZeroBitCount
    stops &= stops &- 1
    let price = stops.trailingZeroBitCount
    stops &= stops &- 1
    let quantity = stops.trailingZeroBitCount
    var end = quantity
    if hasTax {
      stops &= stops &- 1
      end = stops.trailingZeroBitCount
    }
    guard end < 64, name > 0, category > name &+ 1 else { return nil }
    let comma = UInt8(ascii: ",")
    let separators =
      (bytes[position &+ name] ^ comma) | (bytes[position &+ category] ^ comma)
      | (bytes[position &+ price] ^ comma)
      | (hasTax ? bytes[position &+ quantity] ^ comma : 0)
      | (bytes[position &+ end] ^ UInt8(ascii: "\n"))
    // A line ending in CRLF is taken one stop at a time.
    guard separators == 0 else { return nil }
    return RecordStops(
      text: position, name: position &+ name, nameIsASCII: true,
      category: position &+ category, price: position &+ price,
      quantity: position &+ quantity, end: position &+ end, next: position &+ end &+ 1)
  }

  /// What ``stopsOneByOne(_:at:stops:hasTax:)`` found.
  private enum OneByOne {
    case found(RecordStops)
    /// A record the run leaves to the careful path.
    case refused
    /// The map's words ended inside the record.
    case outOfStops
  }

  /// The stops of the record at `position` taken one by one from `stops`: also a quoted name
  /// (`"Kayak, red"`, doubled quotes inside), a line ending in CRLF, non-ASCII names and
  /// categories (each of their bytes from 0x80 is a stop) and records longer than a window.
  @inline(never)
  private static func stopsOneByOne(
    _ bytes: UnsafeBytes, at position: Int, stops: StopMap, hasTax: Bool
  ) -> OneByOne {
    let comma = UInt8(ascii: ",")
    let quote = UInt8(ascii: "\"")
    var text = position
    var name: (stop: Int, isASCII: Bool)
    if bytes[position] == quote {
      // Only the text between the quotes is checked as UTF-8, as the careful path does.
      text = position &+ 1
      var at = text
      var isASCII = true
      while true {
        guard let stop = stops.stop(from: at) else { return .outOfStops }
        let byte = bytes[stop]
        if byte == quote {
          let following = bytes[stop &+ 1]
          if following == quote {
            at = stop &+ 2
            continue
          }
          guard following == comma, stop > text else { return .refused }
          name = (stop &+ 1, isASCII)
          break
        }
        if byte >= 0x80 {
          isASCII = false
        } else if byte != comma {
          // A line feed, carriage return or another control byte.
          return .refused
        }
        at = stop &+ 1
      }
    } else {
      switch textEnd(from: position, stops) {
      case .found(let found): name = found
      case .refused: return .refused
      case .outOfStops: return .outOfStops
      }
      guard name.stop > position else { return .refused }
    }
    let category: Int
    switch textEnd(from: name.stop &+ 1, stops) {
    case .found(let found): category = found.stop
    case .refused: return .refused
    case .outOfStops: return .outOfStops
    }
    guard category > name.stop &+ 1 else { return .refused }
    guard let price = stops.stop(from: category &+ 1), let quantity = stops.stop(from: price &+ 1)
    else { return .outOfStops }
    var end = quantity
    if hasTax {
      guard bytes[quantity] == comma else { return .refused }
      guard let taxStop = stops.stop(from: quantity &+ 1) else { return .outOfStops }
      end = taxStop
    }
    // The byte after `end` is before the map's limit, eight bytes before the chunk's end.
    let lineBreak = lineBreak(bytes, at: end)
    guard bytes[price] == comma, lineBreak > 0 else { return .refused }
    return .found(
      RecordStops(
        text: text, name: name.stop, nameIsASCII: name.isASCII, category: category,
        price: price, quantity: quantity, end: end, next: end &+ lineBreak))
  }

  /// What ``textEnd(from:_:)`` found.
  private enum TextEnd {
    case found((stop: Int, isASCII: Bool))
    case refused
    case outOfStops
  }

  /// Where the text field from `start` ends (its comma, after any bytes from 0x80) and
  /// whether it is ASCII; refused at a line feed, quote, carriage return or another control
  /// byte.
  @inline(__always)
  private static func textEnd(from start: Int, _ stops: StopMap) -> TextEnd {
    var at = start
    var isASCII = true
    while true {
      guard let stop = stops.stop(from: at) else { return .outOfStops }
      let byte = stops.byte(at: stop)
      if byte == UInt8(ascii: ",") { return .found((stop, isASCII)) }
      guard byte >= 0x80 else { return .refused }
      isASCII = false
      at = stop &+ 1
    }
  }

  /// The number `start..<stop` times `10^decimals`, when it has one to eight bytes and at
  /// least eight bytes of `bytes` can be read from `start`: `digits` or
  /// `digits.digits` with at most `decimals` (at most 4) after the point, read from one
  /// eight-byte load moved up so that the bytes from `stop` on fall off its top
  /// (``topAligned(_:length:)``), the point taken out, then eight digits read at once. `nil`
  /// for anything else (which ``number(_:from:to:decimals:)`` or the general path then
  /// decides).
  @inline(always)
  static func checkedBoundedNumber(
    _ bytes: UnsafeBytes, from start: Int, to stop: Int, decimals: Int
  ) -> Int64? {
    guard start &+ 8 <= bytes.count else { return nil }
    return boundedNumber(bytes, from: start, to: stop, decimals: decimals)
  }

  /// ``checkedBoundedNumber(_:from:to:decimals:)`` where eight bytes can be read from
  /// `start`.
  @inline(always)
  private static func boundedNumber(
    _ bytes: UnsafeBytes, from start: Int, to stop: Int, decimals: Int
  ) -> Int64? {
    let length = stop &- start
    guard UInt(bitPattern: length &- 1) < 8 else { return nil }
    let word = bytes.word(at: start)
    // A price (the decimals are constants where the run reads them) has a reading of its
    // own, a few instructions cheaper.
    if decimals == 2 { return cents(word, length: length) }
    var digits = topAligned(word, length: length)
    var scale = pow10(decimals)
    if decimals > 0 {
      let points = equalBytes(digits, UInt8(ascii: "."))
      if points != 0 {
        // The first point, `fraction` bytes from the end (one to `decimals`), a digit
        // before it.
        let point = UInt64(truncatingIfNeeded: points.trailingZeroBitCount >> 3)
        let fraction = 7 &- Int(truncatingIfNeeded: point)
        guard fraction >= 1, fraction <= decimals, length > fraction &+ 1 else { return nil }
        // The bytes below it move up by one over it, a `0` below them.
        let below: UInt64 = ~0 &>> (56 &- 8 &* point)
        digits = (digits &<< 8) & below | digits & ~below | 0x30
        scale = pow10(decimals &- fraction)
      }
    }
    // Any other point, or any other byte, is not a digit.
    guard let value = eightDigits(digits) else { return nil }
    return value &* scale
  }

  /// ``boundedNumber(_:from:to:decimals:)`` for a price (two decimals at most), from the
  /// `length` (one to eight) bytes at the start of `word`: the number moved to the top of the
  /// word (``topAligned(_:length:)``), its point (if any) found at one of the two places it
  /// may be and taken out, then eight digits read at once.
  @inline(always)
  private static func cents(_ word: UInt64, length: Int) -> Int64? {
    var digits = topAligned(word, length: length)
    var scale: Int64 = 100
    let point = UInt8(ascii: ".")
    // A point needs a digit before it: `d.dd` is four bytes, `d.d` three.
    if UInt8(truncatingIfNeeded: digits &>> 40) == point, length >= 4 {
      // Bytes 0 to 4 move up by one over the point, a `0` below them.
      digits = (digits &<< 8) & 0x0000_FFFF_FFFF_FF00 | digits & 0xFFFF_0000_0000_0000 | 0x30
      scale = 1
    } else if UInt8(truncatingIfNeeded: digits &>> 48) == point, length >= 3 {
      digits = (digits &<< 8) & 0x00FF_FFFF_FFFF_FF00 | digits & 0xFF00_0000_0000_0000 | 0x30
      scale = 10
    }
    // Any other point, or any other byte, is not a digit.
    guard let value = eightDigits(digits) else { return nil }
    return value &* scale
  }

  /// The high bit of each byte of `word` that equals `byte`, exactly (no carries between
  /// bytes).
  @inline(always)
  static func equalBytes(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let difference = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return ~(((difference & low) &+ low) | difference) & ~low
  }

  /// The first `length` (one to eight) bytes of `word` moved to its top (the last of them
  /// highest), with `0`s below: a whole number of up to eight digits as eight digits.
  @inline(always)
  static func topAligned(_ word: UInt64, length: Int) -> UInt64 {
    let shift = UInt64(truncatingIfNeeded: 64 &- 8 &* length)
    // The `0`s fill the `shift / 8` low bytes (two shifts: one by 64 would shift by 0).
    return word &<< shift | (0x3030_3030_3030_3030 &>> 1) &>> (63 &- shift)
  }
}
