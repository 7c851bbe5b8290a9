/// The columns of an inventory CSV, read from its header.
///
/// The header must name `name`, `category`, `unit_price` and `quantity`, and may name
/// `tax_percent`; names are exact (lower case, no spaces), each at most once, in any order.
struct InventoryColumns {
  static let required = ["name", "category", "unit_price", "quantity"]
  static let optional = ["tax_percent"]

  let count: Int
  let name: Int
  let category: Int
  let unitPrice: Int
  let quantity: Int
  let taxPercent: Int?

  /// Reads the header record, or returns the reason it is refused.
  init(scanner: CSVScanner) throws(InventoryReason) {
    var positions: [String: Int] = [:]
    for index in scanner.ends.indices {
      let name = String(decoding: scanner.field(index), as: UTF8.self)
      guard Self.required.contains(name) || Self.optional.contains(name) else {
        throw InventoryReason(
          field: nil,
          text: "unknown column '\(name)' (expected "
            + (Self.required + Self.optional).joined(separator: ", ") + ")")
      }
      guard positions.updateValue(index, forKey: name) == nil else {
        throw InventoryReason(field: nil, text: "duplicate column '\(name)'")
      }
    }
    for name in Self.required where positions[name] == nil {
      throw InventoryReason(field: nil, text: "missing column '\(name)'")
    }
    count = scanner.ends.count
    self.name = positions["name"] ?? 0
    category = positions["category"] ?? 0
    unitPrice = positions["unit_price"] ?? 0
    quantity = positions["quantity"] ?? 0
    taxPercent = positions["tax_percent"]
  }
}

/// A reason a record was refused, with the column at fault if any.
struct InventoryReason: Error {
  let field: String?
  let text: String
}
