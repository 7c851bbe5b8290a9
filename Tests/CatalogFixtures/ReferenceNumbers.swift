package import CarFactory
package import ConfigurationEngine

/// The reference's own arithmetic for rules with numbers (SPEC §13), written from the spec's
/// words and sharing no code with the engine's encoding: each side of a comparison is
/// evaluated on one build as an exact fraction, `sum` adding the base and each held value's
/// number, `avg` dividing by how many of them carry the attribute (a comparison with an `avg`
/// over none is false), `price` being the build's price: the base price and what each held
/// alternative or choice adds, $0.00 included.
package struct ReferenceNumbers {
  let selected: [Bool]
  let line: ProductLine
  /// The numbers of the build's price in cents: the base's, then each held carrier's.
  let prices: [Int64]

  /// Creates the numbers of one build.
  package init(selected: [Bool], line: ProductLine, prices: [Int64]) {
    self.selected = selected
    self.line = line
    self.prices = prices
  }

  /// An exact fraction over `Int128` (the reference's models are small).
  struct Fraction {
    var top: Int128
    var bottom: Int128

    static func + (a: Fraction, b: Fraction) -> Fraction {
      Fraction(top: a.top * b.bottom + b.top * a.bottom, bottom: a.bottom * b.bottom)
    }
    static func * (a: Fraction, b: Fraction) -> Fraction {
      Fraction(top: a.top * b.top, bottom: a.bottom * b.bottom)
    }
    /// The sign of `a − b`.
    static func order(_ a: Fraction, _ b: Fraction) -> Int128 {
      // Bottoms are kept positive, so cross-multiplying keeps the order.
      (a.top * b.bottom - b.top * a.bottom).signum()
    }
  }

  /// Whether `a comparator b` holds on the build; false when either side takes an average
  /// over no values.
  package func compare(_ a: Arithmetic, _ comparator: Comparator, _ b: Arithmetic) -> Bool {
    guard let x = value(a), let y = value(b) else { return false }
    let order = Fraction.order(x, y)
    switch comparator {
    case .less: return order < 0
    case .lessOrEqual: return order <= 0
    case .equal: return order == 0
    case .notEqual: return order != 0
    case .greaterOrEqual: return order >= 0
    case .greater: return order > 0
    }
  }

  /// The numbers an attribute takes in this build: the base's (if any) and each held value's.
  private func carried(_ attribute: String) -> [Int128] {
    if attribute == "price" { return prices.map { Int128($0) * 10_000 } }
    var numbers: [Int128] = []
    if let base = line.baseAttributes[attribute] { numbers.append(Int128(base.millionths)) }
    for (index, value) in line.values.enumerated() where selected[index] {
      if let number = value.attributes[attribute] { numbers.append(Int128(number.millionths)) }
    }
    return numbers
  }

  private func value(_ arithmetic: Arithmetic) -> Fraction? {
    let million: Int128 = 1_000_000
    switch arithmetic {
    case .number(let text, _):
      // Digits with an optional point, read digit by digit.
      var top: Int128 = 0
      var bottom: Int128 = 1
      var afterPoint = false
      // A UVL constraint may write a negative number (`A.w > -3`).
      let sign: Int128 = text.hasPrefix("-") ? -1 : 1
      for character in text.drop(while: { $0 == "-" }) {
        if character == "." {
          afterPoint = true
          continue
        }
        top = top * 10 + Int128(character.wholeNumberValue ?? 0)
        if afterPoint { bottom *= 10 }
      }
      return Fraction(top: sign * top, bottom: bottom)
    case .aggregate(let aggregate, let attribute, _):
      let numbers = carried(attribute)
      let total = numbers.reduce(0, +)
      switch aggregate {
      case .sum: return Fraction(top: total, bottom: million)
      case .avg:
        guard !numbers.isEmpty else { return nil }
        return Fraction(top: total, bottom: million * Int128(numbers.count))
      }
    case .value(let atom, let attribute, _):
      // A catalog's atoms are lower-case; a UVL feature is named exactly.
      guard
        let value = line.values.first(where: { $0.atom == atom })
          ?? line.values.first(where: { $0.atom == atom.lowercased() })
      else { return nil }
      if attribute == "price" { return Fraction(top: Int128(value.surcharge.cents), bottom: 100) }
      return Fraction(top: Int128(value.attributes[attribute]?.millionths ?? 0), bottom: million)
    case .negate(let inner):
      return value(inner).map { Fraction(top: -$0.top, bottom: $0.bottom) }
    case .add(let a, let b):
      guard let x = value(a), let y = value(b) else { return nil }
      return x + y
    case .subtract(let a, let b):
      guard let x = value(a), let y = value(b) else { return nil }
      return x + Fraction(top: -y.top, bottom: y.bottom)
    case .multiply(let a, let b, _):
      guard let x = value(a), let y = value(b) else { return nil }
      return x * y
    case .divide(let a, let b, _):
      guard let x = value(a), let y = value(b), y.top != 0 else { return nil }
      // Dividing by a negative keeps the bottom positive by moving the sign up.
      return x
        * Fraction(
          top: y.bottom * y.top.signum(), bottom: y.top.magnitude == 0 ? 1 : Int128(y.top.magnitude)
        )
    }
  }
}
