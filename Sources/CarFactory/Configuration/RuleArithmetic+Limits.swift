internal import ConfigurationEngine

/// How large a rule's comparisons may be: the same limits as a UVL model's
/// (``FeatureModel/maximumLinearTerms``, ``FeatureModel/maximumLinearTermsInAll``), so a
/// catalog's `sum()` over a huge choice list is refused with its rule named, before it is
/// encoded, instead of taking gigabytes (issue 49).
extension RuleArithmetic {
  /// The terms of a formula's comparisons: of the largest one, and of all together.
  ///
  /// - Parameter formula: A compiled rule.
  /// - Returns: The largest comparison's terms, and the total.
  static func termCounts(of formula: Formula) -> (largest: Int, total: Int) {
    var largest = 0
    var total = 0
    func walk(_ formula: Formula) {
      switch formula {
      case .literal, .constant: break
      case .atMost(let sum):
        largest = max(largest, sum.terms.count)
        total += sum.terms.count
      case .not(let inner): walk(inner)
      case .and(let parts), .or(let parts): parts.forEach(walk)
      case .implies(let a, let b), .equivalent(let a, let b):
        walk(a)
        walk(b)
      }
    }
    walk(formula)
    return (largest, total)
  }

  /// Why a rule's comparisons are too large to encode, or `nil` when they are not.
  ///
  /// - Parameters:
  ///   - formula: The rule, compiled.
  ///   - total: The terms of the model's comparisons so far; this rule's are added.
  /// - Returns: The reason, naming the numbers.
  static func sizeRefusal(of formula: Formula, total: inout Int) -> String? {
    let counts = termCounts(of: formula)
    total += counts.total
    if counts.largest > FeatureModel.maximumLinearTerms {
      return "the rule compares a sum of \(counts.largest) values' numbers; at most "
        + "\(FeatureModel.maximumLinearTerms) are encoded"
    }
    if total > FeatureModel.maximumLinearTermsInAll {
      return "the model's comparisons pass \(FeatureModel.maximumLinearTermsInAll) terms in all "
        + "at this rule"
    }
    return nil
  }
}
