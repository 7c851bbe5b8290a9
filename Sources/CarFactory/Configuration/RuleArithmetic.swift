internal import ConfigurationEngine
internal import Support

/// Turns a comparison of a rule (`sum(weight) + 80 <= 3500`) into a linear constraint over the
/// engine's literals (SPEC §13): the numbers are evaluated exactly as fractions, the difference
/// of the two sides is scaled by the common denominator to integer coefficients, and anything
/// that is not linear in the selected values is refused with its column.
struct RuleArithmetic {
  /// Where an attribute's numbers come from in a build.
  struct Source {
    /// The model's own value, counted in every build; `nil` when it carries none.
    let base: Int128?
    /// Each literal that adds a number when true, in millionths.
    let terms: [(literal: Literal, millionths: Int128)]
    /// The values that carry the attribute, each true when the build holds it, which an
    /// `avg` counts (SPEC §13: over the selected values that carry it, so a value carrying 0
    /// counts); `nil` when they are the literals of ``terms``. A catalog's price needs them:
    /// its terms are the charges, while every alternative and choice carries a surcharge,
    /// $0.00 or covered by a package included.
    var carriers: [Literal]? = nil
  }

  /// The sources by attribute id (`price` included).
  let sources: [String: Source]
  /// One value's own number by atom (as written; a catalog ignores its case) and attribute;
  /// `nil` for an unknown atom, `.some(nil)` for a value that does not carry the attribute.
  let valueNumber: (String, String) -> Int128??
  /// The atoms users could have meant, for suggestions.
  let atoms: [String]

  /// A compiler with no attributes and no values: every `sum`, `avg` and `ATOM.ATTR` is
  /// unknown, so it compiles comparisons of numbers only.
  static var none: RuleArithmetic {
    RuleArithmetic(sources: [:], valueNumber: { _, _ in nil }, atoms: [])
  }

  /// A linear form over the build's totals: `constant + Σ sums[a]·sum(a) + Σ avgs[a]·avg(a)`
  /// (internal for ``comparison(_:_:_:)``, which states a comparison's numbers).
  struct Form {
    var constant = Rational.zero
    var sums: [String: Rational] = [:]
    var averages: [String: Rational] = [:]

    var isConstant: Bool { sums.isEmpty && averages.isEmpty }

    func scaled(by factor: Rational) -> Form? {
      guard let constant = constant.multiplied(by: factor) else { return nil }
      var result = Form(constant: constant)
      for (id, coefficient) in sums {
        guard let scaled = coefficient.multiplied(by: factor) else { return nil }
        result.sums[id] = scaled
      }
      for (id, coefficient) in averages {
        guard let scaled = coefficient.multiplied(by: factor) else { return nil }
        result.averages[id] = scaled
      }
      return result
    }

    func adding(_ other: Form) -> Form? {
      guard var result = Form?.some(self), let constant = constant.adding(other.constant) else {
        return nil
      }
      result.constant = constant
      for (id, coefficient) in other.sums {
        guard let sum = (result.sums[id] ?? .zero).adding(coefficient) else { return nil }
        result.sums[id] = sum
      }
      for (id, coefficient) in other.averages {
        guard let sum = (result.averages[id] ?? .zero).adding(coefficient) else { return nil }
        result.averages[id] = sum
      }
      return result
    }
  }

  /// A refusal: the column and what is wrong.
  struct Failure: Error {
    let column: Int
    let message: String
  }

  /// The formula of `left comparator right`.
  func formula(
    _ left: Arithmetic, _ comparator: Comparator, _ right: Arithmetic, column: Int
  ) throws(Failure) -> Formula {
    let tooLarge = Failure(column: column, message: "the numbers are too large to compare exactly")
    guard let difference = try form(left).adding(try form(right).scaled(by: .one.negated) ?? Form())
    else { throw tooLarge }
    if difference.averages.isEmpty {
      return try linear(sumsOf: difference, comparator, tooLarge: tooLarge)
    }
    guard difference.averages.count == 1, difference.sums.isEmpty,
      let (attribute, coefficient) = difference.averages.first
    else {
      throw Failure(
        column: column,
        message: "not linear: an avg may only be compared with constants (avg · count is not a sum)"
      )
    }
    return try average(
      of: attribute, coefficient, plus: difference.constant, comparator, tooLarge: tooLarge)
  }

  // MARK: - Evaluation

