import Support

extension RateTable {
  /// The largest rates file read (the ECB's full history is about 7 MiB as XML).
  static let maximumFileSize = 64 << 20

  /// Reads an ECB rates file (daily CSV, historical CSV, or daily/historical XML).
  ///
  /// The format is detected from the content: XML if the first non-blank character is `<`,
  /// CSV otherwise. With several dates, each currency gets its latest rate on or before
  /// `asOf` (default: the latest date in the file).
  /// - Parameters:
  ///   - path: The file path, used as given in error messages.
  ///   - asOf: The day whose rates are wanted; `nil` for the latest in the file.
  /// - Returns: A table with EUR base and source `ECB euro reference rates, <path>`.
  /// - Throws: ``RateFileError`` naming the file and, where it applies, the line.
  public static func read(contentsOfFile path: String, asOf: CalendarDate? = nil)
    throws(RateFileError) -> RateTable
  {
    let bytes: [UInt8]
    do {
      bytes = try FileInput.readAll(path: path, limit: maximumFileSize)
    } catch {
      throw RateFileError(file: path, line: nil, reason: error.actionAndReason)
    }
    return try parse(bytes, fileName: path, asOf: asOf)
  }

  /// Parses the text of an ECB rates file; see ``read(contentsOfFile:asOf:)``.
  /// - Parameters:
  ///   - text: The file's content.
  ///   - fileName: The name used in error messages and in the table's source.
  ///   - asOf: The day whose rates are wanted; `nil` for the latest in the text.
  /// - Returns: A table with EUR base.
  /// - Throws: ``RateFileError``.
  public static func parse(_ text: String, fileName: String, asOf: CalendarDate? = nil)
    throws(RateFileError) -> RateTable
  {
    try parse(Array(text.utf8), fileName: fileName, asOf: asOf)
  }

  static func parse(_ bytes: [UInt8], fileName: String, asOf: CalendarDate?)
    throws(RateFileError) -> RateTable
  {
    var content = bytes[...]
    if content.starts(with: [0xEF, 0xBB, 0xBF]) { content = content.dropFirst(3) }
    let firstVisible = content.first { !($0 == 32 || $0 == 9 || $0 == 10 || $0 == 13) }
    let body = Array(content)
    let observations: RateObservations
    if firstVisible == UInt8(ascii: "<") {
      observations = try ECBXMLParser(file: fileName, asOf: asOf).parse(body)
    } else {
      observations = try ECBCSVParser(file: fileName, asOf: asOf).parse(body)
    }
    return try observations.select(
      file: fileName, source: "\(ecbSourceName), \(fileName)")
  }
}
