@testable import ConfigurationEngine

/// A random clause set of at most 12 variables with planted structure for the counter's
/// simplification steps: chains of equivalent literals, OR and XOR gates (whose outputs are
/// defined), failed literals, duplicate and subsumed clauses, and several independent copies
/// (many components). Every variable is independent unless it is a gate's output; a gate's
/// output is numbered after its inputs, so the independent variables determine the others.
struct PlantedFormula {
  let variableCount: Int
  var clauses: [[UInt32]] = []
  /// Per variable, whether the count may treat it as free (outputs of gates are defined by
  /// their inputs, so they are not).
  var isIndependent: [Bool]

  init(seed: UInt64) {
    var random = CountRandom(seed: seed)
    let copies = Int.random(in: 1...3, using: &random)
    let size = Int.random(in: 3...(12 / copies), using: &random)
    variableCount = copies * size
    isIndependent = [Bool](repeating: true, count: variableCount)
    for copy in 0..<copies {
      plant(offset: copy * size, size: size, &random)
    }
  }

  /// A literal code of variable `offset + index`.
  private static func literal(_ variable: Int, _ negated: Bool) -> UInt32 {
    UInt32(variable) << 1 | (negated ? 1 : 0)
  }

  private mutating func plant(offset: Int, size: Int, _ random: inout CountRandom) {
    func any() -> UInt32 {
      Self.literal(offset + Int.random(in: 0..<size, using: &random), Bool.random(using: &random))
    }
    for _ in 0..<Int.random(in: 0...(2 * size), using: &random) {
      switch Int.random(in: 0..<9, using: &random) {
      case 0:
        // An equivalence a ⇔ b as two binary clauses.
        let (a, b) = (any(), any())
        clauses += [[a ^ 1, b], [a, b ^ 1]]
      case 1:
        // An OR gate o ⇔ x ∨ y ∨ …, its output no longer independent.
        let inputs = (0..<Int.random(in: 1...3, using: &random)).map { _ in any() }
        guard let output = output(after: inputs, offset: offset, size: size, &random) else {
          continue
        }
        clauses.append([output ^ 1] + inputs)
        for input in inputs { clauses.append([output, input ^ 1]) }
        isIndependent[Int(output >> 1)] = false
      case 2:
        // An XOR gate z ⇔ (x ⊕ y).
        let (x, y) = (any(), any())
        guard x >> 1 != y >> 1, let z = output(after: [x, y], offset: offset, size: size, &random)
        else { continue }
        clauses += [[z ^ 1, x, y], [z ^ 1, x ^ 1, y ^ 1], [z, x ^ 1, y], [z, x, y ^ 1]]
        isIndependent[Int(z >> 1)] = false
      case 3:
        // A failed literal: x implies both y and ¬y.
        let (x, y) = (any(), any())
        clauses += [[x ^ 1, y], [x ^ 1, y ^ 1]]
      case 4:
        // A clause and a longer copy of it.
        let clause = (0..<Int.random(in: 2...3, using: &random)).map { _ in any() }
        clauses += [clause, clause + [any()], clause]
      default:
        clauses.append((0..<Int.random(in: 1...4, using: &random)).map { _ in any() })
      }
    }
  }

  /// A literal of a variable numbered after all of the inputs' (`nil` if there is none).
  private func output(
    after inputs: [UInt32], offset: Int, size: Int, _ random: inout CountRandom
  ) -> UInt32? {
    let first = Int(inputs.map { $0 >> 1 }.max() ?? 0) + 1
    guard first < offset + size else { return nil }
    return Self.literal(
      Int.random(in: first..<(offset + size), using: &random), Bool.random(using: &random))
  }

  /// The clauses with duplicate literals dropped and tautologies left out, as the simplifier
  /// takes them.
  var clauseList: ClauseList {
    var list = ClauseList()
    for clause in clauses {
      let unique = Array(Set(clause))
      if unique.contains(where: { unique.contains($0 ^ 1) }) { continue }
      list.append(unique)
    }
    return list
  }

  /// The number of assignments of all variables satisfying every clause.
  var bruteForceCount: UInt64 {
    var count: UInt64 = 0
    for values in 0..<(UInt64(1) << UInt64(variableCount)) where satisfies(values) { count += 1 }
    return count
  }

  func satisfies(_ values: UInt64) -> Bool {
    clauses.allSatisfy { clause in
      clause.contains { (values >> UInt64($0 >> 1) & 1 == 1) != ($0 & 1 == 1) }
    }
  }
}

/// The number of assignments of a formula's variables satisfying its clauses, by enumeration.
func bruteForceCount(_ formula: CountingFormula) -> UInt64 {
  precondition(formula.variableCount <= 20, "too many variables to enumerate")
  if formula.hasEmptyClause { return 0 }
  func isTrue(_ literal: UInt32, _ values: UInt64) -> Bool {
    (values >> UInt64(literal >> 1) & 1 == 1) != (literal & 1 == 1)
  }
  var count: UInt64 = 0
  for values in 0..<(UInt64(1) << UInt64(formula.variableCount)) {
    guard formula.units.allSatisfy({ isTrue($0, values) }) else { continue }
    // Binary clauses: a true literal's implied literals are true.
    var holds = true
    for literal in 0..<UInt32(2 * formula.variableCount) where isTrue(literal, values) {
      let implied = formula.impliedStart[Int(literal)]..<formula.impliedStart[Int(literal) + 1]
      if formula.implied[implied].contains(where: { !isTrue($0, values) }) {
        holds = false
        break
      }
    }
    guard holds else { continue }
    for clause in 0..<formula.longClauseCount {
      let literals = formula.longLiterals[formula.longStart[clause]..<formula.longStart[clause + 1]]
      if !literals.contains(where: { isTrue($0, values) }) {
        holds = false
        break
      }
    }
    if holds { count += 1 }
  }
  return count
}

extension SimplifiedFormula {
  /// The count the simplified formula stands for, by enumeration of what is left.
  var bruteForceCount: UInt64 {
    ConfigurationEngineTests.bruteForceCount(formula) << UInt64(freeVariables)
  }
}