  /// A chain of additions and subtractions (`a + b - c …`, parsed left-deep) summed in a
  /// loop down its left side: recursion there was as deep as the chain is long (a thousand
  /// terms overflowed a thread's stack under AddressSanitizer).
  private func chain(_ arithmetic: Arithmetic) throws(Failure) -> Form {
    var right: [(term: Arithmetic, negated: Bool, whole: Arithmetic)] = []
    var left = arithmetic
    while true {
      switch left {
      case .add(let a, let b):
        right.append((b, false, a))
        left = a
        continue
      case .subtract(let a, let b):
        right.append((b, true, a))
        left = a
        continue
      default: break
      }
      break
    }
    var total = try form(left)
    for (term, negated, whole) in right.reversed() {
      var next = try form(term)
      if negated { next = try scale(next, by: Rational.one.negated, column: 1) }
      guard let sum = total.adding(next) else { throw tooLarge(whole) }
      total = sum
    }
    return total
  }

  /// `left − right` as a form.
  func differenceForm(_ left: Arithmetic, _ right: Arithmetic) throws(Failure) -> Form? {
    try form(left).adding(try form(right).scaled(by: .one.negated) ?? Form())
  }

  private func form(_ arithmetic: Arithmetic) throws(Failure) -> Form {
    switch arithmetic {
    case .number(let text, let column):
      guard let value = AttributeValue(parsing: text) else {
        throw Failure(
          column: column, message: "bad number '\(text)' (at most 6 decimals, below 10^12)")
      }
      return Form(constant: Rational(millionths: Int128(value.millionths)))
    case .aggregate(let aggregate, let attribute, let column):
      try checkAttribute(attribute, column: column)
      return aggregate == .sum
        ? Form(sums: [attribute: .one]) : Form(averages: [attribute: .one])
    case .value(let atom, let attribute, let column):
      try checkAttribute(attribute, column: column)
      guard let number = valueNumber(atom, attribute) else {
        let hint = Suggestion.nearest(to: atom, in: atoms).map { "; did you mean '\($0)'?" } ?? ""
        throw Failure(column: column, message: "unknown value '\(atom)'\(hint)")
      }
      return Form(constant: Rational(millionths: number ?? 0))
    case .negate(let inner):
      return try scale(try form(inner), by: Rational.one.negated, column: 1)
    case .add, .subtract:
      return try chain(arithmetic)
    case .multiply(let a, let b, let column):
      let (x, y) = (try form(a), try form(b))
      if x.isConstant { return try scale(y, by: x.constant, column: column) }
      if y.isConstant { return try scale(x, by: y.constant, column: column) }
      throw Failure(column: column, message: "not linear: a product of two sums")
    case .divide(let a, let b, let column):
      let (x, y) = (try form(a), try form(b))
      guard y.isConstant else {
        throw Failure(column: column, message: "not linear: a division by a sum")
      }
      guard let reciprocal = y.constant.reciprocal else {
        throw Failure(column: column, message: "division by zero")
      }
      return try scale(x, by: reciprocal, column: column)
    }
  }

  private func scale(_ form: Form, by factor: Rational, column: Int) throws(Failure) -> Form {
    guard let scaled = form.scaled(by: factor) else {
      throw Failure(column: column, message: "the numbers are too large to compute exactly")
    }
    return scaled
  }

  private func tooLarge(_ at: Arithmetic) -> Failure {
    Failure(column: Self.column(of: at), message: "the numbers are too large to compute exactly")
  }

  private static func column(of arithmetic: Arithmetic) -> Int {
    switch arithmetic {
    case .number(_, let column), .aggregate(_, _, let column), .value(_, _, let column):
      column
    case .negate(let inner): column(of: inner)
    case .add(let a, _), .subtract(let a, _), .multiply(let a, _, _), .divide(let a, _, _):
      column(of: a)
    }
  }

  private func checkAttribute(_ attribute: String, column: Int) throws(Failure) {
    guard sources[attribute] == nil else { return }
    let names = sources.keys.sorted()
    throw Failure(
      column: column,
      message: "unknown attribute '\(attribute.prefix(40))'"
        + "\(Suggestion.hint(for: attribute, in: names)) (attributes: \(names.joined(separator: ", ")))"
    )
  }

  // MARK: - Linear constraints

