internal import CarFactory
internal import StockValuation

extension JSONLinesRenderer {
  /// `quote N` as one object: items and total in USD, the converted total with its rate.
  func quote(_ quote: Quote) -> JSONObject {
    var object = JSONObject()
    object.add("type", "quote")
    object.add("build", quote.build)
    object.add("name", quote.name)
    object.add(
      "items",
      quote.items.map { item in
        var entry = JSONObject()
        entry.add("item", item.label)
        entry.add("amount", Self.usd(item.amount))
        entry.add("note", item.note)
        return entry
      })
    object.add("total", Self.usd(quote.total))
    if let converted = quote.converted {
      object.add("convertedTotal", Self.money(converted.total))
      object.add("rate", Self.rate(converted.rate))
      object.add("rounding", converted.rounding.rawValue)
    }
    return object
  }

  /// `compare N M` as one object: the differences, both prices and the difference (USD).
  func comparison(_ comparison: Comparison) -> JSONObject {
    var object = JSONObject()
    object.add("type", "comparison")
    object.add("first", comparison.first)
    object.add("second", comparison.second)
    object.add("firstName", comparison.firstName)
    object.add("secondName", comparison.secondName)
    object.add(
      "differences",
      comparison.differences.map { difference in
        var entry = JSONObject()
        entry.add("group", difference.group)
        entry.add("first", difference.first)
        entry.add("second", difference.second)
        return entry
      })
    object.add("firstPrice", Self.usd(comparison.firstPrice))
    object.add("secondPrice", Self.usd(comparison.secondPrice))
    let (difference, overflow) = comparison.secondPrice.cents.subtractingReportingOverflow(
      comparison.firstPrice.cents)
    if !overflow { object.add("difference", Self.usd(Price(cents: difference))) }
    return object
  }
}
