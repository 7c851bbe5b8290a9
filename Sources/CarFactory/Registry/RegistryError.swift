/// Why a model could not be registered.
public enum RegistryError: Error, Hashable, Sendable {
  /// A model of this identifier exists and replacement was not asked for.
  case duplicateModel(ModelID)
}

extension RegistryError: CustomStringConvertible {
  /// The one-line message users see.
  public var description: String {
    switch self {
    case .duplicateModel(let model):
      "model '\(model)' is already registered; pass replacing: true to replace it"
    }
  }
}
