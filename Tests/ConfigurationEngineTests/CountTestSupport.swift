@testable import ConfigurationEngine

/// SplitMix64: a small seeded generator, so every generated case can be replayed.
struct CountRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A requirement as the reference enumerator reads it: straight from its meaning, never from
/// the clauses the encodings produce.
enum CountRequirement {
  case formula(Formula)
  case count([Literal], minimum: Int, maximum: Int?)

  /// Whether the requirement holds when variable `i` has the value of bit `i` of `values`.
  func holds(_ values: UInt64) -> Bool {
    switch self {
    case .formula(let formula): return Self.evaluate(formula, values)
    case .count(let literals, let minimum, let maximum):
      let count = literals.filter { Self.evaluate($0, values) }.count
      return count >= minimum && count <= (maximum ?? Int.max)
    }
  }

  static func evaluate(_ literal: Literal, _ values: UInt64) -> Bool {
    (values >> UInt64(literal.variable.index) & 1 == 1) != literal.isNegated
  }

  static func evaluate(_ formula: Formula, _ values: UInt64) -> Bool {
    switch formula {
    case .literal(let literal): return evaluate(literal, values)
    case .constant(let value): return value
    case .not(let inner): return !evaluate(inner, values)
    case .and(let parts): return parts.allSatisfy { evaluate($0, values) }
    case .or(let parts): return parts.contains { evaluate($0, values) }
    case .implies(let a, let b): return !evaluate(a, values) || evaluate(b, values)
    case .equivalent(let a, let b): return evaluate(a, values) == evaluate(b, values)
    case .atMost(let sum):
      return sum.terms.reduce(0) { $0 + (evaluate($1.literal, values) ? $1.coefficient : 0) }
        <= sum.bound
    }
  }
}

/// A random small model: value variables first (numbered from zero), then whatever the
/// encodings add, with the requirements it was built from.
struct CountGeneratedModel {
  var model = ConstraintModel()
  var valueCount: Int
  /// Requirements that always hold.
  var fixed: [CountRequirement] = []
  /// Each rule's requirement, by rule index.
  var rules: [CountRequirement] = []

  /// Whether formulas may hold linear constraints (`Formula.atMost`).
  var linear = false

  init(
    seed: UInt64, maximumValues: Int = 10, maximumItems: Int = 6, linear: Bool = false,
    encoding: ConstraintModel.LinearEncoding = .bySize
  ) {
    self.linear = linear
    model.linearEncoding = encoding
    var random = CountRandom(seed: seed)
    valueCount = Int.random(in: 2...maximumValues, using: &random)
    for _ in 0..<valueCount { _ = model.newVariable() }
    for item in 0..<Int.random(in: 0...maximumItems, using: &random) {
      switch Int.random(in: 0..<7, using: &random) {
      case 0:
        let literals = randomLiterals(2...min(valueCount, 9), &random)
        model.addExactlyOne(literals)
        fixed.append(.count(literals, minimum: 1, maximum: 1))
      case 1:
        let literals = randomLiterals(2...valueCount, &random)
        model.addAtMostOne(literals)
        fixed.append(.count(literals, minimum: 0, maximum: 1))
      case 2:
        let literals = randomLiterals(1...valueCount, &random)
        let minimum = Int.random(in: 0...(literals.count + 1), using: &random)
        let maximum =
          Bool.random(using: &random)
          ? nil : Int.random(in: max(0, minimum - 1)...literals.count, using: &random)
        model.addCardinality(literals, minimum: minimum, maximum: maximum)
        fixed.append(.count(literals, minimum: minimum, maximum: maximum))
      case 3, 4:
        let formula = randomFormula(depth: 3, &random)
        model.addRule(id: "rule-\(item)", formula)
        rules.append(.formula(formula))
      case 5:
        let formula = randomFormula(depth: 2, &random)
        model.require(formula)
        fixed.append(.formula(formula))
      default:
        let pair = randomLiterals(2...2, &random)
        model.addImplication(pair[0], pair[1])
        fixed.append(.formula(.implies(.literal(pair[0]), .literal(pair[1]))))
      }
    }
  }

  /// Literals of distinct value variables, random signs.
  private func randomLiterals(_ size: ClosedRange<Int>, _ random: inout CountRandom)
    -> [Literal]
  {
    let count = Int.random(in: size, using: &random)
    return (0..<valueCount).shuffled(using: &random).prefix(count).map {
      Literal(Variable($0), negated: Int.random(in: 0..<4, using: &random) == 0)
    }
  }

  func randomFormula(depth: Int, _ random: inout CountRandom) -> Formula {
    let leaf = Int.random(in: 0..<10, using: &random)
    if linear, leaf < 4, Int.random(in: 0..<2, using: &random) == 0 {
      return randomSum(&random)
    }
    if depth == 0 || leaf < 3 {
      if leaf == 0, Int.random(in: 0..<4, using: &random) == 0 {
        return .constant(Bool.random(using: &random))
      }
      let variable = Variable(Int.random(in: 0..<valueCount, using: &random))
      return .literal(Literal(variable, negated: Bool.random(using: &random)))
    }
    switch Int.random(in: 0..<5, using: &random) {
    case 0: return .not(randomFormula(depth: depth - 1, &random))
    case 1:
      return .and(
        (0..<Int.random(in: 1...3, using: &random)).map { _ in
          randomFormula(depth: depth - 1, &random)
        })
    case 2:
      return .or(
        (0..<Int.random(in: 1...3, using: &random)).map { _ in
          randomFormula(depth: depth - 1, &random)
        })
    case 3:
      return .implies(
        randomFormula(depth: depth - 1, &random), randomFormula(depth: depth - 1, &random))
    default:
      return .equivalent(
        randomFormula(depth: depth - 1, &random), randomFormula(depth: depth - 1, &random))
    }
  }

