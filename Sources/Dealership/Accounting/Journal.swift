package import StockValuation

/// The session's books as double-entry transactions (SPEC §15, `export hledger FILE`): the
/// cars received at their cost, one lot per stock number; the deposits held for customers;
/// each sale's revenue, tax, deposit applied and receivable; its cost of sale and floor-plan
/// interest; and each void, reversing its sale on the day of the void. Every transaction is
/// in one currency and balances to the cent.
package struct Journal: Equatable {
  /// One transaction: a day, a description and postings that add up to zero.
  package struct Transaction: Equatable {
    package let date: CalendarDate
    package let description: String
    package let postings: [Posting]
  }

  /// An amount posted to an account.
  package struct Posting: Equatable {
    package let account: String
    package let amount: Money
  }

  /// The accounts, named as hledger's conventional top-level types read them.
  package enum Account {
    static func inventory(_ stockNumber: Int) -> String {
      "assets:inventory:" + StockNumber.text(stockNumber)
    }
    static let payable = "liabilities:payable"
    static let floorPlan = "liabilities:floor-plan"
    static let floorPlanInterest = "liabilities:floor-plan-interest"
    static let deposits = "liabilities:customer-deposits"
    static let cash = "assets:cash"
    static let receivables = "assets:receivables"
    static let sales = "revenue:sales"
    static let forfeitedDeposits = "revenue:forfeited-deposits"
    static let costOfSales = "expenses:cost-of-sales"
    static let interestExpense = "expenses:floor-plan-interest"
    static let overAllowance = "expenses:trade-in-over-allowance"
    /// The tax's account, by its label (`liabilities:tax:VAT`).
    static func tax(_ label: String) -> String {
      let name = label.map { $0.isLetter || $0.isNumber ? $0 : "-" }
      return "liabilities:tax:" + (name.isEmpty ? "sales-tax" : String(name))
    }
  }

  /// The day of the export.
  package let date: CalendarDate
  /// The dealer's name, for the journal's heading.
  package let dealer: String?
  package let transactions: [Transaction]
  /// Stock numbers left out: lines with no cost, whose lot cannot be valued.
  package let uncosted: [Int]
}
