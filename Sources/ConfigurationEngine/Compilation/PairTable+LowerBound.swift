/// A lower bound on the size of a pairwise covering set: feasible pairs of which no valid
/// build has two, found greedily.
extension PairTable {
  /// How many literals cliques are grown from, for each kind of clique.
  static let cliqueSeeds = 128

  /// Whether no model has both pairs: some literal of one is infeasible with some literal of
  /// the other (a sufficient condition, read from the table).
  func areIncompatible(_ a: PairwiseCover.Pair, _ b: PairwiseCover.Pair) -> Bool {
    !isFeasible(a.first, b.first) || !isFeasible(a.first, b.second)
      || !isFeasible(a.second, b.first) || !isFeasible(a.second, b.second)
  }

  /// Feasible pairs, pairwise incompatible.
  ///
  /// In the graph joining literals no model has together (a literal and its negation, the
  /// values of one `one` group, …), take two cliques `K1`, `K2`: any two feasible pairs of
  /// `K1 × K2` differ in a literal of `K1` or of `K2`, whose two values no model has, so no
  /// build covers two of them. Cliques are grown greedily from every literal (the neighbour
  /// with most neighbours among the candidates first); each of the largest is taken as `K1`
  /// and a `K2` grown against it, each literal weighed by its feasible partners in `K1`,
  /// then `K1` again against `K2`. The best product is extended by every feasible pair
  /// incompatible with all chosen, within a work limit.
  ///
  /// - Parameters:
  ///   - excluded: Literals left out of the pairs.
  ///   - workLimit: The most pair comparisons the extension makes.
  /// - Returns: The pairs; their number is the bound.
  func incompatiblePairs(
    excluding excluded: PairBits? = nil, workLimit: Int = 200_000_000
  ) -> [PairwiseCover.Pair] {
    let alive = literals.indices.filter {
      isFeasible($0, $0) && !(excluded?.contains($0) ?? false)
    }
    guard alive.count >= 2 else { return [] }
    var isAlive = PairBits(words: words)
    for index in alive { isAlive.insert(index) }
    // Row `i` of the graph: the live literals infeasible with literal `i`.
    var conflicts = [PairBits](repeating: PairBits(words: words), count: literals.count)
    for index in alive {
      for word in 0..<words {
        conflicts[index].words[word] = ~bits[index * words + word] & isAlive.words[word]
      }
    }
    // A clique grown from a seed, each step the candidate of the largest weight (ties: most
    // neighbours among the candidates).
    func growClique(from seed: Int, weight: (Int) -> Int) -> [Int] {
      var clique = [seed]
      var candidates = conflicts[seed]
      while true {
        let elements = candidates.elements
        // The largest weight first (cheap), then the most neighbours among those.
        guard let heaviest = elements.map(weight).max() else { break }
        var next = -1
        var mostNeighbours = -1
        for candidate in elements where weight(candidate) == heaviest {
          let neighbours = candidates.overlap(conflicts[candidate].words, row: 0)
          if neighbours > mostNeighbours {
            next = candidate
            mostNeighbours = neighbours
          }
        }
        clique.append(next)
        candidates.intersect(conflicts[next].words, row: 0)
      }
      return clique.sorted()
    }
    // Growing is the costly part (a step per member, each over the candidates): from the
    // literals with most conflicts only.
    var degree = [Int](repeating: 0, count: literals.count)
    for index in alive { degree[index] = conflicts[index].overlap(conflicts[index].words, row: 0) }
    let byDegree = alive.sorted { degree[$0] > degree[$1] }
    var cliques = Set<[Int]>()
    for seed in byDegree.prefix(Self.cliqueSeeds) {
      cliques.insert(growClique(from: seed) { _ in 0 })
    }
    let largest = cliques.sorted {
      $0.count > $1.count || ($0.count == $1.count && $0.lexicographicallyPrecedes($1))
    }.prefix(4)
    /// The feasible pairs of two cliques.
    func product(_ first: [Int], _ second: [Int]) -> [PairwiseCover.Pair] {
      var pairs = Set<PairwiseCover.Pair>()
      for a in first {
        for b in second where a != b && isFeasible(a, b) {
          pairs.insert(PairwiseCover.Pair(first: min(a, b), second: max(a, b)))
        }
      }
      return pairs.sorted { ($0.first, $0.second) < ($1.first, $1.second) }
    }
    /// The clique best against a given one: every literal weighed by its partners in it.
    func partner(of clique: [Int]) -> [Int] {
      var weights = [Int](repeating: 0, count: literals.count)
      var inClique = PairBits(words: words)
      for member in clique { inClique.insert(member) }
      for index in alive where !inClique.contains(index) {
        weights[index] = inClique.overlap(bits, row: index)
      }
      // Grown from every literal with partners: the largest weight need not be the best
      // start (a negation beside every member weighs as much as a value of another group).
      var best: [Int] = []
      var bestWeight = 0
      // Every start with partners, but not one already in a clique grown (it would mostly
      // grow the same).
      var grownFrom = PairBits(words: words)
      for seed in alive where weights[seed] > 0 && !grownFrom.contains(seed) {
        let grown = growClique(from: seed) { weights[$0] }
        for member in grown { grownFrom.insert(member) }
        let weight = grown.reduce(0) { $0 + weights[$1] }
        if weight > bestWeight {
          best = grown
          bestWeight = weight
        }
      }
      return best
    }
    var best: [PairwiseCover.Pair] = []
    for first in largest {
      let second = partner(of: first)
      let again = partner(of: second)
      for (a, b) in [(first, second), (again, second)] where a.count * b.count > best.count {
        let pairs = product(a, b)
        if pairs.count > best.count { best = pairs }
      }
    }
    var chosen = Set(best)
    var work = 0
    scan: for first in alive {
      for second in alive where second > first && isFeasible(first, second) {
        let pair = PairwiseCover.Pair(first: first, second: second)
        if chosen.contains(pair) { continue }
        var isIncompatible = true
        for other in best {
          work += 1
          if !areIncompatible(other, pair) {
            isIncompatible = false
            break
          }
        }
        if work > workLimit { break scan }
        if isIncompatible {
          best.append(pair)
          chosen.insert(pair)
        }
      }
    }
    return best
  }
}
