/// The decision order of sharpSAT-TD: variables near the root of a tree decomposition of the
/// formula's primal graph first, so that each decision tends to cut a component in two.
///
/// The graph decomposed has a node per variable and one per clause of three or more literals
/// (the incidence graph; a binary clause is an edge between its variables), so that a long
/// clause costs as many edges as it has literals rather than a clique. The decomposition comes
/// from a min-degree elimination order: each node eliminated joins its remaining neighbours
/// into a clique; its bag is itself and those neighbours, the bag's parent that of the
/// neighbour eliminated next. The tree is rooted again at its centroid, the node whose removal
/// leaves no part with more than half the nodes, and a variable's rank is the depth of the
/// highest bag that holds it: the separators at the top rank first.
///
/// Elimination costs the square of the degree. A node whose degree passes a cap is no longer
/// eliminated nor kept up to date (a frequent variable would otherwise be rewritten at each of
/// its neighbours' eliminations); past the cap or a work limit (a wide decomposition, where
/// the order matters less than its cost) the variables left are ranked at the top, densest
/// first.
enum DecompositionOrder {
  /// The largest degree eliminated with fill edges.
  static let degreeCap = 256

  /// Each variable's rank: smaller ranks are decided first.
  ///
  /// - Parameters:
  ///   - formula: The formula.
  ///   - workLimit: The most adjacency entries merged before the remaining variables are
  ///     ranked by degree alone.
  /// - Returns: The rank of each variable.
  static func ranks(of formula: CountingFormula, workLimit: Int = 2_000_000) -> [Int32] {
    let variableCount = formula.variableCount
    var adjacency = incidenceGraph(formula)
    let count = adjacency.count
    // Min-degree order with a bucket queue; stale entries are skipped when popped.
    var isEliminated = [Bool](repeating: false, count: count)
    var position = [Int32](repeating: -1, count: count)
    var order: [Int32] = []
    order.reserveCapacity(count)
    var bags: [[Int32]] = Array(repeating: [], count: count)
    var buckets: [[Int32]] = [[]]
    func push(_ node: Int, _ degree: Int) {
      while buckets.count <= degree { buckets.append([]) }
      buckets[degree].append(Int32(truncatingIfNeeded: node))
    }
    for node in 0..<count { push(node, adjacency[node].count) }
    var scratch: [Int32] = []
    var work = 0
    var lowest = 0
    while order.count < count {
      while lowest < buckets.count, buckets[lowest].isEmpty { lowest += 1 }
      guard lowest < buckets.count, let candidate = buckets[lowest].popLast() else { break }
      let node = Int(candidate)
      if isEliminated[node] || adjacency[node].count != lowest { continue }
      if lowest > degreeCap || work > workLimit { break }
      isEliminated[node] = true
      position[node] = Int32(truncatingIfNeeded: order.count)
      order.append(candidate)
      let neighbours = adjacency[node]
      bags[node] = neighbours
      adjacency[node] = []
      for neighbour in neighbours {
        let index = Int(neighbour)
        // A node past the cap stays at the top, its list no longer kept.
        if adjacency[index].count > degreeCap { continue }
        work += adjacency[index].count + neighbours.count
        merge(adjacency[index], neighbours, removing: candidate, owner: neighbour, into: &scratch)
        // The merged list replaces the old one, whose storage serves the next merge.
        swap(&adjacency[index], &scratch)
        let degree = adjacency[index].count
        push(index, degree)
        if degree < lowest { lowest = degree }
      }
    }
    // What is left, densest first, ranks at the top.
    var top = (0..<variableCount).filter { !isEliminated[$0] }
    top.sort { adjacency[$0].count > adjacency[$1].count }
    var rank = [Int32](repeating: Int32.max, count: variableCount)
    for (index, variable) in top.enumerated() { rank[variable] = Int32(truncatingIfNeeded: index) }
    // The elimination forest: a bag's parent is its neighbour eliminated first.
    var parent = [Int32](repeating: -1, count: count)
    for node in order.map(Int.init) {
      var best: Int32 = -1
      for neighbour in bags[node] where isEliminated[Int(neighbour)] {
        if best < 0 || position[Int(neighbour)] < position[Int(best)] { best = neighbour }
      }
      parent[node] = best
    }
    let depth = centroidDepths(parent: parent, order: order, count: count)
    // A variable's rank: the depth of its highest bag, below the top.
    let offset = Int32(truncatingIfNeeded: top.count)
    for node in order.map(Int.init) {
      let bagRank = offset + depth[node]
      if node < variableCount { rank[node] = min(rank[node], bagRank) }
      for neighbour in bags[node] where Int(neighbour) < variableCount {
        rank[Int(neighbour)] = min(rank[Int(neighbour)], bagRank)
      }
    }
    return rank
  }

