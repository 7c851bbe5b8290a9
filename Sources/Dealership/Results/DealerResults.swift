package import CarFactory
package import StockValuation

/// `quote N …`: the customer's document for a build (SPEC §12): who quotes it, to whom, when
/// and until when, every line in the quote currency, discount, tax and total.
///
/// Every amount is whole minor units of ``currency``, and they add up exactly:
/// the lines' amounts sum to ``subtotal``; `subtotal − discount + tax = total`.
package struct Quote: Equatable {
  /// One line: the base price, a part, an option, a package or a feature, or something a
  /// package on the line above includes (``isIncluded``, indented, adding nothing).
  package struct Line: Equatable {
    /// The value by its name: `Base price`, `Suspension: Firm`, `Winter package`.
    package let label: String
    /// Whether a package above includes it: shown under the package, with no amount.
    package let isIncluded: Bool
    /// The surcharge in USD, as the model lists it (zero when included).
    package let usd: Price
    /// The line's share of the subtotal in the quote currency (see `Docs/Money.md`).
    package let amount: Money

    package init(label: String, isIncluded: Bool, usd: Price, amount: Money) {
      self.label = label
      self.isIncluded = isIncluded
      self.usd = usd
      self.amount = amount
    }
  }

  /// A discount: an amount, or a percent of the subtotal.
  package struct Discount: Equatable {
    package let percent: ExactDecimal?
    package let amount: Money

    package init(percent: ExactDecimal?, amount: Money) {
      self.percent = percent
      self.amount = amount
    }
  }

  /// The tax on the discounted total.
  package struct Tax: Equatable {
    /// The tax's name from the dealer's profile (`VAT`), `nil` for none set.
    package let label: String?
    package let percent: ExactDecimal
    /// What it is charged on: the subtotal less the discount.
    package let base: Money
    package let amount: Money

    package init(label: String?, percent: ExactDecimal, base: Money, amount: Money) {
      self.label = label
      self.percent = percent
      self.base = base
      self.amount = amount
    }
  }

  /// The quote's number (`Q-3` is 3), from 1, never reused (SPEC §15).
  package let number: Int
  package let build: Int
  /// The car's name (`Porsche Boxster (4WD)`) or the UVL model's title.
  package let name: String
  /// The dealer's profile when one is set.
  package let dealer: DealerProfile?
  package let customer: String?
  package let date: CalendarDate
  package let validDays: Int
  package let validUntil: CalendarDate
  package let currency: Currency
  package let lines: [Line]
  /// The sum of the lines: the build's USD price converted once.
  package let subtotal: Money
  package let discount: Discount?
  package let tax: Tax?
  package let total: Money
  /// The build's recorded price in USD.
  package let usdPrice: Price
  /// The rate used, as stated when the quote was made; `nil` for a quote in USD.
  package let rate: QuoteRate?
  package let rounding: Rounding
  /// Every declared attribute's total over the build (SPEC §13); empty for a model that
  /// declares none, and for a quote read back from a session file (which keeps its money).
  package let totals: [BuildTotal]

  /// A quote as recorded, every figure given.
  package init(
    number: Int, build: Int, name: String, dealer: DealerProfile?, customer: String?,
    date: CalendarDate, validDays: Int, validUntil: CalendarDate, currency: Currency,
    lines: [Line], subtotal: Money, discount: Discount?, tax: Tax?, total: Money,
    usdPrice: Price, rate: QuoteRate?, rounding: Rounding, totals: [BuildTotal]
  ) {
    self.number = number
    self.build = build
    self.name = name
    self.dealer = dealer
    self.customer = customer
    self.date = date
    self.validDays = validDays
    self.validUntil = validUntil
    self.currency = currency
    self.lines = lines
    self.subtotal = subtotal
    self.discount = discount
    self.tax = tax
    self.total = total
    self.usdPrice = usdPrice
    self.rate = rate
    self.rounding = rounding
    self.totals = totals
  }

  /// `Q-3`.
  package var reference: String { "Q-\(number)" }

  /// Equal in what a session file keeps (every figure; not the attribute totals).
  package static func == (lhs: Quote, rhs: Quote) -> Bool {
    lhs.number == rhs.number && lhs.build == rhs.build && lhs.name == rhs.name
      && lhs.dealer == rhs.dealer && lhs.customer == rhs.customer && lhs.date == rhs.date
      && lhs.validDays == rhs.validDays && lhs.validUntil == rhs.validUntil
      && lhs.currency == rhs.currency && lhs.lines == rhs.lines && lhs.subtotal == rhs.subtotal
      && lhs.discount == rhs.discount && lhs.tax == rhs.tax && lhs.total == rhs.total
      && lhs.usdPrice == rhs.usdPrice && lhs.rate == rhs.rate && lhs.rounding == rhs.rounding
  }
}

/// `compare N M`: two builds side by side (SPEC §9).
package struct Comparison {
  /// A slot, group or feature whose value differs between the builds.
  package struct Difference {
    package let group: String
    package let first: String
    package let second: String
  }

  package let first: Int
  package let second: Int
  package let firstName: String
  package let secondName: String
  package let firstPrice: Price
  package let secondPrice: Price
  package let differences: [Difference]
}
