package import CarFactory

/// `catalog diff OLD NEW [map=FILE]` (SPEC §16): the two files, the models only one of them
/// has, and each model both have compared (a UVL file's one model with the other's).
package struct CatalogDiffResult {
  /// The old file as given.
  package let oldFile: String
  /// The new file as given.
  package let newFile: String
  /// The map file, if one was given, and how many renamings it holds.
  package let map: (file: String, renamings: Int)?
  /// The models only the new file has.
  package let modelsAdded: [ModelID]
  /// The models only the old file has.
  package let modelsRemoved: [ModelID]
  /// Each model both files have, in the new file's order.
  package let models: [ProductLineDiff]
}
