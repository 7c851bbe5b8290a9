package import CarFactory
package import StockValuation

/// `revalidate` (SPEC §16): every build, stock line made from a build, open quote, open order
/// and the working car checked against the catalogs in force, each valid or not and why.
package struct RevalidationResult {
  /// What was checked.
  package enum Record: Hashable, Sendable {
    /// A recorded build, `#N`.
    case build(Int)
    /// A stock line's specification, `S-N`, and the build it was first stocked from.
    case stock(Int, build: Int)
    /// An open quote, `Q-K`, and its build.
    case quote(Int, build: Int)
    /// An open order, `O-K`, and its quote's build: the dealer owes the car even after the
    /// quote's validity.
    case order(Int, build: Int)
    /// The working car.
    case car
  }

  /// What the catalogs in force say of a record's choices.
  package enum Verdict: Sendable {
    /// The choices still make a build: its price now, the price recorded when it differs
    /// (`nil` when it is the same, or the record keeps none), and whether the values the
    /// record holds still make that build (a build of last year's car may now need more).
    case valid(price: Price?, was: Price?, asRecorded: Bool)
    /// The choices conflict: why, and the smallest ways out, cheapest first.
    case invalid(RuleConflict)
    /// The record's model is no longer offered.
    case modelGone
    /// The record names a value its model no longer has.
    case valueGone(String)
    /// A quote whose build was removed: nothing left to check.
    case buildRemoved
    /// The check did not finish within the time limit.
    case unanswered(ConfigurationError)

    /// Whether the record is known not to stand (an unchecked one is not counted).
    package var isInvalid: Bool {
      switch self {
      case .invalid, .modelGone, .valueGone: true
      case .valid, .buildRemoved, .unanswered: false
      }
    }
  }

  /// One record's check.
  package struct Item: Sendable {
    package let record: Record
    package let model: ModelID
    /// The record's choices, as atoms.
    package let choices: [String]
    package let verdict: Verdict
  }

  /// The records in order: builds, stock, quotes, the working car.
  package let items: [Item]
  /// The day quotes are judged open by (a quote valid until an earlier day is not checked).
  package let date: CalendarDate

  /// How many records no longer stand.
  package var invalidCount: Int { items.count { $0.verdict.isInvalid } }
}
