package import StockValuation

/// The session's sales ledger (SPEC §12): entries are only ever appended. A sale is never
/// edited or deleted; a mistaken one is answered by a void entry, which reverses it on the
/// day of the void.
package struct SalesLedger: Equatable {
  package private(set) var entries: [Sale] = []
  /// Which ledger of the session this is: one that replaces another (`load`) has a higher
  /// generation, so a store can tell appended entries from a new ledger.
  package var generation = 0

  package init(entries: [Sale] = []) {
    self.entries = entries
  }

  package static func == (lhs: SalesLedger, rhs: SalesLedger) -> Bool { lhs.entries == rhs.entries }

  /// The number the next entry gets.
  var nextNumber: Int { (entries.last?.number ?? 0) + 1 }

  /// Appends an entry, numbered ``nextNumber``.
  package mutating func append(_ entry: Sale) {
    entries.append(entry)
  }

  /// Entry `number`, if there is one.
  package func entry(_ number: Int) -> Sale? {
    // Numbers are the positions from 1.
    guard number >= 1, number <= entries.count else { return nil }
    return entries[number - 1]
  }

  /// The sale that closed order `number`: one of it not voided, if there is one.
  package func sale(ofOrder number: Int) -> Sale? {
    entries.first { $0.voids == nil && $0.order == number && void(of: $0.number) == nil }
  }

  /// The void entry of sale `number`, if it has been voided.
  package func void(of number: Int) -> Sale? {
    entries.first { $0.voids == number }
  }
}

/// One entry of the ledger: a sale of `quantity` cars of one stock line, or the void of an
/// earlier sale (``voids``), which repeats that sale's figures and counts them negative.
package struct Sale: Equatable {
  /// The entry's number, from 1 in the ledger's order.
  package let number: Int
  package let date: CalendarDate
  /// The sale this entry voids, or `nil` for a sale.
  package let voids: Int?
  /// The stock line as it was sold (its stock number, name, category, USD unit price, tax,
  /// VIN), its quantity the quantity sold.
  package let line: StockLine
  /// The car's whole specification, for a line stocked from a build.
  package let specification: StockSpecification?
  /// The currency of the sale: the session's when it was made.
  package let currency: Currency
  /// The rate used to put the list price in that currency (none for USD).
  package let rate: SaleRate?
  /// The unit list price in the sale's currency (the USD list price converted once).
  package let listPrice: Money
  /// The unit price the car was sold for, in the sale's currency.
  package let price: Money
  /// The unit price in USD: the list price when none was given, else the price taken back
  /// to USD at the rate as it applied to this car (``SaleRate``), rounded once.
  package let priceUSD: Money
  package let customer: String?
  /// The order the sale closed (`order=O-K`, SPEC §15), `nil` for a sale of no order.
  package let order: Int?
  /// The unit tax charged on the price, in the sale's currency: the order's quote's tax.
  package let tax: Money?
  /// The order's deposit the sale applied, in the sale's currency.
  package let deposit: Money?
  /// The floor-plan interest one car accrued from the day it was received to the day of the
  /// sale, in its cost's currency (`nil` without a floor plan, a cost or a day received).
  package let floorPlan: Money?
  /// The customer's car taken in trade with the sale, if one was.
  package let tradeIn: TradeIn?

  /// An entry.
  package init(
    number: Int, date: CalendarDate, voids: Int?, line: StockLine,
    specification: StockSpecification?, currency: Currency, rate: SaleRate?, listPrice: Money,
    price: Money, priceUSD: Money, customer: String?, order: Int? = nil, tax: Money? = nil,
    deposit: Money? = nil, floorPlan: Money? = nil, tradeIn: TradeIn? = nil
  ) {
    self.number = number
    self.date = date
    self.voids = voids
    self.line = line
    self.specification = specification
    self.currency = currency
    self.rate = rate
    self.listPrice = listPrice
    self.price = price
    self.priceUSD = priceUSD
    self.customer = customer
    self.order = order
    self.tax = tax
    self.deposit = deposit
    self.floorPlan = floorPlan
    self.tradeIn = tradeIn
  }

  /// The quantity, negative for a void.
  package var signedQuantity: Int64 { voids == nil ? line.quantity : -line.quantity }
  /// The stock number sold.
  package var stockNumber: Int { line.stockNumber ?? 0 }

  /// What one car cost and earned, in the sale's currency: its cost, the floor-plan interest
  /// charged to it and the front gross (price − cost − floor plan). A cost in USD is taken to
  /// the sale's currency at the sale's rate, cost and interest together, rounded once; `nil`
  /// when the cost is not known or is in a third currency.
  package func unitGross(rounding: Rounding) throws(MoneyError) -> UnitGross? {
    guard let cost = line.cost else { return nil }
    let interest = floorPlan ?? Money(minorUnits: 0, currency: cost.currency)
    guard interest.currency == cost.currency else { return nil }
    let charged: (cost: Money, interest: Money)
    if cost.currency == currency {
      charged = (cost, interest)
    } else if cost.currency == .usd, let rate, let value = try? ExactDecimal(parsing: rate.value),
      value.isPositive
    {
      var denominator: Int64 = 1
      for _ in 0..<value.scale { denominator *= 10 }
      let whole = try cost.adding(interest)
      let converted = try whole.scaled(
        by: value.significand, over: denominator, in: currency, rounding: rounding)
      let convertedCost = try cost.scaled(
        by: value.significand, over: denominator, in: currency, rounding: rounding)
      charged = (convertedCost, try converted.subtracting(convertedCost))
    } else {
      return nil
    }
    let over = try tradeIn?.overAllowance ?? .zero(currency)
    let gross = try price.subtracting(charged.cost).subtracting(charged.interest)
      .subtracting(over)
    return UnitGross(
      cost: charged.cost, floorPlan: charged.interest, overAllowance: over, gross: gross)
  }
}

/// One car's cost, floor-plan interest, trade-in over-allowance and front gross, in its
/// sale's currency.
package struct UnitGross: Equatable {
  package let cost: Money
  package let floorPlan: Money
  package let overAllowance: Money
  package let gross: Money
}

/// The customer's car taken in trade with a sale (SPEC §15): it enters stock as a used car
/// costing its actual cash value; what the customer is allowed beyond that (the
/// over-allowance) is taken from the sale's gross. Amounts in the sale's currency.
package struct TradeIn: Equatable {
  package let vin: String
  /// The actual cash value: what the car is worth, its cost in stock.
  package let acv: Money
  /// What the customer was allowed for it against the price.
  package let allowance: Money
  /// The stock line it entered as.
  package let stockNumber: Int

  package init(vin: String, acv: Money, allowance: Money, stockNumber: Int) {
    self.vin = vin
    self.acv = acv
    self.allowance = allowance
    self.stockNumber = stockNumber
  }

  /// `allowance − acv`: negative when the customer was allowed less than the car is worth.
  package var overAllowance: Money {
    get throws(MoneyError) { try allowance.subtracting(acv) }
  }
}

/// The rate a sale used: its value (1 USD = value), the date of its table and its sources.
package struct SaleRate: Equatable {
  package let value: String
  package let date: CalendarDate?
  package let source: String

  package init(value: String, date: CalendarDate?, source: String) {
    self.value = value
    self.date = date
    self.source = source
  }

  init(_ rate: AppliedRate) {
    value = rate.value.description
    date = rate.dates.last
    source = rate.sources.joined(separator: ", ")
  }
}
