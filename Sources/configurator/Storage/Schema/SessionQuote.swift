internal import CarFactory
internal import Dealership
internal import StockValuation
import Support

/// A recorded quote in a session file (version 7), on one line: `{"quote":1,"build":1,
/// "name":"VW Golf","date":"2026-11-25","validDays":30,"validUntil":"2026-12-25",
/// "currency":"GBP","lines":[{"item":"Base price","usd":"29900.00","amount":"18041.06"},…],
/// "subtotal":…,"discount":{"percent":"5","amount":…},"tax":{"label":"VAT","percent":"20",
/// "base":…,"amount":…},"total":…,"usdPrice":…,"rate":{…},"rounding":"half-even"}`, with
/// `"dealer"` (``SessionDealer``) and `"customer"` when it has them. Every figure is kept, so
/// `show Q-K` prints the quote as it was; the attribute totals are not.
struct SessionQuote: Decodable {
  var path: String
  let quote: Quote

  enum CodingKeys: String, CodingKey, CaseIterable {
    case quote, build, name, dealer, customer, date, validDays, validUntil, currency, lines
    case subtotal, discount, tax, total, usdPrice, rate, rounding
  }

  enum LineKeys: String, CodingKey, CaseIterable { case item, included, usd, amount }
  enum DiscountKeys: String, CodingKey, CaseIterable { case percent, amount }
  enum TaxKeys: String, CodingKey, CaseIterable { case label, percent, base, amount }
  enum RateKeys: String, CodingKey, CaseIterable {
    case from, to, value, exact, via, dates, sources, text
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let number = Int(
      try SessionFields.wholeNumber(
        container.requiredDecoder(forKey: .quote), minimum: 1, maximum: Int64(Int32.max)))
    let build = Int(
      try SessionFields.wholeNumber(
        container.requiredDecoder(forKey: .build), minimum: 1, maximum: Int64(Int32.max)))
    let name = try Self.text(container.requiredDecoder(forKey: .name))
    let dealer = try container.optionalDecoder(forKey: .dealer).map(SessionDealer.profile)
    let customer = try container.optionalDecoder(forKey: .customer).map(Self.text)
    let date = try SessionFields.date(container.requiredDecoder(forKey: .date))
    let validDays = Int(
      try SessionFields.wholeNumber(
        container.requiredDecoder(forKey: .validDays), minimum: 1,
        maximum: Int64(QuoteRequest.maximumValidity)))
    let validUntil = try SessionFields.date(container.requiredDecoder(forKey: .validUntil))
    let currency = try SessionFields.currency(container.requiredDecoder(forKey: .currency))
    var lines: [Quote.Line] = []
    var list = try container.nestedUnkeyedContainer(forKey: .lines)
    while !list.isAtEnd {
      let field = try list.superDecoder()
      let line = try field.strictContainer(keyedBy: LineKeys.self)
      lines.append(
        Quote.Line(
          label: try Self.text(line.requiredDecoder(forKey: .item)),
          isIncluded: try line.decodeIfPresent(Bool.self, forKey: .included) ?? false,
          usd: Price(
            cents: try SessionFields.amount(line.requiredDecoder(forKey: .usd)).minorUnits),
          amount: try SessionFields.amount(line.requiredDecoder(forKey: .amount), in: currency)))
    }
    let discount = try container.optionalDecoder(forKey: .discount).map { field in
      let entry = try field.strictContainer(keyedBy: DiscountKeys.self)
      return Quote.Discount(
        percent: try entry.optionalDecoder(forKey: .percent).map(SessionFields.decimal),
        amount: try SessionFields.amount(entry.requiredDecoder(forKey: .amount), in: currency))
    }
    let tax = try container.optionalDecoder(forKey: .tax).map { field in
      let entry = try field.strictContainer(keyedBy: TaxKeys.self)
      return Quote.Tax(
        label: try entry.optionalDecoder(forKey: .label).map(Self.text),
        percent: try SessionFields.decimal(entry.requiredDecoder(forKey: .percent)),
        base: try SessionFields.amount(entry.requiredDecoder(forKey: .base), in: currency),
        amount: try SessionFields.amount(entry.requiredDecoder(forKey: .amount), in: currency))
    }
    let rate = try container.optionalDecoder(forKey: .rate).map(Self.rate)
    let roundingField = try container.requiredDecoder(forKey: .rounding)
    guard let roundingText = roundingField.string(), let rounding = Rounding(rawValue: roundingText)
    else {
      throw roundingField.invalid("expected \"half-even\" or \"half-up\"")
    }
    quote = Quote(
      number: number, build: build, name: name, dealer: dealer, customer: customer, date: date,
      validDays: validDays, validUntil: validUntil, currency: currency, lines: lines,
      subtotal: try SessionFields.amount(
        container.requiredDecoder(forKey: .subtotal), in: currency),
      discount: discount, tax: tax,
      total: try SessionFields.amount(container.requiredDecoder(forKey: .total), in: currency),
      usdPrice: Price(
        cents: try SessionFields.amount(container.requiredDecoder(forKey: .usdPrice)).minorUnits),
      rate: rate, rounding: rounding, totals: [])
  }

