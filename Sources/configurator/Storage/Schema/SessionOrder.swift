internal import Dealership
internal import StockValuation
import Support

/// An order in a session file (version 7), on one line: `{"order":1,"quote":1,
/// "date":"2026-12-02","currency":"GBP","deposit":"500.00"}`; `"deposit"` only when one was
/// taken, in `"currency"`, the quote's. From version 8 the entry cancelling an order:
/// `{"order":1,"quote":1,"date":"2026-12-09","currency":"GBP","cancel":true,"refund":"400.00"}`.
struct SessionOrder: Decodable {
  /// Where the order is in the file (`orders[0]`), for later messages.
  var path: String
  let order: Order
  let currency: Currency

  enum CodingKeys: String, CodingKey, CaseIterable {
    case order, quote, date, currency, deposit, cancel, refund
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let number = Int(
      try SessionFields.wholeNumber(
        container.requiredDecoder(forKey: .order), minimum: 1, maximum: Int64(Int32.max)))
    let quote = Int(
      try SessionFields.wholeNumber(
        container.requiredDecoder(forKey: .quote), minimum: 1, maximum: Int64(Int32.max)))
    let date = try SessionFields.date(container.requiredDecoder(forKey: .date))
    let currency = try SessionFields.currency(container.requiredDecoder(forKey: .currency))
    let deposit = try container.optionalDecoder(forKey: .deposit).map {
      try SessionFields.amount($0, in: currency)
    }
    self.currency = currency
    let cancels = try container.decodeIfPresent(Bool.self, forKey: .cancel) ?? false
    let refund = try container.optionalDecoder(forKey: .refund).map { field in
      guard cancels else { throw field.invalid("a refund is of a cancellation (\"cancel\": true)") }
      return try SessionFields.amount(field, in: currency)
    }
    if cancels, deposit != nil {
      throw decoder.invalid("a cancellation holds a refund, not a deposit")
    }
    order = Order(
      number: number, quote: quote, date: date, deposit: deposit, cancels: cancels,
      refund: refund)
  }

  /// The order as one line of the file; `currency` is its quote's.
  static func json(_ order: Order, currency: Currency) -> String {
    var object = JSONObject()
    object.add("order", order.number)
    object.add("quote", order.quote)
    object.add("date", order.date.description)
    object.add("currency", currency.code)
    if let deposit = order.deposit { object.add("deposit", deposit.decimalString) }
    if order.cancels {
      object.add("cancel", true)
      if let refund = order.refund { object.add("refund", refund.decimalString) }
    }
    return object.rendered
  }

  /// The order as one line of the file, in the currency of its quote in `quotes`.
  static func json(_ order: Order, quotes: QuoteBook) -> String {
    json(
      order,
      currency: order.deposit?.currency ?? order.refund?.currency
        ?? quotes.entry(order.quote)?.currency ?? .usd)
  }
}
