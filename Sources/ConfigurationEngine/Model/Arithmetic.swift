/// A number in a rule (SPEC §13): totals, averages, one value's number, constants and their
/// arithmetic. Names stay text until a reader gives them meaning (`sum(weight)` means the
/// build's total weight to a catalog), so one parser serves catalogs and UVL alike.
package indirect enum Arithmetic: Hashable, Sendable {
  /// A decimal constant as written (`3500`, `1320.5`).
  case number(String, column: Int)
  /// `sum(ATTR)` or `avg(ATTR)` over the build's values.
  case aggregate(Aggregate, attribute: String, column: Int)
  /// `ATOM.ATTR`: one value's own number, a constant.
  case value(atom: String, attribute: String, column: Int)
  /// `-a`
  case negate(Arithmetic)
  /// `a + b`
  case add(Arithmetic, Arithmetic)
  /// `a - b`
  case subtract(Arithmetic, Arithmetic)
  /// `a * b`; `column` is the operator's, for refusing a product of two sums.
  case multiply(Arithmetic, Arithmetic, column: Int)
  /// `a / b`; `column` is the operator's, for refusing a division by a sum.
  case divide(Arithmetic, Arithmetic, column: Int)

  /// How `sum` and `avg` combine the values.
  package enum Aggregate: String, Hashable, Sendable {
    case sum, avg
  }
}

/// How a comparison relates its two sides.
package enum Comparator: String, Hashable, Sendable, CaseIterable {
  case less = "<"
  case lessOrEqual = "<="
  case equal = "=="
  case notEqual = "!="
  case greaterOrEqual = ">="
  case greater = ">"
}

/// A linear constraint over literals with integer coefficients: `Σ coefficient · literal ≤
/// bound`, where a true literal counts 1 and a false one 0.
package struct LinearSum: Hashable, Sendable {
  /// The terms; a literal may appear more than once.
  package let terms: [Term]
  /// The most the sum may be.
  package let bound: Int64

  /// One term of the sum.
  package struct Term: Hashable, Sendable {
    /// The literal counted.
    package let literal: Literal
    /// What it adds when true.
    package let coefficient: Int64

    /// Creates a term.
    package init(_ literal: Literal, _ coefficient: Int64) {
      self.literal = literal
      self.coefficient = coefficient
    }
  }

  /// The largest magnitude of the coefficients added up with the bound that the encoding
  /// accepts (2^60), so its interval arithmetic cannot overflow; readers refuse larger ones.
  package static let magnitudeLimit: Int64 = 1 << 60

  /// Creates `Σ terms ≤ bound`, or `nil` when the magnitudes added up exceed
  /// ``magnitudeLimit``.
  ///
  /// - Parameters:
  ///   - terms: The terms.
  ///   - bound: The most the sum may be.
  package init?(_ terms: [Term], atMost bound: Int64) {
    var total = bound.magnitude
    for term in terms {
      total += term.coefficient.magnitude
      guard total <= Self.magnitudeLimit.magnitude else { return nil }
    }
    guard total <= Self.magnitudeLimit.magnitude else { return nil }
    self.terms = terms
    self.bound = bound
  }
}
