/// The build a working car would record at one step (SPEC §11): its price, its attribute
/// totals and the values it holds. Two of them, before and after a change, tell what the
/// change moved (``ProductConfigurator/moves(from:to:before:step:)``).
public struct RunningBuild: Hashable, Sendable {
  /// The price of the build (zero for a line without prices).
  public let price: Price
  /// Every declared attribute's total, in declaration order.
  public let totals: [BuildTotal]
  /// Whether the build holds each value, indexed like ``ProductLine/values``.
  public let selected: [Bool]

  /// The price and totals alone.
  public var running: RunningTotals { RunningTotals(price: price, totals: totals) }
}

/// One value a working car's change moved into or out of the car (SPEC §14): why, and what
/// it did to the price, so that the differences of all the moves add up to the change of the
/// running price.
///
/// Prices follow SPEC §7's rule that a package's price covers its members: a value that
/// enters or leaves costs or saves its surcharge unless a package the car holds covers it
/// (then nothing); a package that enters takes off the surcharges of the members already in
/// the car that it now covers, and one that leaves adds back those of the members that stay
/// and are paid again (``settles`` names them). Every other value's charge is unchanged, so
/// the differences add up exactly.
public struct CarMove: Hashable, Sendable {
  /// Why a value moved.
  public enum Cause: Hashable, Sendable {
    /// The user's choice: chosen (a value that entered) or ruled out (`-ATOM`, one that
    /// left).
    case chosen
    /// The user's own choice of the value, or ruling it out, taken back (`drop`, `undo`).
    case unchosen
    /// Every build with the choices has it (a value that entered), with its reason.
    case forced(Explanation?)
    /// No build with the choices has it (a value that left), with its reason.
    case excluded(Explanation?)
    /// It came in with a package (a member), or left with one; the package's value index.
    case package(Int)
    /// A default gave way (the value is the default that left, or the value that entered in
    /// its place): the build closest to the defaults cannot keep it, for this reason (SPEC
    /// §7: the fewest values away from default, then the lowest price).
    case gaveWay(Explanation?)
    /// A default came back: nothing needs the value in its place any more.
    case defaultAgain
    /// A value in the place of a default left: the closest build no longer needs it.
    case notNeeded
    /// Taken or left by the completion in file order of a UVL model (SPEC §8).
    case completion
  }

  /// The value, an index into ``ProductLine/values``.
  public let value: Int
  /// Whether it entered the car (else it left).
  public let entered: Bool
  /// Why.
  public let cause: Cause
  /// What it did to the price, in cents (negative: cheaper).
  public let difference: Int64
  /// The values in the car before and after whose surcharge this package's move changed:
  /// members it now covers (their surcharges taken off), or members that stay and are paid
  /// again. Empty for a value that is no package.
  public let settles: [Int]
  /// In a part slot or a `one` group, the value on the other side of the swap: the one that
  /// left for a value that entered, the one that entered for a value that left.
  public let partner: Int?
}
