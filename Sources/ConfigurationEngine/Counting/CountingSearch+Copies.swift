/// Copies of one structure among the root's components, counted once.
///
/// A product line repeats itself: Automotive02 holds 91 copies of one 66-way alternative
/// group with its encoding helpers, each a root component of its own that the search counts
/// in about 100 decisions (two thirds of the whole search). Components that are the same
/// clauses over other variables have the same count, so one of them is counted and its count
/// raised to the number of copies.
///
/// Two components are taken for copies only when the map from the first's variables to the
/// second's, in increasing order, turns the first's clauses (as the assignment leaves them)
/// exactly into the second's and keeps which variables are independent: their canonical
/// words (``copyKey(of:localIndex:clauseSeen:)``) are compared in full, not by hash. Copies
/// numbered in another order are not found, and cost only their key.
extension CountingSearch {
  /// Merges the root's pending components that are copies of an earlier one into it (its
  /// ``PendingComponent/copies`` counted up), and lays the pools out again for the rest.
  ///
  /// Only for a count: a compilation's circuit needs each component's own node. Components
  /// with a linear constraint are left alone (the key does not speak of sums).
  mutating func mergeRootCopies() {
    guard trace == nil, components.count > 1, levels.count == 1 else { return }
    var localIndex = [Int32](repeating: -1, count: formula.variableCount)
    var clauseSeen = [Int32](repeating: -1, count: formula.longClauseCount)
    var first: [[UInt32]: Int] = [:]
    var kept: [PendingComponent] = []
    kept.reserveCapacity(components.count)
    for (index, component) in components.enumerated() {
      guard component.linear.isEmpty,
        let key = copyKey(of: index, localIndex: &localIndex, clauseSeen: &clauseSeen)
      else {
        kept.append(component)
        continue
      }
      if let earlier = first[key] {
        kept[earlier].copies += 1
      } else {
        first[key] = kept.count
        kept.append(component)
      }
    }
    guard kept.count < components.count else { return }
    statistics.copiesMerged += components.count - kept.count
    // The root's own variables stay first; each kept component's runs follow in order, so
    // the last one's runs end the pools, as ``finish(_:)`` expects.
    let root = levels[0]
    var variables = Array(variablePool[..<root.variablePoolMark])
    var clauses = Array(clausePool[..<root.clausePoolMark])
    var linear = Array(linearPool[..<root.linearPoolMark])
    for index in kept.indices {
      let component = kept[index]
      let variableStart = variables.count
      variables.append(contentsOf: variablePool[component.variables])
      let clauseStart = clauses.count
      clauses.append(contentsOf: clausePool[component.clauses])
      let linearStart = linear.count
      linear.append(contentsOf: linearPool[component.linear])
      kept[index].variables = variableStart..<variables.count
      kept[index].clauses = clauseStart..<clauses.count
      kept[index].linear = linearStart..<linear.count
    }
    variablePool = variables
    clausePool = clauses
    linearPool = linear
    components = kept
  }

  /// A pending component's clauses, as the assignment leaves them, over its variables
  /// numbered 0, 1, … in increasing order: the variable count, each variable's independence,
  /// per literal its implied literals (sorted), then the long clauses not yet satisfied
  /// (their unassigned literals, sorted; the clauses sorted). `nil` when a clause reaches
  /// outside the component (it cannot at the root, which is closed under propagation).
  ///
  /// - Parameters:
  ///   - index: The component, in `components`.
  ///   - localIndex: Per variable -1; left so.
  ///   - clauseSeen: Per long clause, the last component that met it.
  /// - Returns: The key words, or `nil`.
  func copyKey(of index: Int, localIndex: inout [Int32], clauseSeen: inout [Int32]) -> [UInt32]? {
    let variables = variablePool[components[index].variables]
    for (position, variable) in variables.enumerated() {
      localIndex[Int(variable)] = Int32(truncatingIfNeeded: position)
    }
    defer { for variable in variables { localIndex[Int(variable)] = -1 } }
    func local(_ literal: UInt32) -> UInt32? {
      let position = localIndex[Int(literal >> 1)]
      return position < 0 ? nil : UInt32(truncatingIfNeeded: position) << 1 | literal & 1
    }
    var key: [UInt32] = [UInt32(truncatingIfNeeded: variables.count)]
    for variable in variables { key.append(isIndependent[Int(variable)] ? 1 : 0) }
    var implied: [UInt32] = []
    var long: [[UInt32]] = []
    let mark = Int32(truncatingIfNeeded: index)
    for variable in variables {
      for code in 2 * Int(variable)...2 * Int(variable) + 1 {
        implied.removeAll(keepingCapacity: true)
        for position in formula.impliedStart[code]..<formula.impliedStart[code + 1] {
          let literal = formula.implied[position]
          guard values[Int(literal)] == 0 else { continue }
          guard let relabeled = local(literal) else { return nil }
          implied.append(relabeled)
        }
        implied.sort()
        key.append(UInt32(truncatingIfNeeded: implied.count))
        key.append(contentsOf: implied)
      }
      let at = Int(variable)
      for position in formula.occurrenceStart[at]..<formula.occurrenceStart[at + 1] {
        let clause = Int(formula.occurrences[position])
        guard clauseSeen[clause] != mark else { continue }
        clauseSeen[clause] = mark
        let literals = formula.longLiterals[
          formula.longStart[clause]..<formula.longStart[clause + 1]]
        if literals.contains(where: { values[Int($0)] == 1 }) { continue }
        var relabeled: [UInt32] = []
        for literal in literals where values[Int(literal)] == 0 {
          guard let code = local(literal) else { return nil }
          relabeled.append(code)
        }
        relabeled.sort()
        long.append(relabeled)
      }
    }
    long.sort { $0.lexicographicallyPrecedes($1) }
    key.append(UInt32(truncatingIfNeeded: long.count))
    for clause in long {
      key.append(UInt32(truncatingIfNeeded: clause.count))
      key.append(contentsOf: clause)
    }
    return key
  }
}
