import CatalogFixtures
import ConfigurationEngine
import Testing

@testable import CarFactory

/// The compiled clauses against the tree rules: on many seeded random trees, the feature
/// selections the clauses allow are exactly the ones the tree allows, each with exactly one
/// solution (every auxiliary variable is defined).
@Suite struct UVLSemanticsTests {
  /// The valid selections of the compiled model, as masks over the tree's own numbering, and
  /// whether every one extends to exactly one solution.
  private static func compiledSelections(_ tree: UVLRandomTree) throws -> (Set<Int>, Bool) {
    let model = try UVLTestSupport.compile(tree.uvl)
    let numbering = try (0..<tree.count).map { feature in
      try #require(model.feature(named: UVLRandomTree.name(feature)))
    }
    var selections: Set<Int> = []
    var unique = true
    for (mask, extensions) in UVLTestSupport.projectedSolutions(model) {
      var treeMask = 0
      for feature in 0..<tree.count where mask & (1 << numbering[feature]) != 0 {
        treeMask |= 1 << feature
      }
      selections.insert(treeMask)
      unique = unique && extensions == 1
    }
    return (selections, unique)
  }

  @Test(arguments: 0..<160)
  func compiledClausesAllowExactlyTheTreesSelections(seed: Int) throws {
    let tree = UVLRandomTree(seed: UInt64(seed), features: 3...10)
    let (selections, unique) = try Self.compiledSelections(tree)
    #expect(selections == tree.validSelections, "seed \(seed):\n\(tree.uvl)")
    #expect(unique, "seed \(seed): an auxiliary variable is not defined\n\(tree.uvl)")
  }

  @Test(arguments: 500..<580)
  func cardinalityGroupsAtEveryDepthToo(seed: Int) throws {
    let tree = UVLRandomTree(seed: UInt64(seed), features: 3...10, onlyCardinalities: true)
    let (selections, unique) = try Self.compiledSelections(tree)
    #expect(selections == tree.validSelections, "seed \(seed):\n\(tree.uvl)")
    #expect(unique, "seed \(seed): an auxiliary variable is not defined\n\(tree.uvl)")
  }

  /// An upper bound past the members is clamped to them (issue 52; flamapy reads `[1..3]`
  /// over two children as one or both): the selections are those of the bounds counted
  /// directly, every auxiliary defined.
  @Test(arguments: 1...4)
  func anUpperBoundPastTheMembersBindsNothing(members: Int) throws {
    for minimum in 0...members {
      for maximum in [members + 1, members + 3] {
        let names = (0..<members).map { "M\($0)" }
        let text =
          "features\n  R\n    optional\n      P\n        [\(minimum)..\(maximum)]\n"
          + names.map { "          \($0)\n" }.joined()
        let model = try UVLTestSupport.compile(text)
        let solutions = UVLTestSupport.projectedSolutions(model)
        // Bit 0 is R, bit 1 is P, the members follow: R always; members only under P, and
        // then between `minimum` and all of them.
        var expected: Set<Int> = [0b01]
        for chosen in 0..<(1 << members) where chosen.nonzeroBitCount >= minimum {
          expected.insert(0b11 | chosen << 2)
        }
        #expect(Set(solutions.keys) == expected, "[\(minimum)..\(maximum)] over \(members)")
        #expect(solutions.values.allSatisfy { $0 == 1 })
      }
    }
  }

  @Test(arguments: 1000..<1012)
  func largerTreesToo(seed: Int) throws {
    let tree = UVLRandomTree(seed: UInt64(seed), features: 11...14)
    let (selections, unique) = try Self.compiledSelections(tree)
    #expect(selections == tree.validSelections, "seed \(seed):\n\(tree.uvl)")
    #expect(unique, "seed \(seed)")
  }

