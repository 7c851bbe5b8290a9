import CatalogFixtures

/// A ``UVLRandomTree`` with numbers (SPEC §13): a weight `W` (two decimals, sometimes
/// negative) on most features, the root included, a sparse whole `P`, and one or two
/// arithmetic constraints mixed with Boolean operators — each kept as a small tree the test
/// evaluates itself, with exact fractions, sharing no code with the reader or the engine.
struct UVLNumericTree {
  /// The attributes, as UVL writes them.
  enum Attribute: String, CaseIterable {
    case weight = "W"
    case power = "P"
  }

  /// A number of a constraint.
  indirect enum Number {
    /// A constant in hundredths.
    case constant(Int64)
    case sum(Attribute)
    case average(Attribute)
    /// A feature's own number (zero when it carries none).
    case value(Int, Attribute)
    case add(Number, Number)
    case subtract(Number, Number)
    /// Times a constant in hundredths.
    case times(Number, Int64)
    /// Divided by a whole constant (not zero).
    case divided(Number, Int64)
    case negate(Number)
  }

  /// A constraint: a comparison, alone or with a feature under a Boolean operator.
  indirect enum Check {
    case compare(Number, String, Number)
    case implies(Int, Check)
    case orFeature(Check, Int)
    case not(Check)
    case equivalent(Check, Int)
  }

  var tree: UVLRandomTree
  /// Each carrier's number of each attribute, in hundredths.
  var numbers: [Attribute: [Int: Int64]] = [:]
  var checks: [Check] = []

  /// A random tree with numbers.
  ///
  /// - Parameters:
  ///   - seed: The generator's seed.
  ///   - features: How many features, at random in this range.
  init(seed: UInt64, features: ClosedRange<Int>) {
    tree = UVLRandomTree(seed: seed, features: features, constraintCount: 0...1)
    var random = UVLRandomTree.Generator(state: seed &* 6_364_136_223_846_793_005 &+ 7)
    var weights: [Int: Int64] = [:]
    var powers: [Int: Int64] = [:]
    for feature in 0..<tree.count {
      if Int.random(in: 0..<5, using: &random) != 0 {
        weights[feature] = Int64.random(in: -20...200, using: &random) * 25
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        powers[feature] = Int64.random(in: 1...9, using: &random) * 100
      }
    }
    if powers.isEmpty {
      // An attribute no feature carries does not exist: constraints naming it are refused.
      powers[Int.random(in: 0..<tree.count, using: &random)] = 400
    }
    numbers = [.weight: weights, .power: powers]
    for feature in 0..<tree.count {
      var parts: [String] = []
      if let weight = weights[feature] { parts.append("W \(Self.decimal(weight))") }
      if let power = powers[feature] { parts.append("P \(Self.decimal(power))") }
      if Int.random(in: 0..<6, using: &random) == 0 { parts.append("Label 'x'") }
      if !parts.isEmpty { tree.attributeText[feature] = parts.joined(separator: ", ") }
    }
    let selections = tree.validSelections
    for _ in 0..<Int.random(in: 1...2, using: &random) {
      // A check that rules out every selection, or none, tests little: a few tries for one
      // that decides something.
      var check = Self.check(features: tree.count, using: &random)
      for _ in 0..<6 {
        let kept = selections.filter { holds(check, $0) }.count
        if kept > 0, kept < selections.count { break }
        check = Self.check(features: tree.count, using: &random)
      }
      checks.append(check)
    }
    tree.extraConstraints = checks.map(Self.text)
  }

  private static func check(features: Int, using random: inout UVLRandomTree.Generator)
    -> Check
  {
    let a = Int.random(in: 0..<features, using: &random)
    let b = Int.random(in: 0..<features, using: &random)
    let comparator =
      ["<", "<=", "!=", ">=", ">", "<", "<=", ">=", ">", "=="].randomElement(using: &random) ?? "<"
    // Totals of W run from about -5 to 60.
    let bound =
      Int64.random(in: -4...50, using: &random) * 100
      + (Bool.random(using: &random) ? 50 : 0)
    switch Int.random(in: 0..<8, using: &random) {
    case 0: return .compare(.sum(.weight), comparator, .constant(bound))
    case 1:
      return .implies(
        a,
        .compare(
          .subtract(.sum(.weight), .times(.value(b, .weight), 200)), comparator,
          .constant(bound - 1000)))
    case 2: return .compare(.average(.power), comparator, .constant(bound / 10))
    case 3:
      return .orFeature(.not(.compare(.average(.weight), comparator, .constant(bound / 3))), a)
    case 4:
      return .compare(
        .divided(.times(.add(.sum(.weight), .constant(300)), 200), 3), comparator,
        .constant(bound * 2 / 3))
    case 5:
      return .equivalent(
        .compare(
          .add(.sum(.power), .divided(.sum(.weight), 10)), comparator, .constant(bound / 10)), a)
    case 6:
      return .compare(
        .add(.negate(.average(.weight)), .value(b, .weight)), comparator, .constant(-bound / 3))
    default:
      return .compare(
        .subtract(.add(.times(.value(a, .weight), -200), .value(b, .power)), .constant(150)),
        comparator, .sum(.power))
    }
  }

