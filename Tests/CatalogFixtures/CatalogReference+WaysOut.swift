package import CarFactory

extension CatalogReference {
  /// One way out of a conflict: the choices to drop and the price of the build `build`
  /// would then make.
  package struct WayOut: Equatable, CustomStringConvertible {
    package let drop: [Choice]
    package let cents: Int64?

    package init(drop: [Choice], cents: Int64?) {
      self.drop = drop
      self.cents = cents
    }

    package var description: String {
      "drop \(drop.map(\.value)) → \(cents.map(String.init) ?? "?")"
    }
  }

  /// The ways out of conflicting choices as the User Guide promises them, by brute force:
  /// every set of `droppable` choices whose removal leaves a valid build with the rest (and
  /// every choice of `kept`), and no part of which would do; fewest dropped first, then the
  /// cheapest closest build, then in the order of the choices; the first `limit`.
  ///
  /// - Parameters:
  ///   - droppable: The choices a way out may drop, in the user's order.
  ///   - kept: Choices every way out keeps.
  ///   - limit: How many to return.
  /// - Returns: The ways out.
  package func waysOut(dropping droppable: [Choice], keeping kept: [Choice], limit: Int)
    -> [WayOut]
  {
    var works: [[Int]] = []
    for mask in 0..<(1 << droppable.count) {
      let dropped = droppable.indices.filter { mask & (1 << $0) != 0 }
      let rest = droppable.indices.filter { mask & (1 << $0) == 0 }.map { droppable[$0] }
      if !builds(with: rest + kept).isEmpty { works.append(dropped) }
    }
    let minimal = works.filter { set in
      !works.contains { other in other.count < set.count && Set(other).isSubset(of: set) }
    }
    let ways = minimal.map { set -> (positions: [Int], way: WayOut) in
      let rest = droppable.indices.filter { !set.contains($0) }.map { droppable[$0] }
      let cents = closest(with: rest + kept)?.cents
      return (set, WayOut(drop: set.map { droppable[$0] }, cents: cents))
    }
    return ways.sorted { a, b in
      if a.positions.count != b.positions.count { return a.positions.count < b.positions.count }
      if a.way.cents != b.way.cents { return (a.way.cents ?? .max) < (b.way.cents ?? .max) }
      return a.positions.lexicographicallyPrecedes(b.positions)
    }.prefix(limit).map(\.way)
  }
}
