import Support

/// Reads the ECB's CSV rate files, daily and historical, into observations.
///
/// Daily: `Date, USD, JPY, …` then `28 February 2025, 1.0411, …` (spaces after commas).
/// Historical: `Date,USD,JPY,…` then `2025-02-28,1.0411,…` with `N/A` for "no rate that day".
/// Both may end each line with a trailing comma. Cells are trimmed of spaces; blank lines are
/// skipped; CRLF is accepted. Columns of codes missing from our ISO table (e.g. `CYP`) are
/// checked for syntax and otherwise ignored.
struct ECBCSVParser {
  let file: String
  /// The day whose rates are wanted; `nil` for the latest in the file.
  let asOf: CalendarDate?

  func parse(_ bytes: [UInt8]) throws(RateFileError) -> RateObservations {
    var observations = RateObservations(asOf: asOf)
    var header: [String]?
    var lineNumber = 0
    for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      var lineBytes = rawLine
      if lineBytes.last == UInt8(ascii: "\r") { lineBytes = lineBytes.dropLast() }
      guard let text = String(validating: lineBytes, as: UTF8.self) else {
        throw error(lineNumber, "invalid UTF-8")
      }
      if text.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
      var cells = text.split(separator: ",", omittingEmptySubsequences: false).map {
        String($0).trimmedCell
      }
      guard let columns = header else {
        header = try parseHeader(&cells, line: lineNumber)
        continue
      }
      if cells.count == columns.count + 1, cells.last == "" { cells.removeLast() }
      guard cells.count == columns.count else {
        throw error(lineNumber, "expected \(columns.count) fields, found \(cells.count)")
      }
      guard let date = CalendarDate(cells[0]) ?? CalendarDate(ecbDaily: cells[0]) else {
        throw error(lineNumber, "bad date '\(cells[0])'")
      }
      var rates: [Currency: ExactDecimal] = [:]
      for index in 1..<cells.count {
        let code = columns[index]
        guard let value = try rate(cells[index], code: code, line: lineNumber) else { continue }
        if let currency = ISO4217.byCode[code] { rates[currency] = value }
      }
      guard observations.add(date: date, rates: rates) else {
        throw error(lineNumber, "duplicate date \(date)")
      }
    }
    guard header != nil else { throw RateFileError(file: file, line: nil, reason: "empty file") }
    return observations
  }

  private func parseHeader(_ cells: inout [String], line: Int) throws(RateFileError) -> [String] {
    if cells.count > 1, cells.last == "" { cells.removeLast() }
    guard cells.first == "Date" else {
      throw error(line, "expected a header starting with 'Date'")
    }
    var seen: Set<String> = []
    for code in cells.dropFirst() {
      guard code.utf8.count == 3, code.utf8.allSatisfy({ (65...90).contains($0) }) else {
        throw error(line, "bad currency code '\(code)'")
      }
      guard seen.insert(code).inserted else { throw error(line, "duplicate column \(code)") }
    }
    return cells
  }

  /// The rate in a cell, `nil` for `N/A`.
  private func rate(_ cell: String, code: String, line: Int) throws(RateFileError)
    -> ExactDecimal?
  {
    if cell == "N/A" { return nil }
    if cell.isEmpty { throw error(line, "missing rate for \(code)") }
    return try ECBRateCell.value(cell, code: code) { reason throws(RateFileError) in
      throw error(line, reason)
    }
  }

  private func error(_ line: Int, _ reason: String) -> RateFileError {
    RateFileError(file: file, line: line, reason: reason)
  }
}

/// The shared check of one rate value from a file.
enum ECBRateCell {
  /// Parses a positive exact rate, calling `fail` with the message otherwise.
  static func value(
    _ text: String, code: String, fail: (String) throws(RateFileError) -> Never
  ) throws(RateFileError) -> ExactDecimal {
    guard let parsed = try? DecimalSyntax.parse(text, allowingNegative: false),
      let value = try? ExactDecimal(parsed)
    else { try fail(RateError.badRate(text, quote: code).description) }
    guard value.isPositive else { try fail(RateError.notPositive(text, quote: code).description) }
    return value
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  fileprivate var trimmedCell: String {
    let scalars = unicodeScalars
    let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
    guard let start = scalars.firstIndex(where: { !isBlank($0) }),
      let end = scalars.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(scalars[start...end])
  }
}
