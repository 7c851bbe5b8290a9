import Testing

@testable import ConfigurationEngine

/// Root components that are copies of one structure are counted once and their count raised
/// to the number of copies (``CountingSearch/mergeRootCopies()``): counts equal enumeration on
/// formulas of repeated pieces, on pieces that differ from a copy in one literal (merged, the
/// count would be wrong), and through the whole counter with choices.
@Suite struct CountCopiesTests {
  /// A formula of copies of one random piece, each copy over the next variables in the same
  /// order, some copies changed in one literal, some laid out in reverse order.
  struct RepeatedPieces {
    var variableCount = 0
    var clauses: [[UInt32]] = []
    /// Copies that are exact (the same clauses over the next variables in the same order).
    var exactCopies = 0

    init(seed: UInt64) {
      var random = CountRandom(seed: seed)
      let size = Int.random(in: 2...4, using: &random)
      let copies = Int.random(in: 2...(12 / size), using: &random)
      // A connected piece: a chain of binary clauses joining its variables, then clauses of
      // two to four literals.
      var piece: [[UInt32]] = []
      for variable in 1..<size {
        piece.append([
          UInt32(variable - 1) << 1 | UInt32.random(in: 0...1, using: &random),
          UInt32(variable) << 1 | UInt32.random(in: 0...1, using: &random),
        ])
      }
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        let length = Int.random(in: 2...min(4, size), using: &random)
        let variables = (0..<size).shuffled(using: &random).prefix(length)
        piece.append(
          variables.map { UInt32($0) << 1 | UInt32.random(in: 0...1, using: &random) })
      }
      for copy in 0..<copies {
        let offset = UInt32(copy * size)
        var changed = piece
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
          // One literal flipped: the same shape, other clauses.
          let clause = Int.random(in: 0..<changed.count, using: &random)
          let position = Int.random(in: 0..<changed[clause].count, using: &random)
          changed[clause][position] ^= 1
        case 1:
          // The variables in reverse order: a copy under another map, maybe not found.
          changed = changed.map { $0.map { UInt32(size - 1 - Int($0 >> 1)) << 1 | $0 & 1 } }
        default:
          if copy > 0 { exactCopies += 1 }
        }
        for clause in changed { clauses.append(clause.map { $0 + 2 * offset }) }
      }
      variableCount = copies * size
    }

    var clauseList: ClauseList {
      var list = ClauseList()
      for clause in clauses {
        let unique = Array(Set(clause))
        if unique.contains(where: { unique.contains($0 ^ 1) }) { continue }
        list.append(unique.sorted())
      }
      return list
    }

    /// The number of assignments satisfying every clause, by enumeration.
    var bruteForceCount: UInt64 {
      var count: UInt64 = 0
      for values in 0..<(UInt64(1) << UInt64(variableCount))
      where clauses.allSatisfy({ clause in
        clause.contains { (values >> UInt64($0 >> 1) & 1 == 1) != ($0 & 1 == 1) }
      }) {
        count += 1
      }
      return count
    }
  }

  @Test func copiesOfAPieceCountAsEnumeration() {
    var merged = 0
    var formulasMerged = 0
    for seed in 0..<400 as Range<UInt64> {
      let pieces = RepeatedPieces(seed: seed)
      let formula = CountingFormula(variableCount: pieces.variableCount, clauses: pieces.clauseList)
      var search = CountingSearch(
        formula: formula, isIndependent: [Bool](repeating: true, count: pieces.variableCount),
        rank: DecompositionOrder.ranks(of: formula), budget: CountBudget(timeLimit: .seconds(600)),
        deadline: .now + .seconds(600))
      let count = search.assume([]) ? search.run() : .exact(.zero)
      #expect(count == .exact(BigUInt(pieces.bruteForceCount)), "seed \(seed)")
      merged += search.statistics.copiesMerged
      if pieces.exactCopies > 0, search.statistics.copiesMerged > 0 {
        formulasMerged += 1
      }
    }
    // The copies are found: most formulas hold some, and the search merged them.
    #expect(merged > 300, "\(merged) copies merged")
    #expect(formulasMerged > 150, "\(formulasMerged)")
  }

  @Test func aCompilationKeepsEveryCopy() throws {
    // A compilation's circuit needs each copy's own node: a merged copy would leave its
    // values out of the circuit, and a choice of one of them would count wrong.
    for seed in 0..<60 as Range<UInt64> {
      let pieces = RepeatedPieces(seed: seed)
      var model = ConstraintModel()
      let variables = (0..<pieces.variableCount).map { _ in model.newVariable() }
      for clause in pieces.clauses {
        model.addClause(clause.map { Literal(variables[Int($0 >> 1)], negated: $0 & 1 == 1) })
      }
      let circuit = try #require(
        ModelCounter(model).compile(budget: CompilationBudget(timeLimit: .seconds(600))).circuit)
      #expect(circuit.count(assuming: []) == BigUInt(pieces.bruteForceCount), "seed \(seed)")
      for variable in variables {
        #expect(
          circuit.count(assuming: [variable.positive])
            == BigUInt(countClauseSolutions(model, assuming: [variable.positive])),
          "seed \(seed), \(variable)")
      }
    }
  }

  @Test func theCounterCountsRepeatedGroupsWithChoices() {
    // Several copies of one alternative group under an optional parent, through the whole
    // counter (simplification, then the search) with a choice in some copies.
    var merged = 0
    for seed in 0..<40 as Range<UInt64> {
      var random = CountRandom(seed: seed)
      let copies = Int.random(in: 2...4, using: &random)
      let children = Int.random(in: 2...3, using: &random)
      var model = ConstraintModel()
      var groups: [(parent: Variable, children: [Variable])] = []
      for _ in 0..<copies {
        let parent = model.newVariable()
        let group = (0..<children).map { _ in model.newVariable() }
        // The parent holds exactly one child; each child its parent.
        model.addClause([parent.negative] + group.map(\.positive))
        for (index, child) in group.enumerated() {
          model.addClause([child.negative, parent.positive])
          for other in group[(index + 1)...] { model.addClause([child.negative, other.negative]) }
        }
        groups.append((parent, group))
      }
      let chosen = groups.indices.filter { _ in Bool.random(using: &random) }.map {
        groups[$0].children[0].positive
      }
      // Each copy: its parent off, or one of its children; a chosen child leaves one.
      let expected = groups.indices.reduce(UInt64(1)) { product, index in
        product * (chosen.contains(groups[index].children[0].positive) ? 1 : UInt64(children + 1))
      }
      let counter = ModelCounter(model)
      let count = counter.count(assuming: chosen, budget: CountBudget(timeLimit: .seconds(600)))
      #expect(count.count == .exact(BigUInt(expected)), "seed \(seed)")
      #expect(countClauseSolutions(model, assuming: chosen) == expected, "seed \(seed)")
      merged += count.statistics.copiesMerged
    }
    #expect(merged > 15, "\(merged) copies merged")
  }
}
