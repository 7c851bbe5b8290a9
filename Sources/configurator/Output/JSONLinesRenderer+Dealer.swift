internal import CarFactory
internal import Dealership
internal import StockValuation

extension JSONLinesRenderer {
  /// `quote N …` as one object: heading, lines and amounts in the quote currency (each with
  /// its USD list amount), discount, tax, total and the rate.
  func quote(_ quote: Quote) -> JSONObject {
    var object = JSONObject()
    object.add("type", "quote")
    object.add("quote", quote.reference)
    object.add("number", quote.number)
    object.add("build", quote.build)
    object.add("name", quote.name)
    object.add("dealer", quote.dealer?.name)
    if let dealer = quote.dealer, dealer.hasDetails {
      var profile = JSONObject()
      Self.addDetails(of: dealer, to: &profile)
      object.add("dealerProfile", profile)
    }
    object.add("customer", quote.customer)
    object.add("date", quote.date.description)
    object.add("validUntil", quote.validUntil.description)
    object.add("validDays", quote.validDays)
    object.add("currency", quote.currency.code)
    object.add(
      "lines",
      quote.lines.map { line in
        var entry = JSONObject()
        entry.add("item", line.label)
        entry.add("included", line.isIncluded)
        entry.add("amount", Self.money(line.amount))
        entry.add("usd", Self.usd(line.usd))
        return entry
      })
    object.add("subtotal", Self.money(quote.subtotal))
    if let discount = quote.discount {
      var entry = JSONObject()
      entry.add("percent", discount.percent?.description)
      entry.add("amount", Self.money(discount.amount))
      object.add("discount", entry)
    }
    if let tax = quote.tax {
      var entry = JSONObject()
      if let label = tax.label { entry.add("label", label) }
      entry.add("percent", tax.percent.description)
      entry.add("base", Self.money(tax.base))
      entry.add("amount", Self.money(tax.amount))
      object.add("tax", entry)
    }
    object.add("total", Self.money(quote.total))
    object.add("usdPrice", Self.usd(quote.usdPrice))
    Self.add(quote.totals, to: &object)
    if let rate = quote.rate { object.add("rate", Self.rate(rate, on: quote.date)) }
    object.add("rounding", quote.rounding.rawValue)
    return object
  }

  /// A dealer profile's details beside its name: `address` (as typed), `addressLines`,
  /// `phone`, `vat`, `tax` (`label`, `percent`), each only when set.
  static func addDetails(of profile: DealerProfile, to object: inout JSONObject) {
    if let address = profile.address {
      object.add("address", address)
      object.add("addressLines", strings: profile.addressLines)
    }
    if let phone = profile.phone { object.add("phone", phone) }
    if let vat = profile.vat { object.add("vat", vat) }
    if let tax = profile.tax {
      var entry = JSONObject()
      entry.add("label", tax.label)
      entry.add("percent", tax.percent.description)
      object.add("tax", entry)
    }
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
