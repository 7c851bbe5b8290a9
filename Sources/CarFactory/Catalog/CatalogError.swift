import Support

/// Why a catalog file was refused. Catalogs are refused whole: nothing of a refused file is
/// registered.
public struct CatalogError: Error, Hashable, Sendable {
  /// The file (or other source) the catalog came from.
  public let source: String
  /// Where in the JSON the problem is (`models[2].drive`), or empty for the file as a whole.
  public let path: String
  /// What is wrong, naming the bad value.
  public let reason: String

  /// Creates a catalog error.
  ///
  /// - Parameters:
  ///   - source: The file the catalog came from.
  ///   - path: Where in the JSON the problem is; empty for the whole file.
  ///   - reason: What is wrong.
  public init(source: String, path: String, reason: String) {
    self.source = source
    self.path = path
    self.reason = reason
  }
}

extension CatalogError: CustomStringConvertible {
  /// The one-line message users see: `dealer.json: models[2].drive: unknown part 'hover'`.
  ///
  /// Control characters in quoted values are escaped (`\n`), so it stays one line.
  public var description: String { unescapedDescription.escapingControlCharacters }

  private var unescapedDescription: String {
    path.isEmpty ? "\(source): \(reason)" : "\(source): \(path): \(reason)"
  }
}
