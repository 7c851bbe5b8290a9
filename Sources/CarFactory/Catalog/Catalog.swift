/// A parsed and validated catalog file: new parts and models, ready to register.
struct Catalog: Sendable {
  struct Model: Sendable {
    let definition: ModelDefinition
    /// The model's parts, found among the known parts and the catalog's own.
    let family: PartFamily
    let replace: Bool
  }

  let source: String
  var floorplans: [FloorplanPart] = []
  var suspensions: [SuspensionPart] = []
  var drivetrains: [DrivetrainPart] = []
  var models: [Model] = []
}
