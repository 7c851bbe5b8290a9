/// Where a floorplan puts the engine.
public enum EnginePosition: String, CaseIterable, Hashable, Sendable {
  /// Engine ahead of the cabin.
  case front
  /// Engine between the axles, behind the seats.
  case mid
  /// Engine behind the rear axle.
  case rear

  /// The name shown in a detail block (`Front`, `Mid`, `Rear`).
  public var displayName: String {
    switch self {
    case .front: "Front"
    case .mid: "Mid"
    case .rear: "Rear"
    }
  }
}
