import Foundation
import Testing

@testable import StockValuation

/// Shared fixtures: the book's SportsStore products and the SPEC's starting stock.
enum Fixtures {
  /// SPEC §5: the SportsStore products, tax included.
  static let sportsStoreCSV = """
    name,category,unit_price,quantity,tax_percent
    Kayak,Watersports,275.00,10,10
    Lifejacket,Watersports,48.95,14,10
    Soccer Ball,Soccer,19.50,32,25
    Corner Flags,Soccer,34.95,1,25
    Stadium,Soccer,79500.00,4,25
    Thinking Cap,Chess,16.00,8,20
    Unsteady Chair,Chess,29.95,3,20
    Human Chess Board,Chess,75.00,2,20
    Bling-Bling King,Chess,1200.00,4,20

    """

  /// SPEC §4: the starting stock.
  static func startingStock() throws -> [StockLine] {
    let rows: [(String, String, String, Int64)] = [
      ("VW Golf", "compact", "28500.00", 12),
      ("VW Golf (Firm, 4WD)", "compact", "32150.00", 3),
      ("Porsche Boxster", "sports", "72900.00", 4),
      ("Porsche Boxster (4WD)", "sports", "76550.00", 2),
      ("Cadillac Escalade", "suv", "89990.00", 5),
    ]
    return try rows.map { row in
      try StockLine(
        name: row.0, category: row.1, unitPrice: Money(parsing: row.2, currency: .usd),
        quantity: row.3)
    }
  }

  /// The book's override: 1 USD = 0.60338 GBP from the command line.
  static func bookRates() throws -> RateTable {
    let rate = try ExchangeRate(
      base: .usd, quote: .gbp, parsing: "0.60338", source: "command line")
    return RateTable.ecbReference.overriding(with: rate)
  }

  /// A fresh temporary file with `contents`; the caller removes it.
  static func temporaryFile(named name: String, contents: [UInt8]) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("StockValuationTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(contents).write(to: url)
    return url.path
  }

  /// Removes a file made by ``temporaryFile(named:contents:)`` and its directory.
  static func remove(_ path: String) {
    let url = URL(fileURLWithPath: path).deletingLastPathComponent()
    try? FileManager.default.removeItem(at: url)
  }
}

extension CurrencyPairRegistry {
  /// The factory of `code`, registering it first if it is not registered yet (tests only: the
  /// library's lookups never register).
  func factoryRegisteringIfMissing(_ code: String) throws(CurrencyError)
    -> any CurrencyPairFactory
  {
    do {
      return try factory(for: code)
    } catch .notRegistered {
      do {
        return try register(code)
      } catch .alreadyRegistered {
        return try factory(for: code)
      }
    }
  }
}
