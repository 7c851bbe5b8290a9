package import CarFactory
package import StockValuation

/// `quote N …`: the customer's document for a build (SPEC §12): who quotes it, to whom, when
/// and until when, every line in the quote currency, discount, tax and total.
///
/// Every amount is whole minor units of ``currency``, and they add up exactly:
/// the lines' amounts sum to ``subtotal``; `subtotal − discount + tax = total`.
package struct Quote {
  /// One line: the base price, a part, an option, a package or a feature, or something a
  /// package on the line above includes (``isIncluded``, indented, adding nothing).
  package struct Line {
    /// The value by its name: `Base price`, `Suspension: Firm`, `Winter package`.
    package let label: String
    /// Whether a package above includes it: shown under the package, with no amount.
    package let isIncluded: Bool
    /// The surcharge in USD, as the model lists it (zero when included).
    package let usd: Price
    /// The line's share of the subtotal in the quote currency (see `Docs/Money.md`).
    package let amount: Money
  }

  /// A discount: an amount, or a percent of the subtotal.
  package struct Discount {
    package let percent: ExactDecimal?
    package let amount: Money
  }

  /// The tax on the discounted total.
  package struct Tax {
    /// The tax's name from the dealer's profile (`VAT`), `nil` for none set.
    package let label: String?
    package let percent: ExactDecimal
    /// What it is charged on: the subtotal less the discount.
    package let base: Money
    package let amount: Money
  }

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
  /// The rate used, `nil` for a quote in USD.
  package let rate: AppliedRate?
  package let rounding: Rounding
  /// Every declared attribute's total over the build (SPEC §13); empty for a model that
  /// declares none.
  package let totals: [BuildTotal]
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
