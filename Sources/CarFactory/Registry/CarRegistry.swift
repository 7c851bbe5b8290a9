import Synchronization

/// The entry point that picks a model's factory: models by identifier, registered at run time.
///
/// Every factory is made on first use and cached, so each model has one factory instance per
/// registry (the built-in factories are one per process). Registration takes a closure or a
/// catalog file and never edits existing factory code. ``shared`` is the process-wide
/// registry holding the built-in models; tests make their own with ``init(includingBuiltIns:)``.
public final class CarRegistry: Sendable {
  /// A model's factory, or the closure that makes it on first use.
  private enum Entry {
    case ready(any CarPartsFactory)
    case pending(@Sendable () -> any CarPartsFactory)
    /// A UVL product line: features and rules, no part slots and so no factory.
    case featureModel(ProductLine)
  }

  private struct State {
    var entries: [ModelID: Entry] = [:]
    /// Registration order, for listings.
    var order: [ModelID] = []
    /// The prototypes catalogs may name, built-ins included.
    var prototypes: PartPrototypes = .builtIn
  }

  private let state: Mutex<State>

  /// The process-wide registry, holding the built-in models.
  public static let shared = CarRegistry()

  /// Creates a registry.
  ///
  /// - Parameter includingBuiltIns: Whether to start with the built-in models
  ///   (`compact`, `sports`, `suv`).
  public init(includingBuiltIns: Bool = true) {
    var initial = State()
    if includingBuiltIns {
      let builtIns: [(ModelID, @Sendable () -> any CarPartsFactory)] = [
        (.compact, { CompactCarFactory.shared }),
        (.sports, { SportsCarFactory.shared }),
        (.suv, { SUVFactory.shared }),
      ]
      for (id, make) in builtIns {
        initial.entries[id] = .pending(make)
        initial.order.append(id)
      }
    }
    state = Mutex(initial)
  }

  private init(state: State) {
    self.state = Mutex(state)
  }

  /// A registry holding the same models and prototypes, to which models can be added without
  /// changing this one: how a session keeps the models in force as a value (a catalog loaded
  /// later goes into a copy).
  ///
  /// - Returns: The copy; factories made already are shared (they are immutable).
  package func copy() -> CarRegistry {
    CarRegistry(state: state.withLock { $0 })
  }

  /// The identifiers of the registered models, in registration order.
  public var modelIDs: [ModelID] {
    state.withLock { $0.order }
  }

  /// The definitions of the registered models, in registration order.
  ///
  /// This makes every model's factory that has not been made yet.
  public var models: [ModelDefinition] {
    modelIDs.compactMap { id in try? factory(for: id).definition }
  }

  /// Returns the factory of a model, making it on first use.
  ///
  /// Safe under concurrent first use: the factory is made once, under the registry's lock,
  /// so a registration closure must not call back into the same registry.
  ///
  /// - Parameter model: The model's identifier.
  /// - Returns: The model's factory; the same instance on every call.
  /// - Throws: ``BuildError/unknownModel(_:known:)`` naming the model and the known ones.
  public func factory(for model: ModelID) throws(BuildError) -> any CarPartsFactory {
    let found: (any CarPartsFactory)? = state.withLock { state in
      switch state.entries[model] {
      case .ready(let factory):
        return factory
      case .pending(let make):
        let factory = make()
        state.entries[model] = .ready(factory)
        return factory
      case .featureModel:
        return nil
      case nil:
        return nil
      }
    }
    guard let found else {
      if featureModel(model) != nil { throw .noParts(model) }
      throw .unknownModel(model.rawValue, known: modelIDs)
    }
    return found
  }

  /// The UVL product line registered under an id, if that model is one.
  private func featureModel(_ model: ModelID) -> ProductLine? {
    state.withLock { state in
      if case .featureModel(let line) = state.entries[model] { return line }
      return nil
    }
  }

  /// The product lines registered as such (UVL models: features, no parts), in registration
  /// order.
  package var registeredLines: [ProductLine] {
    state.withLock { state in
      state.order.compactMap { id in
        if case .featureModel(let line) = state.entries[id] { return line }
        return nil
      }
    }
  }

