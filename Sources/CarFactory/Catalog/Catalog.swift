/// A parsed and validated catalog file: new parts and models, ready to register.
struct Catalog: Sendable {
  struct Model: Sendable {
    let definition: ModelDefinition
    let replace: Bool
  }

  let source: String
  var floorplans: [FloorplanPart] = []
  var suspensions: [SuspensionPart] = []
  var drivetrains: [DrivetrainPart] = []
  var models: [Model] = []

  /// The version of the catalog format this library reads.
  static let formatVersion = 1
}