  @Test func randomTreesCoverEveryGroupKindAndConstraints() {
    var kinds: Set<String> = []
    var constraints = 0
    var satisfiable = 0
    for seed in 0..<160 {
      let tree = UVLRandomTree(seed: UInt64(seed), features: 3...10)
      for group in tree.groups {
        switch group.kind {
        case .cardinality(let minimum, let maximum):
          // The encodings differ by lower bound, and by whether the upper bound binds.
          let size = group.members.count
          let bound = (maximum ?? size) < size ? "m" : "*"
          kinds.insert(minimum >= size ? "[all]" : "[\(min(minimum, 2))..\(bound)]")
        default: kinds.insert("\(group.kind)")
        }
      }
      constraints += tree.constraints.count
      if !tree.validSelections.isEmpty { satisfiable += 1 }
    }
    #expect(
      kinds == [
        "mandatory", "optional", "alternative", "or", "[all]", "[0..m]", "[1..m]", "[2..m]",
        "[0..*]", "[1..*]", "[2..*]",
      ])
    #expect(constraints > 150)
    #expect(satisfiable > 40 && satisfiable < 160)
  }

  @Test(arguments: 0..<30)
  func longClausesAndFormulasSplitIntoDefinedChunksMeanTheSame(seed: Int) {
    var random = UVLRandomTree.Generator(state: UInt64(seed))
    let count = 7
    var engine = ConstraintModel()
    let variables = (0..<count).map { _ in engine.newVariable() }
    // A clause of up to 12 literals, split in chunks of 2 or 3.
    let clause = (0..<Int.random(in: 3...12, using: &random)).map { _ in
      Literal(
        variables[Int.random(in: 0..<count, using: &random)], negated: Bool.random(using: &random))
    }
    let chunk = Int.random(in: 2...3, using: &random)
    FeatureModel.addLongClause(clause, chunkSize: chunk, into: &engine)
    // A rule: a disjunction of conjunctions, each of several literals.
    let conjunctions = (0..<Int.random(in: 3...6, using: &random)).map { _ in
      (0..<Int.random(in: 1...5, using: &random)).map { _ in
        Literal(
          variables[Int.random(in: 0..<count, using: &random)], negated: Bool.random(using: &random)
        )
      }
    }
    let formula = Formula.or(conjunctions.map { .and($0.map(Formula.literal)) })
    engine.addRule(id: "r", FeatureModel.chunked(formula, chunkSize: chunk))
    func holds(_ literal: Literal, _ mask: Int) -> Bool {
      (mask & (1 << Int(literal.variable.index)) != 0) != literal.isNegated
    }
    let expected = Set(
      (0..<(1 << count)).filter { mask in
        clause.contains { holds($0, mask) }
          && conjunctions.contains { $0.allSatisfy { holds($0, mask) } }
      })
    let solutions = UVLTestSupport.projectedSolutions(engine, values: count)
    #expect(Set(solutions.keys) == expected, "seed \(seed)")
    #expect(solutions.values.allSatisfy { $0 == 1 }, "seed \(seed)")
  }

  @Test func aCardinalityGroupUnderAnUnselectedParentHasNoMembers() throws {
    let model = try UVLTestSupport.compile(
      """
      features
        R
          optional
            P
              [2..3]
                A
                B
                C
                D
      """)
    let solutions = UVLTestSupport.projectedSolutions(model)
    // Features in file order: R, P, A, B, C, D (bits 0 to 5).
    var expected: Set<Int> = [0b000001]
    for members in 0..<16 where [2, 3].contains(members.nonzeroBitCount) {
      expected.insert(0b11 | members << 2)
    }
    #expect(Set(solutions.keys) == expected)
    #expect(solutions.values.allSatisfy { $0 == 1 })
  }

  @Test func constraintsAreCiteableRulesNamedByTheirLine() throws {
    let model = try UVLTestSupport.compile(
      "features\n  R\n    optional\n      A\n      B\nconstraints\n  A => B\n\n  !B\n")
    #expect(model.constraints.map(\.id) == ["constraint 7", "constraint 9"])
    #expect(model.constraints.map(\.text) == ["A => B", "!B"])
    #expect(model.engine.rules.map(\.id) == ["constraint 7", "constraint 9"])
    #expect(model.constraints.map(\.rule) == model.engine.rules)
    #expect(model.features.map(\.variable) == [Variable(0), Variable(1), Variable(2)])
    #expect(model.engine.isAuxiliary.prefix(3) == [false, false, false])
    #expect(model.engine.isAuxiliary.dropFirst(3).allSatisfy { $0 })
    #expect(Set(UVLTestSupport.projectedSolutions(model).keys) == [0b001])
  }

  @Test func compilesFeaturesWithTheirPlaceInTheTree() throws {
    let model = try UVLTestSupport.compile(
      """
      features
        Car {abstract}
          mandatory
            Engine
              alternative
                Petrol
                Diesel {price 1250.00}
          or
            Radio
      """)
    #expect(model.features.map(\.name) == ["Car", "Engine", "Petrol", "Diesel", "Radio"])
    #expect(model.features.map(\.parent) == [nil, 0, 1, 1, 0])
    #expect(model.features.map(\.groupKind) == [nil, .mandatory, .alternative, .alternative, .or])
    #expect(model.features.map(\.isAbstract) == [true, false, false, false, false])
    #expect(model.features.map(\.price) == [nil, nil, nil, Price(cents: 125_000), nil])
    #expect(model.feature(named: "Diesel") == 3)
    #expect(model.feature(named: "diesel") == nil)
    #expect(model.feature(of: Variable(4)) == 4)
    #expect(model.feature(of: Variable(5)) == nil)
  }
}
