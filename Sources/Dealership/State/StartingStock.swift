package import StockValuation

/// The sample stock a session starts with when no inventory or store is given (SPEC §4).
enum StartingStock {
  static let entries: [(name: String, category: String, cents: Int64, quantity: Int64)] = [
    ("VW Golf", "compact", 28_500_00, 12),
    ("VW Golf (Firm, 4WD)", "compact", 32_150_00, 3),
    ("Porsche Boxster", "sports", 72_900_00, 4),
    ("Porsche Boxster (4WD)", "sports", 76_550_00, 2),
    ("Cadillac Escalade", "suv", 89_990_00, 5),
  ]

  /// The lines; every entry is a valid non-negative line, so none is dropped.
  static var lines: [StockLine] {
    entries.compactMap { entry in
      try? StockLine(
        name: entry.name, category: entry.category,
        unitPrice: Money(minorUnits: entry.cents, currency: .usd), quantity: entry.quantity)
    }
  }
}
