import ConfigurationEngine

@testable import CarFactory

/// Helpers shared by the UVL tests: reading text, and a reference enumeration of the compiled
/// clauses that is independent of the engine's solver.
enum UVLTestSupport {
  /// The state SPEC §7 gives a value, from an enumeration: chosen or ruled out as the user
  /// said, else forced when every valid build has it, excluded when none does, and otherwise
  /// default when the build the defaults make has it.
  ///
  /// - Parameters:
  ///   - value: The value's position in the line.
  ///   - choices: The user's choices.
  ///   - holding: How many of the valid builds have the value.
  ///   - total: How many valid builds there are.
  ///   - inBuild: Whether the build with the choices has it.
  /// - Returns: The state `options` must show.
  static func expectedState(
    of value: Int, choices: [Choice], holding: Int, of total: Int, inBuild: Bool
  ) -> OptionsReport.State {
    if let choice = choices.first(where: { $0.value == value }) {
      choice.isChosen ? .chosen : .excluded
    } else if holding == total {
      .forced
    } else if holding == 0 {
      .excluded
    } else {
      inBuild ? .default : .available
    }
  }

  /// Reads a model written as text.
  static func read(_ text: String, file: String = "test.uvl") throws(UVLError) -> UVLModel {
    try UVLReader.read(Array(text.utf8), file: file)
  }

  /// Reads and compiles a model written as text.
  static func compile(_ text: String, file: String = "test.uvl") throws(UVLError) -> FeatureModel {
    try FeatureModel(bytes: Array(text.utf8), file: file)
  }

  /// The error reading `text` gives, or `nil` if it loads.
  static func refusal(_ text: String, file: String = "test.uvl") -> UVLError? {
    refusal(bytes: Array(text.utf8), file: file)
  }

  /// The error reading and compiling `bytes` gives, or `nil` if they load.
  static func refusal(bytes: [UInt8], file: String = "test.uvl") -> UVLError? {
    do {
      _ = try FeatureModel(bytes: bytes, file: file)
      return nil
    } catch {
      return error
    }
  }

  /// Every solution of the model's clauses with all rules in force, projected on the feature
  /// variables: for each feature selection (bit `i` = feature `i` in file order) that extends
  /// to a solution, how many solutions extend it.
  ///
  /// Enumerates feature selections and completes each by unit propagation plus branching on
  /// whatever stays open: a few lines nobody could mistake for the engine's solver.
  static func projectedSolutions(_ model: FeatureModel) -> [Int: Int] {
    precondition(model.features.map(\.variable) == (0..<model.features.count).map(Variable.init))
    return projectedSolutions(model.engine, values: model.features.count)
  }

  /// The same for any engine model whose first `count` variables are the values.
  static func projectedSolutions(_ engine: ConstraintModel, values count: Int) -> [Int: Int] {
    precondition(count <= 16, "the reference enumeration is for small models")
    var fixed = [Int8](repeating: 0, count: engine.variableCount)
    for rule in engine.rules { fixed[Int(rule.selector.index)] = 1 }
    var result: [Int: Int] = [:]
    for mask in 0..<(1 << count) {
      var values = fixed
      for variable in 0..<count { values[variable] = mask & (1 << variable) != 0 ? 1 : -1 }
      let count = countExtensions(values, engine.clauses)
      if count > 0 { result[mask] = count }
    }
    return result
  }

  /// How many full assignments extend a partial one (`values`: 1 true, -1 false, 0 open).
  private static func countExtensions(_ start: [Int8], _ clauses: [[Literal]]) -> Int {
    var values = start
    var changed = true
    while changed {
      changed = false
      for clause in clauses {
        var open: Literal?
        var openCount = 0
        var satisfied = false
        for literal in clause {
          let value = values[Int(literal.variable.index)]
          if value == 0 {
            openCount += 1
            open = literal
          } else if (value == 1) != literal.isNegated {
            satisfied = true
            break
          }
        }
        if satisfied { continue }
        if openCount == 0 { return 0 }
        if openCount == 1, let open {
          values[Int(open.variable.index)] = open.isNegated ? -1 : 1
          changed = true
        }
      }
    }
    guard let branch = values.firstIndex(of: 0) else { return 1 }
    var total = 0
    for value: Int8 in [1, -1] {
      values[branch] = value
      total += countExtensions(values, clauses)
    }
    return total
  }
}
