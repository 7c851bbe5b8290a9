/// The library's floorplan: a small value, so a clone is a copy.
///
/// Kept within three words so that an `any Floorplan` holding it needs no heap box.
struct FloorplanPart: Floorplan, Hashable {
  var name: String
  private let storedSeats: Int16
  var enginePosition: EnginePosition

  /// - Precondition: `seats` fits in `Int16`; catalogs check this before building parts.
  init(name: String, seats: Int, enginePosition: EnginePosition) {
    precondition(seats >= 0 && seats <= Int(Int16.max), "seats validated by the caller")
    self.name = name
    self.storedSeats = Int16(seats)
    self.enginePosition = enginePosition
  }

  var seats: Int { Int(storedSeats) }

  func clone() -> FloorplanPart { self }
}
