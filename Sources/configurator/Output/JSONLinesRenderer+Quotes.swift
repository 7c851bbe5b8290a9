internal import Dealership
internal import StockValuation

extension JSONLinesRenderer {
  /// `quotes` as one object: `quotes`, each `{quote, number, build, name, customer, date,
  /// validUntil, currency, total}`.
  func quotes(_ quotes: [Quote]) -> JSONObject {
    var object = JSONObject()
    object.add("type", "quotes")
    object.add(
      "quotes",
      quotes.map { quote in
        var entry = JSONObject()
        entry.add("quote", quote.reference)
        entry.add("number", quote.number)
        entry.add("build", quote.build)
        entry.add("name", quote.name)
        entry.add("customer", quote.customer)
        entry.add("date", quote.date.description)
        entry.add("validUntil", quote.validUntil.description)
        entry.add("currency", quote.currency.code)
        entry.add("total", Self.money(quote.total))
        return entry
      })
    return object
  }

  /// A quote's rate as it was stated: the fields of ``rate(_:)`` for an applied rate.
  static func rate(_ rate: QuoteRate) -> JSONObject {
    var object = JSONObject()
    object.add("from", rate.from.code)
    object.add("to", rate.to.code)
    object.add("value", rate.value)
    object.add("exact", rate.isExact)
    object.add("via", rate.via?.code)
    object.add("dates", strings: rate.dates.map(\.description))
    object.add("sources", strings: rate.sources)
    object.add("text", rate.text)
    return object
  }
}
