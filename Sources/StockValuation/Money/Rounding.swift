/// How a result that falls between two minor units is rounded. Rounding happens once, at the end.
///
/// Both rules round to the nearest minor unit and differ only on exact ties (a remainder of
/// exactly half a minor unit). They act on the magnitude, so they are symmetric around zero.
/// The raw values are the command-line spellings (`half-even`, `half-up`).
public enum Rounding: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Ties go to the even neighbour (banker's rounding): 0.125 → 0.12, 0.135 → 0.14. The default.
  case halfEven = "half-even"
  /// Ties go away from zero: 0.125 → 0.13, -0.125 → -0.13.
  case halfUp = "half-up"

  /// The command-line spelling of the rule.
  public var description: String { rawValue }

  /// Whether the magnitude `quotient + remainder / divisor` rounds up to `quotient + 1`.
  ///
  /// Requires `remainder < divisor`.
  @inline(__always)
  func roundsUp(quotient: UInt128, remainder: UInt128, divisor: UInt128) -> Bool {
    let other = divisor - remainder
    return roundsUp(
      quotientIsOdd: quotient & 1 == 1, aboveHalf: remainder > other, atHalf: remainder == other)
  }

  /// Whether a magnitude with a nonzero remainder rounds up, given where the remainder lies
  /// against half the divisor (for divisions too wide for ``roundsUp(quotient:remainder:divisor:)``).
  @inline(__always)
  func roundsUp(quotientIsOdd: Bool, aboveHalf: Bool, atHalf: Bool) -> Bool {
    switch self {
    case .halfEven: aboveHalf || (atHalf && quotientIsOdd)
    case .halfUp: aboveHalf || atHalf
    }
  }
}
