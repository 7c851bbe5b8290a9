internal import Dealership
internal import StockValuation
import Support

extension TextRenderer {
  /// `quotes`: one row per recorded quote, its total in its own currency.
  func quotes(_ quotes: [Quote], money: MoneySettings) {
    guard !quotes.isEmpty else {
      out.line("No quotes yet (quote N records one).")
      return
    }
    var table = TextTable([
      ("QUOTE", .left), ("DATE", .left), ("BUILD", .right), ("CAR", .left), ("CUSTOMER", .left),
      ("VALID UNTIL", .left), ("TOTAL", .right),
    ])
    for quote in quotes {
      table.append([
        quote.reference, quote.date.description, "#\(quote.build)", quote.name,
        quote.customer ?? "-", quote.validUntil.description, money.format(quote.total),
      ])
    }
    for line in table.render(width: width) { out.line(line.escapingControlCharacters) }
  }
}