  /// A text of the quote: a string.
  private static func text(_ field: any Decoder) throws -> String {
    guard let text = field.string() else { throw field.wrongType(expected: .string) }
    return text
  }

  /// The rate as the quote stated it.
  private static func rate(_ field: any Decoder) throws -> QuoteRate {
    let entry = try field.strictContainer(keyedBy: RateKeys.self)
    return QuoteRate(
      from: try SessionFields.currency(entry.requiredDecoder(forKey: .from)),
      to: try SessionFields.currency(entry.requiredDecoder(forKey: .to)),
      value: try text(entry.requiredDecoder(forKey: .value)),
      isExact: try entry.decode(Bool.self, forKey: .exact),
      via: try entry.optionalDecoder(forKey: .via).map(SessionFields.currency),
      dates: try entry.decode([String].self, forKey: .dates).map { text in
        guard let date = CalendarDate(text) else {
          throw field.invalid("bad date '\(text)' (expected YYYY-MM-DD)")
        }
        return date
      },
      sources: try entry.decode([String].self, forKey: .sources),
      text: try text(entry.requiredDecoder(forKey: .text)))
  }

  /// The quote as one line of the file.
  static func json(_ quote: Quote) -> String {
    var object = JSONObject()
    object.add("quote", quote.number)
    object.add("build", quote.build)
    object.add("name", quote.name)
    if let dealer = quote.dealer { object.add("dealer", raw: SessionDealer.json(dealer)) }
    if let customer = quote.customer { object.add("customer", customer) }
    object.add("date", quote.date.description)
    object.add("validDays", quote.validDays)
    object.add("validUntil", quote.validUntil.description)
    object.add("currency", quote.currency.code)
    object.add(
      "lines",
      quote.lines.map { line in
        var entry = JSONObject()
        entry.add("item", line.label)
        if line.isIncluded { entry.add("included", true) }
        entry.add("usd", Money(minorUnits: line.usd.cents, currency: .usd).decimalString)
        entry.add("amount", line.amount.decimalString)
        return entry
      })
    object.add("subtotal", quote.subtotal.decimalString)
    if let discount = quote.discount {
      var entry = JSONObject()
      if let percent = discount.percent { entry.add("percent", percent.description) }
      entry.add("amount", discount.amount.decimalString)
      object.add("discount", entry)
    }
    if let tax = quote.tax {
      var entry = JSONObject()
      if let label = tax.label { entry.add("label", label) }
      entry.add("percent", tax.percent.description)
      entry.add("base", tax.base.decimalString)
      entry.add("amount", tax.amount.decimalString)
      object.add("tax", entry)
    }
    object.add("total", quote.total.decimalString)
    object.add("usdPrice", Money(minorUnits: quote.usdPrice.cents, currency: .usd).decimalString)
    if let rate = quote.rate {
      var entry = JSONObject()
      entry.add("from", rate.from.code)
      entry.add("to", rate.to.code)
      entry.add("value", rate.value)
      entry.add("exact", rate.isExact)
      if let via = rate.via { entry.add("via", via.code) }
      entry.add("dates", strings: rate.dates.map(\.description))
      entry.add("sources", strings: rate.sources)
      entry.add("text", rate.text)
      object.add("rate", entry)
    }
    object.add("rounding", quote.rounding.rawValue)
    return object.rendered
  }
}