  /// A random linear constraint: a few literals (repeats and both signs allowed) with
  /// coefficients of both signs, some sharing a divisor, and a bound near their range.
  func randomSum(_ random: inout CountRandom) -> Formula {
    let scale = Int64([1, 1, 5, 10, 250].randomElement(using: &random) ?? 1)
    let terms = (0..<Int.random(in: 1...6, using: &random)).map { _ in
      LinearSum.Term(
        Literal(
          Variable(Int.random(in: 0..<valueCount, using: &random)),
          negated: Bool.random(using: &random)),
        Int64.random(in: -9...12, using: &random) * scale)
    }
    let positive = terms.reduce(0) { $0 + max($1.coefficient, 0) }
    let negative = terms.reduce(0) { $0 + min($1.coefficient, 0) }
    let bound = Int64.random(in: (negative - scale)...(positive + scale), using: &random)
    return LinearSum(terms, atMost: bound).map { .atMost($0) } ?? .constant(true)
  }

  /// Random choices over the value variables (none to three).
  func randomChoices(_ random: inout CountRandom) -> [Literal] {
    randomLiterals(0...min(3, valueCount), &random)
  }

  /// The number of value assignments meeting every requirement, the rules whose index is in
  /// `rulesInForce`, and the choices: the reference count.
  /// Whether the values (bit `i` for value `i`) keep the choices, the fixed requirements and
  /// the rules in force (every rule when `nil`).
  func keeps(_ values: UInt64, choices: [Literal], rulesInForce: Set<Int>? = nil) -> Bool {
    choices.allSatisfy { CountRequirement.evaluate($0, values) }
      && fixed.allSatisfy { $0.holds(values) }
      && rules.indices.allSatisfy {
        !(rulesInForce?.contains($0) ?? true) || rules[$0].holds(values)
      }
  }

  func bruteForceCount(choices: [Literal], rulesInForce: Set<Int>? = nil) -> UInt64 {
    let requirements =
      fixed
      + rules.indices.filter { rulesInForce?.contains($0) ?? true }.map { rules[$0] }
    var count: UInt64 = 0
    for values in 0..<(UInt64(1) << UInt64(valueCount)) {
      guard choices.allSatisfy({ CountRequirement.evaluate($0, values) }) else { continue }
      if requirements.allSatisfy({ $0.holds(values) }) { count += 1 }
    }
    return count
  }
}

/// The number of assignments of all the model's variables satisfying its clauses and the
/// assumptions, by enumeration: the reference for the counter on the clause level.
func countClauseSolutions(_ model: ConstraintModel, assuming assumptions: [Literal]) -> UInt64 {
  precondition(model.variableCount <= 24, "too many variables to enumerate")
  var count: UInt64 = 0
  for values in 0..<(UInt64(1) << UInt64(model.variableCount)) {
    guard assumptions.allSatisfy({ CountRequirement.evaluate($0, values) }) else { continue }
    if model.clauses.allSatisfy({ $0.contains { CountRequirement.evaluate($0, values) } }) {
      count += 1
    }
  }
  return count
}

/// The number of assignments of all the model's variables satisfying its clauses and the
/// assumptions, by a search with unit propagation that branches on every unassigned variable
/// (no other reasoning): exact like ``countClauseSolutions(_:assuming:)``, and fast when most
/// variables are defined by the rest, as the encodings' auxiliaries are.
func countAllSolutions(_ model: ConstraintModel, assuming assumptions: [Literal]) -> UInt64 {
  var values = [Bool?](repeating: nil, count: model.variableCount)
  func value(_ literal: Literal) -> Bool? {
    values[Int(literal.variable.index)].map { $0 != literal.isNegated }
  }
  /// Propagates to a fixpoint; false on a conflict. Returns the variables it assigned.
  func propagate(_ assigned: inout [Int]) -> Bool {
    var changed = true
    while changed {
      changed = false
      for clause in model.clauses {
        var open: Literal?
        var openCount = 0
        var satisfied = false
        for literal in clause {
          switch value(literal) {
          case true?: satisfied = true
          case false?: break
          case nil:
            openCount += 1
            open = literal
          }
          if satisfied || openCount > 1 { break }
        }
        if satisfied || openCount > 1 { continue }
        guard let unit = open else { return false }
        values[Int(unit.variable.index)] = !unit.isNegated
        assigned.append(Int(unit.variable.index))
        changed = true
      }
    }
    return true
  }
  func count() -> UInt64 {
    var assigned: [Int] = []
    defer { for index in assigned { values[index] = nil } }
    guard propagate(&assigned) else { return 0 }
    guard let free = values.firstIndex(where: { $0 == nil }) else { return 1 }
    var total: UInt64 = 0
    for choice in [false, true] {
      values[free] = choice
      total += count()
    }
    values[free] = nil
    return total
  }
  for literal in assumptions {
    if value(literal) == false { return 0 }
    values[Int(literal.variable.index)] = !literal.isNegated
  }
  return count()
}
