/// A part of a car's family: something a factory makes by cloning a prototype.
///
/// Callers only ever see parts through this protocol and its refinements; the concrete part
/// types are internal to the library.
public protocol CarPart: Sendable {
  /// The name shown in a detail block (`Firm`, `4WD`, `Short`).
  var name: String { get }

  /// The identifier users type to choose this part: its name in lower case.
  var id: PartID { get }

  /// Returns an independent copy of this part: changing the copy never changes the original.
  func clone() -> Self
}

extension CarPart {
  /// The identifier users type to choose this part: its name in lower case.
  public var id: PartID { PartID(name.lowercased()) }
}

/// The floorplan of a car: how many seats and where the engine sits.
public protocol Floorplan: CarPart {
  /// The number of seats.
  var seats: Int { get }

  /// Where the engine sits.
  var enginePosition: EnginePosition { get }
}

/// The suspension of a car (`Standard`, `Firm`, `Soft`).
public protocol Suspension: CarPart {}

/// The drivetrain of a car: which wheels are driven (`Front`, `Rear`, `4WD`).
public protocol Drivetrain: CarPart {}
