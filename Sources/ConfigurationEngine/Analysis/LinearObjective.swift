/// A linear objective over literals (each literal's weight when true, negative allowed) as
/// the optimiser (`minimise`) takes it: positive weights, heaviest first, one per variable, and
/// a constant (a weight `w < 0` on `l` is `−w` on `¬l` and `w` added to every total).
struct LinearObjective {
  /// The positive weights, heaviest first (ties by literal, so the search is reproducible).
  let items: [(literal: Literal, weight: Int64)]
  /// What every total has besides the items': the negative weights' sum.
  let offset: Int64

  /// Rewrites the weights: one item per variable (`p·x + n·¬x` is `n + (p − n)·x`), each
  /// positive.
  ///
  /// - Throws: ``AnalysisError/costOverflow`` when the weights' magnitudes add up past 2⁶¹
  ///   (what the solver's bound on the total holds; then every partial sum of the items fits,
  ///   and so does every total).
  init(_ weights: [Literal: Int64]) throws(AnalysisError) {
    var total: Int64 = 0
    var byVariable: [Variable: Int64] = [:]
    var offset: Int64 = 0
    for (literal, weight) in weights where weight != 0 {
      guard weight != Int64.min, abs(weight) <= Self.limit - total else { throw .costOverflow }
      total += abs(weight)
      // Within the limit, no sum below can overflow.
      if !literal.isNegated {
        byVariable[literal.variable, default: 0] += weight
      } else {
        byVariable[literal.variable, default: 0] -= weight
        offset += weight
      }
    }
    var items: [(literal: Literal, weight: Int64)] = []
    for (variable, weight) in byVariable where weight != 0 {
      if weight > 0 {
        items.append((variable.positive, weight))
      } else {
        items.append((variable.negative, -weight))
        offset += weight
      }
    }
    items.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.literal < $1.literal }
    self.items = items
    self.offset = offset
  }

  /// The most the weights' magnitudes may add up to.
  static let limit: Int64 = 1 << 61

  /// The items' total in a model (the objective's value less ``offset``).
  func weight(of assignment: Assignment) -> Int64 {
    var sum: Int64 = 0
    for item in items where assignment[item.literal] { sum += item.weight }
    return sum
  }

  /// The objective's value in a model.
  func value(of assignment: Assignment) -> Int64 { offset + weight(of: assignment) }
}
