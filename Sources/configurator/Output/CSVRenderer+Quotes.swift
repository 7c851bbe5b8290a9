internal import Dealership
internal import StockValuation

extension CSVRenderer {
  /// `quotes` as a table: one row per recorded quote, its total in its currency.
  func quotes(_ quotes: [Quote]) {
    header(
      CSV.row(["quote", "date", "build", "name", "customer", "valid_until", "total", "currency"]))
    for quote in quotes {
      out.line(
        CSV.row([
          quote.reference, quote.date.description, String(quote.build), quote.name,
          quote.customer ?? "", quote.validUntil.description, quote.total.decimalString,
          quote.currency.code,
        ]))
    }
  }
}
