internal import Dealership
internal import StockValuation
import Support

/// One entry of the sales ledger in a session file (version 4):
/// `{"sale":1,"date":"2025-03-03","line":{…},"currency":"GBP","rate":{"value":"0.60338",
/// "date":null,"source":"command line"},"listPrice":"17196.33","price":"17000.00",
/// "priceUSD":"28174.60","customer":"Ann Lee"}`; a void has `"voids":N`. The line is a stock
/// line object (``SessionStockLine``) whose quantity is the quantity sold.
struct SessionSale: Decodable {
  /// Where the entry is in the file (`sales[0]`), for later messages.
  var path: String
  let number: Int
  let voids: Int?
  let date: CalendarDate
  var line: SessionStockLine
  let currency: Currency
  let rate: SaleRate?
  let listPrice: Money
  let price: Money
  let priceUSD: Money
  let customer: String?
  /// `"order"`, `"tax"` and `"deposit"`: a sale of an order (SPEC §15).
  let order: Int?
  let tax: Money?
  let deposit: Money?
  /// `"floorPlan"` (version 8): one car's floor-plan interest, in its cost's currency.
  let floorPlan: Money?
  /// `"tradeIn"` (version 8): `{"vin":…,"acv":"8000.00","allowance":"9000.00","stockNumber":5}`.
  let tradeIn: TradeIn?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case sale, voids, date, line, currency, rate, listPrice, price, priceUSD, customer
    case order, tax, deposit, floorPlan, tradeIn
  }

  enum TradeInKeys: String, CodingKey, CaseIterable {
    case vin, acv, allowance, stockNumber
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    number = Int(
      try SessionFields.wholeNumber(
        container.requiredDecoder(forKey: .sale), minimum: 1, maximum: Int64(Int32.max)))
    voids = try container.optionalDecoder(forKey: .voids).map {
      Int(try SessionFields.wholeNumber($0, minimum: 1, maximum: Int64(Int32.max)))
    }
    date = try SessionFields.date(container.requiredDecoder(forKey: .date))
    line = try container.decode(SessionStockLine.self, forKey: .line)
    currency = try SessionFields.currency(container.requiredDecoder(forKey: .currency))
    rate = try container.decodeIfPresent(SessionSaleRate.self, forKey: .rate)?.rate
    listPrice = try SessionFields.amount(
      container.requiredDecoder(forKey: .listPrice), in: currency)
    price = try SessionFields.amount(container.requiredDecoder(forKey: .price), in: currency)
    priceUSD = try SessionFields.amount(container.requiredDecoder(forKey: .priceUSD))
    customer = try container.decodeIfPresent(String.self, forKey: .customer)
    order = try container.optionalDecoder(forKey: .order).map {
      Int(try SessionFields.wholeNumber($0, minimum: 1, maximum: Int64(Int32.max)))
    }
    let saleCurrency = currency
    tax = try container.optionalDecoder(forKey: .tax).map {
      try SessionFields.amount($0, in: saleCurrency)
    }
    deposit = try container.optionalDecoder(forKey: .deposit).map {
      try SessionFields.amount($0, in: saleCurrency)
    }
    let costCurrency = line.cost?.currency
    floorPlan = try container.optionalDecoder(forKey: .floorPlan).map { field in
      guard let costCurrency else { throw field.invalid("a floor plan needs the line's cost") }
      let amount = try SessionFields.amount(field, in: costCurrency)
      guard amount.minorUnits >= 0 else {
        throw field.invalid("a floor plan's interest is not negative, got \(amount.decimalString)")
      }
      return amount
    }
    tradeIn = try container.optionalDecoder(forKey: .tradeIn).map { field in
      let entry = try field.strictContainer(keyedBy: TradeInKeys.self)
      let vinField = try entry.requiredDecoder(forKey: .vin)
      guard let text = vinField.string(), let vin = VIN.checked(text) else {
        throw vinField.invalid("bad VIN (expected \(VIN.expected))")
      }
      var amounts: [Money] = []
      for key in [TradeInKeys.acv, .allowance] {
        let amountField = try entry.requiredDecoder(forKey: key)
        let amount = try SessionFields.amount(amountField, in: saleCurrency)
        guard amount.minorUnits >= 0 else {
          throw amountField.invalid("expected an amount not negative, got \(amount.decimalString)")
        }
        amounts.append(amount)
      }
      let number = Int(
        try SessionFields.wholeNumber(
          entry.requiredDecoder(forKey: .stockNumber), minimum: 1, maximum: Int64(Int32.max)))
      return TradeIn(vin: vin, acv: amounts[0], allowance: amounts[1], stockNumber: number)
    }
  }

  /// The entry as one line of the file.
  static func json(_ sale: Sale) -> String {
    var object = JSONObject()
    object.add("sale", sale.number)
    if let voids = sale.voids { object.add("voids", voids) }
    object.add("date", sale.date.description)
    object.add(
      "line", raw: SessionStockLine.json(sale.line, specification: sale.specification))
    object.add("currency", sale.currency.code)
    if let rate = sale.rate {
      var entry = JSONObject()
      entry.add("value", rate.value)
      entry.add("date", rate.date?.description)
      entry.add("source", rate.source)
      object.add("rate", entry)
    }
    object.add("listPrice", sale.listPrice.decimalString)
    object.add("price", sale.price.decimalString)
    object.add("priceUSD", sale.priceUSD.decimalString)
    if let customer = sale.customer { object.add("customer", customer) }
    if let order = sale.order { object.add("order", order) }
    if let tax = sale.tax { object.add("tax", tax.decimalString) }
    if let deposit = sale.deposit { object.add("deposit", deposit.decimalString) }
    if let floorPlan = sale.floorPlan { object.add("floorPlan", floorPlan.decimalString) }
    if let trade = sale.tradeIn {
      var entry = JSONObject()
      entry.add("vin", trade.vin)
      entry.add("acv", trade.acv.decimalString)
      entry.add("allowance", trade.allowance.decimalString)
      entry.add("stockNumber", trade.stockNumber)
      object.add("tradeIn", entry)
    }
    return object.rendered
  }
}

/// The rate of a sale: `{"value":"0.60338","date":"2025-02-28","source":"…"}`.
struct SessionSaleRate: Decodable {
  let rate: SaleRate

  enum CodingKeys: String, CodingKey, CaseIterable {
    case value, date, source
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let field = try container.requiredDecoder(forKey: .value)
    // A rate is a positive decimal: `"0"` or `"x"` would make the ledger's figures lie.
    let value = try SessionFields.decimal(field)
    guard value.isPositive else {
      throw field.invalid("a rate must be greater than 0, got '\(value)'")
    }
    let date = try container.optionalDecoder(forKey: .date).flatMap { field in
      field.string() == nil && field.leaf() == .null ? nil : try SessionFields.date(field)
    }
    rate = SaleRate(
      value: value.description, date: date,
      source: try container.decode(String.self, forKey: .source))
  }
}
