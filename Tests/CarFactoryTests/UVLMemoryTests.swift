import Testing

@testable import CarFactory

/// A UVL model may take at most ``UVLMemoryBudget`` to read and compile (32 times its size
/// plus 32 MiB, at most half the address space left): a model whose features, constraints or
/// counters cost more for its size is refused at the line where the budget runs out.
@Suite struct UVLMemoryTests {
  @Test func aModelOfManyConstraintsForItsSizeIsRefusedWhereTheBudgetRunsOut() throws {
    let header = "features\n  R\n    optional\n      a\n      b\nconstraints\n"
    let count = 150_000
    let text = header + String(repeating: "  a => b\n", count: count)
    let budget = UVLMemoryBudget(fileSize: text.utf8.count)
    // Three features, then 672 bytes a constraint (480, and 64 for each of its 3 tokens):
    // the first constraint that does not fit is refused, on its own line (the 7th is the
    // first constraint's).
    let perConstraint =
      UVLMemoryBudget.constraintCost + 3 * UVLMemoryBudget.tokenCost
    let fitting = (budget.limit - 3 * UVLMemoryBudget.featureCost) / perConstraint
    try #require(fitting < count, "the file should not fit")
    let error = try #require(UVLTestSupport.refusal(text))
    #expect(error == budget.error(file: "test.uvl", line: 7 + fitting))
    #expect(error.kind == .limit)
    // A few thousand of them load.
    let fewer = header + String(repeating: "  a => b\n", count: 2_000)
    #expect(try UVLTestSupport.compile(fewer).constraints.count == 2_000)
  }

  /// A few kilobytes can ask for a counter of half a million cells (86 MB compiled).
  @Test func aSmallFileWithAHugeCounterIsRefused() throws {
    let members = (0..<700).map { "      F\($0)\n" }.joined()
    let text = "features\n  R\n    [2..*]\n" + members
    let cells = FeatureModel.counterCells(.cardinality(minimum: 2, maximum: nil), members: 700)
    #expect(
      cells * UVLMemoryBudget.counterCellCost > UVLMemoryBudget(fileSize: text.utf8.count).limit)
    let error = try #require(UVLTestSupport.refusal(text))
    #expect(
      error.description
        == "test.uvl:3: the model is too large for its size: reading and compiling it would take "
        + "more than 32 MiB (32 times its size, plus 32 MiB)")
    // Within the budget, the same group of fewer members compiles.
    let smaller = "features\n  R\n    [2..*]\n" + (0..<200).map { "      F\($0)\n" }.joined()
    #expect(try UVLTestSupport.compile(smaller).features.count == 201)
  }

  @Test func theAddressSpaceLeftCanSetTheLimit() {
    let budget = UVLMemoryBudget(fileSize: 1 << 20, available: 40 << 20)
    #expect(budget.limit == 20 << 20)
    #expect(budget.isAddressSpaceBound)
    #expect(
      budget.error(file: "m.uvl", line: 9).description
        == "m.uvl:9: the model is too large for the memory left: reading and compiling it would "
        + "take more than the 20 MiB that the address-space limit (ulimit -v) leaves for it")
    let roomy = UVLMemoryBudget(fileSize: 1 << 20, available: 1 << 30)
    #expect(roomy.limit == 64 << 20)
    #expect(!roomy.isAddressSpaceBound)
  }
}