  /// The incidence graph: variables `0 ..< n`, then one node per long clause and one per
  /// linear constraint; a binary clause joins its two variables, a long clause's or a
  /// constraint's node joins its variables. Sorted neighbour lists.
  private static func incidenceGraph(_ formula: CountingFormula) -> [[Int32]] {
    let variableCount = formula.variableCount
    let linear = formula.linear
    var adjacency = [[Int32]](
      repeating: [], count: variableCount + formula.longClauseCount + linear.count)
    for literal in 0..<2 * variableCount {
      for index in formula.impliedStart[literal]..<formula.impliedStart[literal + 1] {
        adjacency[literal >> 1].append(Int32(truncatingIfNeeded: formula.implied[index] >> 1))
      }
    }
    for clause in 0..<formula.longClauseCount {
      let node = Int32(truncatingIfNeeded: variableCount + clause)
      for position in formula.longStart[clause]..<formula.longStart[clause + 1] {
        let variable = Int(formula.longLiterals[position] >> 1)
        adjacency[variable].append(node)
        adjacency[Int(node)].append(Int32(truncatingIfNeeded: variable))
      }
    }
    // A linear constraint is one more node, like a long clause.
    for constraint in 0..<linear.count {
      let node = Int32(truncatingIfNeeded: variableCount + formula.longClauseCount + constraint)
      for position in linear.terms(constraint) {
        let variable = Int(linear.literals[position] >> 1)
        adjacency[variable].append(node)
        adjacency[Int(node)].append(Int32(truncatingIfNeeded: variable))
      }
    }
    for node in adjacency.indices {
      adjacency[node].sort()
      var kept = 0
      for neighbour in adjacency[node]
      where neighbour != node && (kept == 0 || adjacency[node][kept - 1] != neighbour) {
        adjacency[node][kept] = neighbour
        kept += 1
      }
      adjacency[node].removeSubrange(kept...)
    }
    return adjacency
  }

  /// Writes the sorted union of two sorted lists, without `removing` and `owner`, into
  /// `merged`.
  private static func merge(
    _ first: [Int32], _ second: [Int32], removing: Int32, owner: Int32,
    into merged: inout [Int32]
  ) {
    merged.removeAll(keepingCapacity: true)
    var i = 0
    var j = 0
    while i < first.count || j < second.count {
      let next: Int32
      if j == second.count || (i < first.count && first[i] < second[j]) {
        next = first[i]
        i += 1
      } else if i == first.count || second[j] < first[i] {
        next = second[j]
        j += 1
      } else {
        next = first[i]
        i += 1
        j += 1
      }
      if next != removing && next != owner { merged.append(next) }
    }
  }

  /// Each node's depth in its tree of the forest rooted again at the tree's centroid.
  private static func centroidDepths(parent: [Int32], order: [Int32], count: Int) -> [Int32] {
    // Children lists, and subtree sizes bottom-up (the elimination order is bottom-up).
    var childCount = [Int32](repeating: 0, count: count)
    for vertex in order where parent[Int(vertex)] >= 0 { childCount[Int(parent[Int(vertex)])] += 1 }
    var childStart = [Int](repeating: 0, count: count + 1)
    for vertex in 0..<count {
      childStart[vertex + 1] = childStart[vertex] + Int(childCount[vertex])
    }
    var children = [Int32](repeating: 0, count: childStart[count])
    var fill = childStart
    for vertex in order where parent[Int(vertex)] >= 0 {
      let up = Int(parent[Int(vertex)])
      children[fill[up]] = vertex
      fill[up] += 1
    }
    var size = [Int32](repeating: 0, count: count)
    for vertex in order {
      size[Int(vertex)] += 1
      if parent[Int(vertex)] >= 0 { size[Int(parent[Int(vertex)])] += size[Int(vertex)] }
    }
    var depth = [Int32](repeating: -1, count: count)
    var queue: [Int32] = []
    for root in order where parent[Int(root)] < 0 {
      // Walk down towards the heavy child while it holds more than half of the tree.
      let total = size[Int(root)]
      var centroid = Int(root)
      while true {
        var heavy = -1
        for index in childStart[centroid]..<childStart[centroid + 1]
        where 2 * size[Int(children[index])] > total {
          heavy = Int(children[index])
        }
        if heavy < 0 { break }
        centroid = heavy
      }
      // Breadth-first from the centroid over the tree's edges, both directions.
      depth[centroid] = 0
      queue.removeAll(keepingCapacity: true)
      queue.append(Int32(truncatingIfNeeded: centroid))
      var head = 0
      while head < queue.count {
        let vertex = Int(queue[head])
        head += 1
        let up = Int(parent[vertex])
        if up >= 0, depth[up] < 0 {
          depth[up] = depth[vertex] + 1
          queue.append(Int32(truncatingIfNeeded: up))
        }
        for index in childStart[vertex]..<childStart[vertex + 1] {
          let child = Int(children[index])
          if depth[child] < 0 {
            depth[child] = depth[vertex] + 1
            queue.append(children[index])
          }
        }
      }
    }
    return depth
  }
}
