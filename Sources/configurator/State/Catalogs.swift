internal import CarFactory

/// The models in force, as a value: the registry a session builds from. A catalog loaded later
/// goes into a copy of the registry (``loading(_:)``), so a state held before keeps the models
/// it had.
///
/// Every model — a built-in car, a catalog model, a UVL product line — is one
/// ``ProductConfigurator`` over its ``ProductLine``, made on first use and kept for the life
/// of this value (it holds the model's solver); copies of the value share them.
struct Catalogs {
  let registry: CarRegistry
  /// Whether the session started without the built-in models (`--clean`, SPEC §12): then
  /// only catalogs are in force, and the session has no sample stock.
  let isClean: Bool
  private let shelf = Shelf()

  /// The models of a registry.
  ///
  /// - Parameters:
  ///   - registry: The models.
  ///   - isClean: Whether the registry was made without the built-in models.
  init(registry: CarRegistry, isClean: Bool = false) {
    self.registry = registry
    self.isClean = isClean
  }

  /// The models a session starts with before any catalog: the built-in models, or none for a
  /// clean start.
  ///
  /// - Parameter clean: Whether to start without the built-in models (`--clean`).
  /// - Returns: The models.
  static func starting(clean: Bool) -> Catalogs {
    Catalogs(registry: CarRegistry(includingBuiltIns: !clean), isClean: clean)
  }

  /// The models' identifiers, in registration order.
  var modelIDs: [ModelID] { registry.modelIDs }

  /// The configurator of a model named as users type it (any case), made on first use.
  ///
  /// - Parameter name: The model's id.
  /// - Returns: Its configurator.
  /// - Throws: ``CommandError`` naming the unknown model and the known ones, or the model's
  ///   own refusal to compile.
  func configurator(named name: String) throws(CommandError) -> ProductConfigurator {
    try configurator(of: ModelID(name.lowercased()), named: name)
  }

  /// The configurator of a model, named in messages as `name`.
  private func configurator(of model: ModelID, named name: String) throws(CommandError)
    -> ProductConfigurator
  {
    if let known = shelf.configurators[model] { return known }
    let line: ProductLine
    do {
      line = try registry.productLine(for: model)
    } catch {
      if case .unknownModel = error {
        throw .failed(command: nil, BuildError.unknownModel(name, known: modelIDs))
      }
      throw .failed(command: nil, error)
    }
    let configurator = ProductConfigurator(line)
    shelf.configurators[model] = configurator
    return configurator
  }

  /// The product line of a model, if there is one of that id that compiles.
  func line(_ model: ModelID) -> ProductLine? {
    try? configurator(named: model.rawValue).line
  }

  /// The configurator of the model a word names (`sports`, `SPORTS`), the word compared by
  /// its bytes without ASCII case, or `nil` when no model has that id: how a script line
  /// finds its model without making a `String`.
  ///
  /// - Parameter word: The word's UTF-8 bytes.
  /// - Returns: The model's configurator.
  /// - Throws: ``CommandError`` when the model does not compile.
  func configurator(spelled word: UnsafeBufferPointer<UInt8>) throws(CommandError)
    -> ProductConfigurator?
  {
    if shelf.spellings.isEmpty {
      shelf.spellings = modelIDs.map { (Array($0.rawValue.utf8), $0, nil) }
    }
    for index in shelf.spellings.indices {
      let matches = shelf.spellings[index].bytes.withUnsafeBufferPointer {
        ASCII.equalsIgnoringCase(word, $0)
      }
      guard matches else { continue }
      if let known = shelf.spellings[index].configurator { return known }
      let model = shelf.spellings[index].model
      let configurator = try configurator(of: model, named: model.rawValue)
      shelf.spellings[index].configurator = configurator
      return configurator
    }
    return nil
  }

  /// The file and digest of each UVL model, which a saved build of it records.
  var modelSources: [ModelID: SessionState.ModelSource] {
    var sources: [ModelID: SessionState.ModelSource] = [:]
    for line in registry.registeredLines {
      sources[line.model] = .init(file: line.file, digest: line.digest)
    }
    return sources
  }

  /// These models and those of a JSON catalog or a `.uvl` model, which add to them or
  /// replace models of the same id.
  ///
  /// - Parameter path: The catalog file.
  /// - Returns: The models in force after it, and the models it added or replaced.
  /// - Throws: ``CommandError`` with the catalog's own message; nothing is loaded then.
  func loading(_ path: String) throws(CommandError) -> (catalogs: Catalogs, added: [ModelID]) {
    let next = registry.copy()
    if path.lowercased().hasSuffix(".uvl") {
      do {
        let model = try next.loadFeatureModel(contentsOf: path)
        return (Catalogs(registry: next, isClean: isClean), [model])
      } catch {
        throw .failed(command: nil, error)
      }
    }
    let before = next.modelIDs
    do {
      try next.loadCatalog(contentsOf: path)
    } catch {
      throw .failed(command: nil, error)
    }
    return (
      Catalogs(registry: next, isClean: isClean), next.modelIDs.filter { !before.contains($0) }
    )
  }

  /// What a `Catalogs` value makes on first use: each model's configurator, and the models'
  /// ids as bytes. A cache of what the immutable registry determines, so sharing it between
  /// copies of the value is safe; one caller at a time, like the configurators it holds.
  private final class Shelf {
    var configurators: [ModelID: ProductConfigurator] = [:]
    /// Each model's id as bytes, and its configurator once made.
    var spellings: [(bytes: [UInt8], model: ModelID, configurator: ProductConfigurator?)] = []
  }
}