  // MARK: - Text

  /// Hundredths as a decimal (`1250` is `12.5`, `-25` is `-0.25`).
  static func decimal(_ hundredths: Int64) -> String {
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = hundredths.magnitude
    var fraction = String(magnitude % 100)
    if fraction.count == 1 { fraction = "0" + fraction }
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return sign + String(magnitude / 100) + (fraction.isEmpty ? "" : "." + fraction)
  }

  private static func text(_ number: Number) -> String {
    switch number {
    case .constant(let value): decimal(value)
    case .sum(let attribute): "sum(\(attribute.rawValue))"
    case .average(let attribute): "avg(\(attribute.rawValue))"
    case .value(let feature, let attribute):
      "\(UVLRandomTree.written(feature)).\(attribute.rawValue)"
    case .add(let a, let b): "\(text(a)) + \(text(b))"
    case .subtract(let a, let b): "\(text(a)) - (\(text(b)))"
    case .times(let a, let factor): "(\(text(a))) * \(decimal(factor))"
    case .divided(let a, let divisor): "(\(text(a))) / \(divisor)"
    case .negate(let a): "-(\(text(a)))"
    }
  }

  private static func text(_ check: Check) -> String {
    switch check {
    case .compare(let a, let comparator, let b): "\(text(a)) \(comparator) \(text(b))"
    case .implies(let feature, let inner):
      "\(UVLRandomTree.written(feature)) => (\(text(inner)))"
    case .orFeature(let inner, let feature): "\(text(inner)) | \(UVLRandomTree.written(feature))"
    case .not(let inner): "!(\(text(inner)))"
    case .equivalent(let inner, let feature):
      "(\(text(inner))) <=> \(UVLRandomTree.written(feature))"
    }
  }

  // MARK: - Evaluation

  /// An exact fraction; the bottom is kept positive.
  private struct Fraction {
    var top: Int128
    var bottom: Int128
  }

  /// Every valid selection (bit `i` = feature `i`): the tree's, where every check holds.
  var validSelections: Set<Int> {
    tree.validSelections.filter { mask in checks.allSatisfy { holds($0, mask) } }
  }

  /// Whether a selection obeys the tree and the constraints of `kept`, numbered as the file
  /// writes them: the tree's Boolean constraints, then the checks.
  func isValid(_ mask: Int, keeping kept: Set<Int>) -> Bool {
    let booleans = tree.constraints.count
    return tree.isValid(mask, keeping: kept.filter { $0 < booleans })
      && kept.filter { $0 >= booleans }.allSatisfy {
        checks.indices.contains($0 - booleans) && holds(checks[$0 - booleans], mask)
      }
  }

  private func holds(_ check: Check, _ mask: Int) -> Bool {
    func has(_ feature: Int) -> Bool { mask & (1 << feature) != 0 }
    switch check {
    case .compare(let a, let comparator, let b):
      guard let x = value(a, mask), let y = value(b, mask) else { return false }
      let order = (x.top * y.bottom - y.top * x.bottom).signum()
      switch comparator {
      case "<": return order < 0
      case "<=": return order <= 0
      case "==": return order == 0
      case "!=": return order != 0
      case ">=": return order >= 0
      default: return order > 0
      }
    case .implies(let feature, let inner): return !has(feature) || holds(inner, mask)
    case .orFeature(let inner, let feature): return holds(inner, mask) || has(feature)
    case .not(let inner): return !holds(inner, mask)
    case .equivalent(let inner, let feature): return holds(inner, mask) == has(feature)
    }
  }

  /// A number on a selection; `nil` when it takes an average over no carrier.
  private func value(_ number: Number, _ mask: Int) -> Fraction? {
    func carried(_ attribute: Attribute) -> [Int64] {
      (numbers[attribute] ?? [:]).filter { mask & (1 << $0.key) != 0 }.map(\.value)
    }
    switch number {
    case .constant(let value): return Fraction(top: Int128(value), bottom: 100)
    case .sum(let attribute):
      return Fraction(top: Int128(carried(attribute).reduce(0, +)), bottom: 100)
    case .average(let attribute):
      let values = carried(attribute)
      guard !values.isEmpty else { return nil }
      return Fraction(top: Int128(values.reduce(0, +)), bottom: 100 * Int128(values.count))
    case .value(let feature, let attribute):
      return Fraction(top: Int128(numbers[attribute]?[feature] ?? 0), bottom: 100)
    case .add(let a, let b), .subtract(let a, let b):
      guard let x = value(a, mask), let y = value(b, mask) else { return nil }
      let sign: Int128 = if case .add = number { 1 } else { -1 }
      return Fraction(top: x.top * y.bottom + sign * y.top * x.bottom, bottom: x.bottom * y.bottom)
    case .times(let a, let factor):
      return value(a, mask).map { Fraction(top: $0.top * Int128(factor), bottom: $0.bottom * 100) }
    case .divided(let a, let divisor):
      return value(a, mask).map {
        Fraction(
          top: $0.top * Int128(divisor.signum()), bottom: $0.bottom * Int128(divisor.magnitude))
      }
    case .negate(let a):
      return value(a, mask).map { Fraction(top: -$0.top, bottom: $0.bottom) }
    }
  }
}
