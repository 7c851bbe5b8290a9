import Foundation

extension CarRegistry {
  /// The largest catalog file read, so a wrong file cannot exhaust memory.
  static let maximumCatalogSize = 16 << 20

  /// Adds the parts and models of a catalog file, or nothing if any of it is invalid.
  ///
  /// - Parameter path: The catalog file (JSON; see "Catalog files" in `Docs/Patterns.md`).
  /// - Throws: ``CatalogError`` naming the file, the JSON path and the bad value.
  public func loadCatalog(contentsOf path: String) throws(CatalogError) {
    let data: Data
    do {
      let url = URL(fileURLWithPath: path)
      let values = try url.resourceValues(forKeys: [.fileSizeKey, .isDirectoryKey])
      guard values.isDirectory != true else {
        throw CatalogError(source: path, path: "", reason: "cannot read file (is a directory)")
      }
      let size = values.fileSize ?? 0
      guard size <= Self.maximumCatalogSize else {
        throw CatalogError(
          source: path, path: "", reason: "file is larger than 16 MiB (\(size) bytes)")
      }
      data = try Data(contentsOf: url)
    } catch let error as CatalogError {
      throw error
    } catch {
      throw CatalogError(source: path, path: "", reason: "cannot read file (\(Self.reason(error)))")
    }
    try loadCatalog(json: data, source: path)
  }

  /// Adds the parts and models of a catalog given as JSON bytes, or nothing if any is invalid.
  ///
  /// - Parameters:
  ///   - json: The catalog's JSON text.
  ///   - source: The name used in error messages (usually the file name).
  /// - Throws: ``CatalogError`` naming the source, the JSON path and the bad value.
  public func loadCatalog(_ json: [UInt8], source: String) throws(CatalogError) {
    try loadCatalog(json: Data(json), source: source)
  }

  private func loadCatalog(json: Data, source: String) throws(CatalogError) {
    let catalog = try CatalogParser(source: source, known: prototypes, models: modelIDs)
      .parse(json)
    try register(catalog)
  }

  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain,
      let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return String(cString: strerror(code.rawValue))
    }
    if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
      return "no such file"
    }
    return nsError.localizedDescription
  }
}
