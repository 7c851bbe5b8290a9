import Support

/// The columns of an inventory CSV, read from its header.
///
/// The header must name `name`, `category`, `unit_price` and `quantity`, and may name
/// `tax_percent`, `vin`, `cost` and `received`, each at most once, in any order. Names are matched without regard to ASCII
/// case and surrounding spaces or tabs (` Unit_Price ` is `unit_price`). Other columns are
/// ignored, their values never read; their names are kept in ``ignored`` so the caller can
/// say so. A header that names none of the columns but holds `;` or a tab is refused with a
/// hint that the file looks separated by that character.
struct InventoryColumns {
  static let required = ["name", "category", "unit_price", "quantity"]
  static let optional = ["tax_percent", "vin", "cost", "received"]

  let count: Int
  let name: Int
  let category: Int
  let unitPrice: Int
  let quantity: Int
  let taxPercent: Int?
  /// The `vin` column, if there is one.
  let vin: Int?
  /// The `cost` column (USD, what one unit cost the dealer), if there is one.
  let cost: Int?
  /// The `received` column (`YYYY-MM-DD`), if there is one.
  let received: Int?
  /// The names of the columns ignored, as written but trimmed, each once, in header order.
  let ignored: [String]

  /// Reads the header record, or returns the reason it is refused.
  init(scanner: CSVScanner) throws(InventoryReason) {
    var positions: [String: Int] = [:]
    var ignored: [String] = []
    var seenIgnored: Set<String> = []
    for index in scanner.ends.indices {
      let field = scanner.field(index)
      let written = String(decoding: Self.trimmed(field), as: UTF8.self)
      let key = Self.key(Self.trimmed(field))
      guard Self.required.contains(key) || Self.optional.contains(key) else {
        if seenIgnored.insert(written).inserted { ignored.append(written) }
        continue
      }
      guard positions.updateValue(index, forKey: key) == nil else {
        throw InventoryReason(field: nil, text: "duplicate column '\(key)'")
      }
    }
    let missing = Self.required.filter { positions[$0] == nil }
    if let first = missing.first {
      if positions.isEmpty, let hint = Self.separatorHint(scanner) {
        throw InventoryReason(field: nil, text: hint)
      }
      let names = missing.map { "'\($0)'" }.joined(separator: ", ")
      throw InventoryReason(
        field: nil,
        text: missing.count == 1
          ? "missing column '\(first)'"
          : "missing columns \(names) (expected "
            + (Self.required + Self.optional).joined(separator: ", ") + ")")
    }
    count = scanner.ends.count
    self.name = positions["name"] ?? 0
    category = positions["category"] ?? 0
    unitPrice = positions["unit_price"] ?? 0
    quantity = positions["quantity"] ?? 0
    taxPercent = positions["tax_percent"]
    vin = positions["vin"]
    cost = positions["cost"]
    received = positions["received"]
    self.ignored = ignored
  }

  /// The bytes of `field` without the spaces and tabs around them.
  static func trimmed(_ field: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    var start = 0
    var end = field.count
    while start < end, isBlank(field[start]) { start += 1 }
    while end > start, isBlank(field[end - 1]) { end -= 1 }
    return UnsafeBufferPointer(rebasing: field[start..<end])
  }

  /// A column name as matched: its ASCII letters in lower case (other bytes unchanged).
  static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(
      decoding: bytes.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  /// The refusal of a header that looks separated by `;` or a tab rather than `,`, or `nil`.
  private static func separatorHint(_ scanner: CSVScanner) -> String? {
    let separators: [(byte: UInt8, shown: String)] = [
      (UInt8(ascii: ";"), "';'-separated"), (UInt8(ascii: "\t"), "tab-separated"),
    ]
    var header: [UInt8] = []
    for index in scanner.ends.indices {
      if index > 0 { header.append(UInt8(ascii: ",")) }
      header.append(contentsOf: scanner.field(index).prefix(200))
      if header.count > 200 { break }
    }
    guard let separator = separators.first(where: { header.contains($0.byte) }) else {
      return nil
    }
    var shown = String(decoding: header.prefix(40), as: UTF8.self)
    if header.count > 40 { shown += "…" }
    return "header '\(shown.escapingControlCharacters)' looks \(separator.shown); use ',' "
      + "between columns (expected " + (required + optional).joined(separator: ",") + ")"
  }
}

/// A reason a record was refused, with the column at fault if any.
struct InventoryReason: Error {
  let field: String?
  let text: String
}