  /// `Σ coefficients · literals + constant ⋈ 0`, scaled to integers.
  private func linear(sumsOf form: Form, _ comparator: Comparator, tooLarge: Failure)
    throws(Failure) -> Formula
  {
    var constant = form.constant
    var terms: [(Literal, Rational)] = []
    for (attribute, coefficient) in form.sums.sorted(by: { $0.key < $1.key }) {
      guard let source = sources[attribute] else { continue }
      if let base = source.base {
        guard let product = Rational(millionths: base).multiplied(by: coefficient),
          let sum = constant.adding(product)
        else { throw tooLarge }
        constant = sum
      }
      for term in source.terms {
        guard let product = Rational(millionths: term.millionths).multiplied(by: coefficient)
        else { throw tooLarge }
        terms.append((term.literal, product))
      }
    }
    return try Self.compare(terms, plus: constant, comparator, tooLarge: tooLarge)
  }

  /// `coefficient · avg(attribute) + constant ⋈ 0`: with `n ≥ 1` carriers selected it is
  /// `Σ (coefficient · value + constant) · carrier ⋈ 0` (multiplying by `n > 0` keeps the
  /// direction), and it is false when no carrier is selected.
  private func average(
    of attribute: String, _ coefficient: Rational, plus constant: Rational,
    _ comparator: Comparator, tooLarge: Failure
  ) throws(Failure) -> Formula {
    guard let source = sources[attribute] else { return .constant(false) }
    func weight(_ millionths: Int128) throws(Failure) -> Rational {
      guard let product = Rational(millionths: millionths).multiplied(by: coefficient),
        let sum = product.adding(constant)
      else { throw tooLarge }
      return sum
    }
    var terms: [(Literal, Rational)] = []
    if let carriers = source.carriers {
      // The numbers and the count apart: `coefficient · value` on each term, `constant` on
      // each carrier.
      for term in source.terms {
        guard let product = Rational(millionths: term.millionths).multiplied(by: coefficient)
        else { throw tooLarge }
        terms.append((term.literal, product))
      }
      for carrier in carriers { terms.append((carrier, constant)) }
    } else {
      for term in source.terms { terms.append((term.literal, try weight(term.millionths))) }
    }
    let base = try source.base.map { (millionths) throws(Failure) in try weight(millionths) }
    let comparison = try Self.compare(
      terms, plus: base ?? .zero, comparator, tooLarge: tooLarge)
    if base != nil { return comparison }
    // Over none, the comparison is false.
    let carriers = source.carriers ?? source.terms.map(\.literal)
    return .and([.or(carriers.map { .literal($0) }), comparison])
  }

  /// `Σ terms + constant ⋈ 0` with integer coefficients.
  private static func compare(
    _ terms: [(Literal, Rational)], plus constant: Rational, _ comparator: Comparator,
    tooLarge: Failure
  ) throws(Failure) -> Formula {
    // The common denominator; a positive factor keeps the comparison's direction.
    var denominator: Int128 = constant.denominator
    for (_, coefficient) in terms {
      let divisor = Int128(Rational.gcd(denominator.magnitude, coefficient.denominator.magnitude))
      let (product, overflow) = (denominator / divisor).multipliedReportingOverflow(
        by: coefficient.denominator)
      guard !overflow else { throw tooLarge }
      denominator = product
    }
    func integer(_ value: Rational) throws(Failure) -> Int64 {
      let (scaled, overflow) = (denominator / value.denominator).multipliedReportingOverflow(
        by: value.numerator)
      guard !overflow, let fitted = Int64(exactly: scaled),
        fitted.magnitude <= LinearSum.magnitudeLimit.magnitude
      else { throw tooLarge }
      return fitted
    }
    var scaled: [LinearSum.Term] = []
    for (literal, coefficient) in terms where !coefficient.isZero {
      scaled.append(.init(literal, try integer(coefficient)))
    }
    // Σ a·x + k ⋈ 0  ⇔  Σ a·x ⋈ −k.
    let bound = -(try integer(constant))
    func atMost(_ terms: [LinearSum.Term], _ bound: Int64) throws(Failure) -> Formula {
      guard let sum = LinearSum(terms, atMost: bound) else { throw tooLarge }
      return .atMost(sum)
    }
    let negated = scaled.map { LinearSum.Term($0.literal, -$0.coefficient) }
    switch comparator {
    case .lessOrEqual: return try atMost(scaled, bound)
    case .less: return try atMost(scaled, bound - 1)
    case .greaterOrEqual: return try atMost(negated, -bound)
    case .greater: return try atMost(negated, -bound - 1)
    case .equal: return .and([try atMost(scaled, bound), try atMost(negated, -bound)])
    case .notEqual: return .not(.and([try atMost(scaled, bound), try atMost(negated, -bound)]))
    }
  }
}
