package import CarFactory

/// `catalog diff OLD NEW [map=FILE]` (SPEC §16): two versions of a catalog (or of a UVL
/// model) read as `catalog load` reads them, with its limits, into registries of their own,
/// so the session's models are untouched; then each model both have compared.
extension Interpreter {
  func diffCatalogs(_ oldPath: String, _ newPath: String, map: String?) throws(CommandError)
    -> CommandResult
  {
    let isFeatureModel = Self.isFeatureModel(oldPath)
    guard isFeatureModel == Self.isFeatureModel(newPath) else {
      throw .invalid(command: "catalog", .diffOfKinds(old: oldPath, new: newPath))
    }
    let old = try version(oldPath)
    let new = try version(newPath)
    var renaming = RenamingMap.empty
    if let map {
      let bytes: [UInt8]
      do {
        bytes = try environment.readFile(map, limit: CarRegistry.maximumCatalogSize)
      } catch {
        throw .file(command: "catalog", .system(error))
      }
      let atoms = Set(old.flatMap { $0.values.map { $0.atom.lowercased() } })
      renaming = try RenamingMap(bytes, file: map, known: atoms.contains)
    }
    var diffs: [ProductLineDiff] = []
    var added: [ModelID] = []
    var removed: [ModelID] = []
    if isFeatureModel {
      // A UVL file holds one model, named after its file: the two are the same model.
      if let oldLine = old.first, let newLine = new.first {
        diffs.append(ProductLine.diff(oldLine, newLine, renaming: renaming.newByOld))
      }
    } else {
      let oldByID = Dictionary(old.map { ($0.model, $0) }, uniquingKeysWith: { first, _ in first })
      let newIDs = Set(new.map(\.model))
      for line in new {
        guard let partner = oldByID[line.model] else {
          added.append(line.model)
          continue
        }
        diffs.append(ProductLine.diff(partner, line, renaming: renaming.newByOld))
      }
      removed = old.map(\.model).filter { !newIDs.contains($0) }
    }
    return .catalogDiff(
      CatalogDiffResult(
        oldFile: oldPath, newFile: newPath,
        map: map.map { ($0, renaming.newByOld.count) }, modelsAdded: added,
        modelsRemoved: removed, models: diffs))
  }

  private static func isFeatureModel(_ path: String) -> Bool {
    path.lowercased().hasSuffix(".uvl")
  }

  /// A file's models, read into a registry of their own with `catalog load`'s limits.
  private func version(_ path: String) throws(CommandError) -> [ProductLine] {
    let registry = CarRegistry(includingBuiltIns: false)
    let isFeatureModel = Self.isFeatureModel(path)
    let bytes: [UInt8]
    do {
      bytes = try environment.readFile(
        path,
        limit: isFeatureModel ? UVLReader.maximumFileSize : CarRegistry.maximumCatalogSize)
    } catch {
      throw .failed(
        command: "catalog",
        isFeatureModel
          ? UVLReader.refusal(reading: path, error)
          : CarRegistry.refusal(reading: path, error))
    }
    var lines: [ProductLine] = []
    do {
      if isFeatureModel {
        try registry.loadFeatureModel(bytes, file: path)
      } else {
        try registry.loadCatalog(bytes, source: path)
      }
      for model in registry.modelIDs { lines.append(try registry.productLine(for: model)) }
    } catch {
      throw .failed(command: "catalog", error)
    }
    return lines
  }
}
