/// The three slots of a car's part family; each slot is one option name users can set.
public enum PartSlot: String, CaseIterable, Hashable, Comparable, Sendable {
  /// The floorplan: seats and engine position (`floorplan=short|standard|long`).
  case floorplan
  /// The suspension (`suspension=standard|firm|soft`).
  case suspension
  /// The drivetrain (`drive=front|rear|4wd`).
  case drive

  /// Orders slots as they appear in a detail block: floorplan, suspension, drive.
  public static func < (lhs: PartSlot, rhs: PartSlot) -> Bool {
    lhs.order < rhs.order
  }

  private var order: Int {
    switch self {
    case .floorplan: 0
    case .suspension: 1
    case .drive: 2
    }
  }
}

extension PartSlot: CustomStringConvertible {
  /// The option name users type.
  public var description: String { rawValue }
}
