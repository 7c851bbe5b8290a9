import Testing

@testable import ConfigurationEngine

@Suite struct CircuitExportTests {
  /// Evaluates c2d `.nnf` text under an assignment (bit `v - 1` for variable `v`): the
  /// format read back from its own definition, apart from the writer.
  static func evaluate(_ text: String, _ values: UInt64) -> Bool? {
    var lines = text.split(separator: "\n").map { $0.split(separator: " ") }
    guard let header = lines.first, header.first == "nnf" else { return nil }
    lines.removeFirst()
    var results: [Bool] = []
    for line in lines {
      guard let kind = line.first else { return nil }
      let numbers = line.dropFirst().compactMap { Int($0) }
      switch kind {
      case "L":
        guard let literal = numbers.first, literal != 0 else { return nil }
        let bit = values >> UInt64(abs(literal) - 1) & 1 == 1
        results.append(literal > 0 ? bit : !bit)
      case "A":
        let children = numbers.dropFirst()
        guard numbers.first == children.count, children.allSatisfy({ $0 < results.count })
        else { return nil }
        results.append(children.allSatisfy { results[$0] })
      case "O":
        let children = numbers.dropFirst(2)
        guard numbers.count >= 2, numbers[1] == children.count,
          children.allSatisfy({ $0 < results.count })
        else { return nil }
        results.append(children.contains { results[$0] })
      default: return nil
      }
    }
    guard Int(header[1]) == results.count else { return nil }
    return results.last
  }

  @Test func theWrittenCircuitCountsAsEnumerationDoes() throws {
    for seed in 0..<150 as Range<UInt64> {
      let generated = CountGeneratedModel(seed: seed)
      let circuit = try #require(CircuitCountTests.circuit(generated.model))
      let text = circuit.c2dText()
      let header = text.split(separator: "\n")[0].split(separator: " ")
      #expect(Int(header[3]) == generated.valueCount, "seed \(seed)")
      var count: UInt64 = 0
      for values in 0..<(UInt64(1) << UInt64(generated.valueCount)) {
        let value = try #require(Self.evaluate(text, values), "seed \(seed)")
        if value { count += 1 }
      }
      #expect(count == generated.bruteForceCount(choices: []), "seed \(seed)")
    }
  }
}
