import Support

extension CarRegistry {
  /// The largest catalog file read, so a wrong file cannot exhaust memory.
  static let maximumCatalogSize = 16 << 20

  /// Adds the parts and models of a catalog file, or nothing if any of it is invalid.
  ///
  /// - Parameter path: The catalog file (JSON; see "Catalog files" in `Docs/Patterns.md`).
  /// - Throws: ``CatalogError`` naming the file, the JSON path and the bad value.
  public func loadCatalog(contentsOf path: String) throws(CatalogError) {
    let bytes: [UInt8]
    do {
      bytes = try FileInput.readAll(path: path, limit: Self.maximumCatalogSize)
    } catch {
      let reason =
        switch error.code {
        case ENOENT: "no such file"
        case EISDIR: "is a directory"
        default: error.reason
        }
      throw CatalogError(source: path, path: "", reason: "cannot read file (\(reason))")
    }
    try loadCatalog(bytes, source: path)
  }

  /// Adds the parts and models of a catalog given as JSON bytes, or nothing if any is invalid.
  ///
  /// - Parameters:
  ///   - json: The catalog's JSON text.
  ///   - source: The name used in error messages (usually the file name).
  /// - Throws: ``CatalogError`` naming the source, the JSON path and the bad value.
  public func loadCatalog(_ json: [UInt8], source: String) throws(CatalogError) {
    let catalog = try CatalogParser(source: source, known: prototypes, models: modelIDs)
      .parse(json)
    try register(catalog)
  }
}

extension CarRegistry {
  /// Adds a UVL product-line model (SPEC §8); its id is the file name without `.uvl`,
  /// lower-cased.
  ///
  /// - Parameter path: The `.uvl` file.
  /// - Returns: The new model's id.
  /// - Throws: ``UVLError`` as `FILE:LINE: message`, or when the id is already taken.
  @discardableResult
  public func loadFeatureModel(contentsOf path: String) throws(UVLError) -> ModelID {
    let bytes = try UVLReader.bytes(of: path)
    let featureModel = try FeatureModel(bytes: bytes, file: path)
    var name = Substring(path.split(separator: "/").last ?? Substring(path))
    if name.lowercased().hasSuffix(".uvl") { name = name.dropLast(4) }
    let id = ModelID(name.lowercased())
    do {
      try register(
        featureModel: ProductLine(
          featureModel: featureModel, model: id, digest: ProductLine.digest(of: bytes)))
    } catch {
      throw UVLError(
        file: path, line: nil, kind: .invalid,
        message: "model '\(id)' already exists (a model of that name is already loaded)")
    }
    return id
  }
}
