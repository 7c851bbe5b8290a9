import Support

/// Why a model could not be registered.
public enum RegistryError: Error, Hashable, Sendable {
  /// A model of this identifier exists and replacement was not asked for.
  case duplicateModel(ModelID)
}

extension RegistryError: CustomStringConvertible {
  /// The one-line message users see.
  ///
  /// Control characters in quoted values are escaped (`\n`), so it stays one line.
  public var description: String { unescapedDescription.escapingControlCharacters }

  private var unescapedDescription: String {
    switch self {
    case .duplicateModel(let model):
      "model '\(model)' is already registered; pass replacing: true to replace it"
    }
  }
}
