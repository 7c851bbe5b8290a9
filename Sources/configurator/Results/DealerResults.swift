internal import CarFactory
internal import StockValuation

/// `quote N …`: the customer's document for a build (SPEC §12): who quotes it, to whom, when
/// and until when, every line in the quote currency, discount, tax and total.
///
/// Every amount is whole minor units of ``currency``, and they add up exactly:
/// the lines' amounts sum to ``subtotal``; `subtotal − discount + tax = total`.
struct Quote {
  /// One line: the base price, a part, an option, a package or a feature, or something a
  /// package on the line above includes (``isIncluded``, indented, adding nothing).
  struct Line {
    /// The value by its name: `Base price`, `Suspension: Firm`, `Winter package`.
    let label: String
    /// Whether a package above includes it: shown under the package, with no amount.
    let isIncluded: Bool
    /// The surcharge in USD, as the model lists it (zero when included).
    let usd: Price
    /// The line's share of the subtotal in the quote currency (see `Docs/Money.md`).
    let amount: Money
  }

  /// A discount: an amount, or a percent of the subtotal.
  struct Discount {
    let percent: ExactDecimal?
    let amount: Money
  }

  /// The tax on the discounted total.
  struct Tax {
    let percent: ExactDecimal
    /// What it is charged on: the subtotal less the discount.
    let base: Money
    let amount: Money
  }

  let build: Int
  /// The car's name (`Porsche Boxster (4WD)`) or the UVL model's title.
  let name: String
  let dealer: String?
  let customer: String?
  let date: CalendarDate
  let validDays: Int
  let validUntil: CalendarDate
  let currency: Currency
  let lines: [Line]
  /// The sum of the lines: the build's USD price converted once.
  let subtotal: Money
  let discount: Discount?
  let tax: Tax?
  let total: Money
  /// The build's recorded price in USD.
  let usdPrice: Price
  /// The rate used, `nil` for a quote in USD.
  let rate: AppliedRate?
  let rounding: Rounding
  /// Every declared attribute's total over the build (SPEC §13); empty for a model that
  /// declares none.
  let totals: [BuildTotal]
}

/// `compare N M`: two builds side by side (SPEC §9).
struct Comparison {
  /// A slot, group or feature whose value differs between the builds.
  struct Difference {
    let group: String
    let first: String
    let second: String
  }

  let first: Int
  let second: Int
  let firstName: String
  let secondName: String
  let firstPrice: Price
  let secondPrice: Price
  let differences: [Difference]
}
