/// A part identifier per slot; `nil` means "the model's default".
///
/// A fixed three-field value rather than a dictionary, so building a car allocates nothing.
public struct PartChoices: Hashable, Sendable {
  /// The chosen floorplan, if any.
  public var floorplan: PartID?
  /// The chosen suspension, if any.
  public var suspension: PartID?
  /// The chosen drivetrain, if any.
  public var drive: PartID?

  /// Creates a set of choices.
  ///
  /// - Parameters:
  ///   - floorplan: The chosen floorplan, or `nil` for the default.
  ///   - suspension: The chosen suspension, or `nil` for the default.
  ///   - drive: The chosen drivetrain, or `nil` for the default.
  public init(floorplan: PartID? = nil, suspension: PartID? = nil, drive: PartID? = nil) {
    self.floorplan = floorplan
    self.suspension = suspension
    self.drive = drive
  }

  /// No choices: every slot takes the model's default.
  public static let none = PartChoices()

  /// The choice for a slot.
  public subscript(slot: PartSlot) -> PartID? {
    get {
      switch slot {
      case .floorplan: floorplan
      case .suspension: suspension
      case .drive: drive
      }
    }
    set {
      switch slot {
      case .floorplan: floorplan = newValue
      case .suspension: suspension = newValue
      case .drive: drive = newValue
      }
    }
  }

  /// Whether no slot has a choice.
  public var isEmpty: Bool { floorplan == nil && suspension == nil && drive == nil }
}
