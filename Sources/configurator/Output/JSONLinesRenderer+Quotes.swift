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

  /// A quote's rate as it was stated: the fields of ``rate(_:)`` for an applied rate, with
  /// `ageDays` when its oldest table is more than ``AppliedRate/freshDays`` older than the
  /// quote (SPEC §15; the customer's text says nothing of it).
  static func rate(_ rate: QuoteRate, on day: CalendarDate) -> JSONObject {
    var object = JSONObject()
    object.add("from", rate.from.code)
    object.add("to", rate.to.code)
    object.add("value", rate.value)
    object.add("exact", rate.isExact)
    object.add("via", rate.via?.code)
    object.add("dates", strings: rate.dates.map(\.description))
    object.add("sources", strings: rate.sources)
    object.add("text", rate.text)
    if let oldest = rate.dates.first, oldest.days(until: day) > AppliedRate.freshDays {
      object.add("ageDays", oldest.days(until: day))
    }
    return object
  }
}