  /// The product line of a model, for the configuration engine: a car model compiled from its
  /// definition (slots, equipment, rules), or a registered UVL model.
  ///
  /// With a date (`--as-of`, SPEC §16) this is the one place effectivity is decided: a model
  /// out of force is refused, a choice out of force is excluded and a rule out of force does
  /// not apply, so every answer made from the line agrees.
  ///
  /// - Parameters:
  ///   - model: The model's identifier.
  ///   - date: The day whose catalog is in force; `nil` for everything the catalog names.
  /// - Returns: Its product line.
  /// - Throws: ``BuildError/unknownModel(_:known:)`` naming the known models,
  ///   ``BuildError/notOffered(_:_:asOf:)`` for a model out of force on the day.
  public func productLine(for model: ModelID, asOf date: CatalogDate? = nil)
    throws(BuildError) -> ProductLine
  {
    if let line = featureModel(model) { return line }
    let factory = try factory(for: model)
    let effectivity = factory.definition.effectivity
    if let date, !effectivity.isInForce(on: date) {
      throw .notOffered(model, effectivity, asOf: date)
    }
    do {
      return try ProductLine(factory: factory, asOf: date)
    } catch {
      throw .invalidModel(model, error.reason)
    }
  }

  /// Registers a UVL product line as a model (SPEC §8).
  ///
  /// - Parameters:
  ///   - line: The compiled product line; its ``ProductLine/model`` is the id.
  ///   - replacing: Whether an existing model of that id may be replaced.
  /// - Throws: ``RegistryError/duplicateModel(_:)`` if the id is taken and `replacing` is false.
  package func register(featureModel line: ProductLine, replacing: Bool = false)
    throws(RegistryError)
  {
    try state.withLock { state throws(RegistryError) in
      try Self.add(line.model, .featureModel(line), replacing: replacing, to: &state)
    }
  }

  /// Registers a model whose factory a closure makes, on first use.
  ///
  /// - Parameters:
  ///   - model: The model's identifier.
  ///   - replacing: Whether an existing model of that identifier may be replaced.
  ///   - makeFactory: Makes the model's factory; called at most once, under the registry's
  ///     lock, so it must not use this registry.
  /// - Throws: ``RegistryError/duplicateModel(_:)`` if the model exists and `replacing` is false.
  public func register(
    _ model: ModelID,
    replacing: Bool = false,
    factory makeFactory: @escaping @Sendable () -> any CarPartsFactory
  ) throws(RegistryError) {
    try state.withLock { state throws(RegistryError) in
      try Self.add(model, .pending(makeFactory), replacing: replacing, to: &state)
    }
  }

  /// Registers a model defined in code, made of built-in parts (the generated models of the
  /// differential tests).
  ///
  /// - Parameter definition: The model.
  /// - Returns: `false`, registering nothing, when it names a part that is not built in.
  /// - Throws: ``RegistryError/duplicateModel(_:)`` if the id is taken.
  package func register(builtInDefinition definition: ModelDefinition) throws(RegistryError)
    -> Bool
  {
    guard let family = PartFamily(definition: definition, prototypes: .builtIn) else {
      return false
    }
    try register(definition.id) { CatalogCarFactory(definition: definition, family: family) }
    return true
  }

  /// Adds the models of a parsed catalog: all of them, or none if any is refused.
  func register(_ catalog: Catalog) throws(CatalogError) {
    try state.withLock { state throws(CatalogError) in
      var next = state
      for part in catalog.floorplans { next.prototypes.add(part) }
      for part in catalog.suspensions { next.prototypes.add(part) }
      for part in catalog.drivetrains { next.prototypes.add(part) }
      for (index, entry) in catalog.models.enumerated() {
        let factory = CatalogCarFactory(definition: entry.definition, family: entry.family)
        do {
          try Self.add(entry.definition.id, .ready(factory), replacing: entry.replace, to: &next)
        } catch {
          throw CatalogError(
            source: catalog.source, path: "models[\(index)].id",
            reason:
              "model '\(entry.definition.id)' already exists; set \"replace\": true to replace it")
        }
      }
      state = next
    }
  }

  /// The prototypes known to this registry, for validating a catalog against them.
  var prototypes: PartPrototypes {
    state.withLock { $0.prototypes }
  }

  private static func add(
    _ model: ModelID, _ entry: Entry, replacing: Bool, to state: inout State
  ) throws(RegistryError) {
    if state.entries[model] != nil {
      guard replacing else { throw .duplicateModel(model) }
    } else {
      state.order.append(model)
    }
    state.entries[model] = entry
  }
}
