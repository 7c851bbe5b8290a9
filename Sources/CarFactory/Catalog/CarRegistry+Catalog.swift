package import Support

extension CarRegistry {
  /// The largest catalog file read, so a wrong file cannot exhaust memory.
  package static let maximumCatalogSize = 16 << 20

  /// Adds the parts and models of a catalog file, or nothing if any of it is invalid.
  ///
  /// - Parameter path: The catalog file (JSON; see "Catalog files" in `Docs/Patterns.md`).
  /// - Throws: ``CatalogError`` naming the file, the JSON path and the bad value.
  public func loadCatalog(contentsOf path: String) throws(CatalogError) {
    try loadCatalog(Self.readCatalog(path), source: path)
  }

  /// The bytes of a catalog file, at most ``maximumCatalogSize``: how a caller that keeps
  /// what it loaded (a store records each catalog's digest) reads the file once.
  ///
  /// - Parameter path: The catalog file.
  /// - Returns: Its bytes, for ``loadCatalog(_:source:)``.
  /// - Throws: ``CatalogError`` naming the file (`cannot read file (no such file)`).
  package static func readCatalog(_ path: String) throws(CatalogError) -> [UInt8] {
    do {
      return try FileInput.readAll(path: path, limit: maximumCatalogSize)
    } catch {
      throw refusal(reading: path, error)
    }
  }

  /// Why a catalog file could not be read, as a catalog's error naming the file.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - error: The failure of reading it (at most ``maximumCatalogSize`` bytes).
  /// - Returns: The error.
  package static func refusal(reading path: String, _ error: FileSystemError) -> CatalogError {
    let reason =
      switch error.code {
      case .noSuchFileOrDirectory?: "no such file"
      case .isDirectory?: "is a directory"
      default: error.reason
      }
    return CatalogError(source: path, path: "", reason: "cannot read file (\(reason))")
  }

  /// Adds the parts and models of a catalog given as JSON bytes, or nothing if any is invalid.
  ///
  /// - Parameters:
  ///   - json: The catalog's JSON text.
  ///   - source: The name used in error messages (usually the file name).
  /// - Returns: The ids of the catalog's models, added or replacing others.
  /// - Throws: ``CatalogError`` naming the source, the JSON path and the bad value.
  @discardableResult
  public func loadCatalog(_ json: [UInt8], source: String) throws(CatalogError) -> [ModelID] {
    let catalog = try CatalogParser(source: source, known: prototypes, models: modelIDs)
      .parse(json)
    try register(catalog)
    return catalog.models.map(\.definition.id)
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
    try loadFeatureModel(UVLReader.bytes(of: path), file: path)
  }

  /// Adds a UVL product-line model read already (``UVLReader/bytes(of:)``).
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - path: The file, which names the model and is named in messages.
  /// - Returns: The new model's id.
  /// - Throws: ``UVLError`` as `FILE:LINE: message`, or when the id is already taken.
  @discardableResult
  package func loadFeatureModel(_ bytes: [UInt8], file path: String) throws(UVLError) -> ModelID {
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
