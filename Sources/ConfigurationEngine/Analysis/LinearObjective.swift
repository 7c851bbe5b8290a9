/// A linear objective over literals (each literal's weight when true, negative allowed) as
/// the branch and bound takes it: positive weights, heaviest first, and a constant (a weight
/// `w < 0` on `l` is `−w` on `¬l` and `w` added to every total).
struct LinearObjective {
  /// The positive weights, heaviest first (ties by literal, so the search is reproducible).
  let items: [(literal: Literal, weight: Int64)]
  /// What every total has besides the items': the negative weights' sum.
  let offset: Int64

  /// Rewrites the weights.
  ///
  /// - Throws: ``AnalysisError/costOverflow`` when the weights' magnitudes add up past
  ///   `Int64.max` (then every partial sum of the items fits, and so does every total).
  init(_ weights: [Literal: Int64]) throws(AnalysisError) {
    var offset: Int64 = 0
    var total: Int64 = 0
    var items: [(literal: Literal, weight: Int64)] = []
    for (literal, weight) in weights.sorted(by: { $0.key < $1.key }) where weight != 0 {
      guard weight != Int64.min else { throw .costOverflow }
      let (sum, overflow) = total.addingReportingOverflow(abs(weight))
      guard !overflow else { throw .costOverflow }
      total = sum
      if weight > 0 {
        items.append((literal, weight))
      } else {
        items.append((!literal, -weight))
        offset += weight  // cannot overflow: |offset| ≤ total
      }
    }
    items.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.literal < $1.literal }
    self.items = items
    self.offset = offset
  }

  /// The items' total in a model (the objective's value less ``offset``).
  func weight(of assignment: Assignment) -> Int64 {
    var sum: Int64 = 0
    for item in items where assignment[item.literal] { sum += item.weight }
    return sum
  }

  /// The objective's value in a model.
  func value(of assignment: Assignment) -> Int64 { offset + weight(of: assignment) }
}
