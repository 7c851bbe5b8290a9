/// Reads the ECB's XML rate files (daily and historical) into observations.
///
/// Only `Cube` elements matter: `<Cube time='2025-02-28'>` opens a date and
/// `<Cube currency='USD' rate='1.0411'/>` inside it gives one rate. Attribute values may use
/// single or double quotes. Comments, the XML declaration and other elements are skipped.
struct ECBXMLParser {
  let file: String
  /// The day whose rates are wanted; `nil` for the latest in the file.
  let asOf: CalendarDate?

  private enum Frame {
    case dated(CalendarDate, [Currency: ExactDecimal], line: Int)
    case other
  }

  func parse(_ bytes: [UInt8]) throws(RateFileError) -> RateObservations {
    var observations = RateObservations(asOf: asOf)
    var stack: [Frame] = []
    var index = 0
    var line = 1
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") { line += 1 }
      guard byte == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      let tagLine = line
      var end = index + 1
      var quote: UInt8?
      while end < count {
        let current = bytes[end]
        if current == UInt8(ascii: "\n") { line += 1 }
        if let open = quote {
          if current == open { quote = nil }
        } else if current == UInt8(ascii: "'") || current == UInt8(ascii: "\"") {
          quote = current
        } else if current == UInt8(ascii: ">") {
          break
        }
        end += 1
      }
      guard end < count else { throw error(tagLine, "unterminated tag") }
      let tag = Array(bytes[(index + 1)..<end])
      index = end + 1
      try handle(tag, line: tagLine, stack: &stack, observations: &observations)
    }
    if !stack.isEmpty { throw RateFileError(file: file, line: nil, reason: "unclosed <Cube>") }
    return observations
  }

  private func handle(
    _ tag: [UInt8], line: Int, stack: inout [Frame], observations: inout RateObservations
  ) throws(RateFileError) {
    guard let first = tag.first, first != UInt8(ascii: "?"), first != UInt8(ascii: "!") else {
      return
    }
    if first == UInt8(ascii: "/") {
      guard String(decoding: tag.dropFirst(), as: UTF8.self).trimmed == "Cube" else { return }
      guard let frame = stack.popLast() else { throw error(line, "unbalanced </Cube>") }
      if case .dated(let date, let rates, let openLine) = frame,
        !observations.add(date: date, rates: rates)
      {
        throw error(openLine, "duplicate date \(date)")
      }
      return
    }
    let selfClosing = tag.last == UInt8(ascii: "/")
    let body = selfClosing ? tag.dropLast() : tag[...]
    guard let text = String(validating: body, as: UTF8.self) else {
      throw error(line, "invalid UTF-8")
    }
    let nameEnd = text.firstIndex { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard text[..<(nameEnd ?? text.endIndex)] == "Cube" else { return }
    let attributes = try parseAttributes(text[(nameEnd ?? text.endIndex)...], line: line)
    var frame = Frame.other
    if let time = attributes["time"] {
      guard let date = CalendarDate(time) else { throw error(line, "bad date '\(time)'") }
      frame = .dated(date, [:], line: line)
    } else if let code = attributes["currency"] {
      guard let rateText = attributes["rate"] else { throw error(line, "no rate for \(code)") }
      try addRate(rateText, code: code, line: line, stack: &stack)
    }
    if !selfClosing { stack.append(frame) }
  }

  private func addRate(
    _ text: String, code: String, line: Int, stack: inout [Frame]
  ) throws(RateFileError) {
    guard code.utf8.count == 3, code.utf8.allSatisfy({ (65...90).contains($0) }) else {
      throw error(line, "bad currency code '\(code)'")
    }
    let value = try ECBRateCell.value(text, code: code) { reason throws(RateFileError) in
      throw error(line, reason)
    }
    guard let position = stack.lastIndex(where: { if case .dated = $0 { true } else { false } }),
      case .dated(let date, var rates, let openLine) = stack[position]
    else { throw error(line, "rate for \(code) outside a dated Cube") }
    guard let currency = ISO4217.byCode[code] else { return }
    guard rates.updateValue(value, forKey: currency) == nil else {
      throw error(line, "duplicate rate for \(code)")
    }
    stack[position] = .dated(date, rates, line: openLine)
  }

  private func parseAttributes(_ text: Substring, line: Int) throws(RateFileError)
    -> [String: String]
  {
    var result: [String: String] = [:]
    var rest = text[...]
    while true {
      rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
      if rest.isEmpty { return result }
      guard let equals = rest.firstIndex(of: "=") else { throw error(line, "malformed tag") }
      let name = String(rest[..<equals]).trimmed
      rest = rest[rest.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
      guard let quote = rest.first, quote == "'" || quote == "\"" else {
        throw error(line, "malformed tag")
      }
      rest = rest.dropFirst()
      guard let close = rest.firstIndex(of: quote) else { throw error(line, "malformed tag") }
      result[name] = String(rest[..<close])
      rest = rest[rest.index(after: close)...]
    }
  }

  private func error(_ line: Int, _ reason: String) -> RateFileError {
    RateFileError(file: file, line: line, reason: reason)
  }
}

extension String {
  /// The string without surrounding ASCII whitespace.
  fileprivate var trimmed: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
