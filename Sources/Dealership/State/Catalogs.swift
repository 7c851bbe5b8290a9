package import CarFactory
package import Support

/// The models in force, as a value: the registry a session builds from. A catalog loaded later
/// goes into a copy of the registry (``loading(_:)``), so a state held before keeps the models
/// it had.
///
/// Every model — a built-in car, a catalog model, a UVL product line — is one
/// ``ProductConfigurator`` over its ``ProductLine``, made on first use and kept for the life
/// of this value (it holds the model's solver); copies of the value share them.
package struct Catalogs {
  /// Everything, behind one reference: a script's parser takes the catalogs on every line.
  private let shelf: Shelf

  package var registry: CarRegistry { shelf.registry }
  /// Whether the session started without the built-in models (`--clean`, SPEC §12): then
  /// only catalogs are in force, and the session has no sample stock.
  package var isClean: Bool { shelf.isClean }
  /// The catalog files loaded, in order, each once.
  package var files: [CatalogFile] { shelf.files }
  /// The day whose models, choices and rules are in force (`--as-of`, SPEC §16); `nil` for
  /// everything the catalogs name.
  package var asOf: CatalogDate? { shelf.asOf }
  /// The file that defines each model a catalog loaded (the last to define it); none for a
  /// built-in model.
  package var modelFiles: [ModelID: CatalogFile] { shelf.modelFiles }

  /// The models of a registry.
  ///
  /// - Parameters:
  ///   - registry: The models.
  ///   - isClean: Whether the registry was made without the built-in models.
  ///   - files: The catalog files loaded into it.
  ///   - asOf: The day whose models, choices and rules are in force; `nil` for all of them.
  ///   - modelFiles: The file that defines each model the files loaded.
  package init(
    registry: CarRegistry, isClean: Bool = false, files: [CatalogFile] = [],
    asOf: CatalogDate? = nil, modelFiles: [ModelID: CatalogFile] = [:]
  ) {
    shelf = Shelf(
      registry: registry, isClean: isClean, files: files, asOf: asOf, modelFiles: modelFiles)
  }

  /// These models as they are in force on a day (SPEC §16): every product line made from
  /// the value is made for that day, so options, builds, counts, the working car and quotes
  /// agree on what is offered.
  ///
  /// - Parameter date: The day (`--as-of`, else today).
  /// - Returns: The models in force on the day.
  package func inForce(on date: CatalogDate?) -> Catalogs {
    Catalogs(
      registry: registry, isClean: isClean, files: files, asOf: date, modelFiles: modelFiles)
  }

  private init(shelf: Shelf) {
    self.shelf = shelf
  }

  /// The models a session starts with before any catalog: the built-in models, or none for a
  /// clean start.
  ///
  /// - Parameter clean: Whether to start without the built-in models (`--clean`).
  /// - Returns: The models.
  package static func starting(clean: Bool) -> Catalogs {
    Catalogs(registry: CarRegistry(includingBuiltIns: !clean), isClean: clean)
  }

  /// The models' identifiers, in registration order.
  package var modelIDs: [ModelID] { registry.modelIDs }

  /// The configurator of a model named as users type it (any case), made on first use.
  ///
  /// - Parameter name: The model's id.
  /// - Returns: Its configurator.
  /// - Throws: ``CommandError`` naming the unknown model and the known ones, or the model's
  ///   own refusal to compile.
  package func configurator(named name: String) throws(CommandError) -> ProductConfigurator {
    try shelf.configurator(of: ModelID(name.lowercased()), named: name)
  }

  /// The product line of a model, if there is one of that id that compiles.
  package func line(_ model: ModelID) -> ProductLine? {
    try? configurator(named: model.rawValue).line
  }

  /// The catalogs lent to a line's parser without counting a reference (see ``Lent``).
  package var lent: Lent { Lent(shelf: .passUnretained(shelf)) }

  /// The catalogs lent to what lasts less than the value they came from (a line's parse,
  /// while the session's state holds them): a copy of ``Catalogs`` retains and releases its
  /// shelf, which a script's parser did on every line. Whoever lends them keeps the value
  /// alive meanwhile.
  package struct Lent {
    fileprivate let shelf: Unmanaged<Shelf>

    /// The catalogs themselves, for what a line asks less often.
    private var catalogs: Catalogs { Catalogs(shelf: shelf.takeUnretainedValue()) }

    /// ``Catalogs/modelIDs``.
    var modelIDs: [ModelID] { catalogs.modelIDs }

    /// ``Catalogs/configurator(named:)``.
    func configurator(named name: String) throws(CommandError) -> ProductConfigurator {
      try catalogs.configurator(named: name)
    }

    /// The configurator of the model a line's word names (`sports`, `SPORTS`), the word
    /// compared by its bytes without ASCII case, or `nil` when no model of up to 16 bytes has
    /// that id: how a script line finds its model without making a `String`.
    ///
    /// - Parameters:
    ///   - index: The word's position in `words`.
    ///   - words: The line's words.
    /// - Returns: The model's configurator.
    /// - Throws: ``CommandError`` when the model does not compile.
    func configurator(word index: Int, of words: Words) throws(CommandError)
      -> ProductConfigurator?
    {
      let found = shelf._withUnsafeGuaranteedRef { shelf in
        Result { () throws(CommandError) in try shelf.configurator(word: index, of: words) }
      }
      return try found.get()
    }
  }

  /// Where each model a catalog defines came from, which a saved build of it records.
  package var modelSources: [ModelID: SessionState.ModelSource] {
    var sources: [ModelID: SessionState.ModelSource] = [:]
    for line in registry.registeredLines {
      sources[line.model] = .init(file: line.file, digest: line.digest)
    }
    for (model, file) in modelFiles {
      sources[model, default: .init()].catalog = file.sha256
    }
    return sources
  }

  /// These models and those of a JSON catalog or a `.uvl` model, which add to them or
  /// replace models of the same id. The file is read once; it is recorded in ``files`` with
  /// the digest of the bytes loaded. A file loaded already is refused, whatever the path
  /// that names it (its models are in force; a changed file is taken by starting again
  /// with `--catalog FILE`).
  ///
  /// - Parameters:
  ///   - path: The catalog file.
  ///   - expected: The SHA-256 the file must have (a store's remembered catalog), if any.
  ///   - environment: Where the file is read.
  /// - Returns: The models in force after it, the models it added or replaced, and the file
  ///   as recorded.
  /// - Throws: ``CommandError`` with the catalog's own message, or a `file` error when the
  ///   file's digest is not `expected`; nothing is loaded then.
  package func loading(
    _ path: String, expecting expected: String? = nil, in environment: any SessionEnvironment
  ) throws(CommandError) -> (catalogs: Catalogs, added: [ModelID]) {
    let absolute = CatalogFile.absolute(path, in: environment)
    if files.contains(where: { $0.path == absolute }) {
      throw .invalid(command: nil, .catalogLoaded(path: path))
    }
    let isFeatureModel = path.lowercased().hasSuffix(".uvl")
    let bytes: [UInt8]
    do {
      bytes = try environment.readFile(
        path,
        limit: isFeatureModel ? UVLReader.maximumFileSize : CarRegistry.maximumCatalogSize)
    } catch {
      throw .failed(
        command: nil,
        isFeatureModel
          ? UVLReader.refusal(reading: path, error)
          : CarRegistry.refusal(reading: path, error))
    }
    let file = CatalogFile(loadedFrom: absolute, bytes: bytes)
    if let expected, file.sha256 != expected {
      throw .file(
        command: nil, .catalogChanged(path: file.path, recorded: expected, now: file.sha256))
    }
    let next = registry.copy()
    let before = next.modelIDs
    let defined: [ModelID]
    do {
      if isFeatureModel {
        defined = [try next.loadFeatureModel(bytes, file: path)]
      } else {
        defined = try next.loadCatalog(bytes, source: path)
      }
    } catch {
      throw .failed(command: nil, error)
    }
    var modelFiles = modelFiles
    for model in defined { modelFiles[model] = file }
    let catalogs = Catalogs(
      registry: next, isClean: isClean, files: CatalogFile.recording(file, in: files),
      asOf: asOf, modelFiles: modelFiles)
    return (catalogs, next.modelIDs.filter { !before.contains($0) })
  }

  /// These models and a catalog a store remembers, which must be there and hold the bytes
  /// it held when it was loaded.
  ///
  /// - Parameters:
  ///   - file: The remembered file.
  ///   - environment: Where the file is read.
  /// - Returns: The models in force after it.
  /// - Throws: ``CommandError``: a `file` error naming the file when it is missing or has
  ///   changed, else the catalog's own message.
  package func loading(remembered file: CatalogFile, in environment: any SessionEnvironment)
    throws(CommandError) -> Catalogs
  {
    guard environment.fileExists(file.path) else {
      throw .file(command: nil, .catalogMissing(path: file.path))
    }
    return try loading(file.path, expecting: file.sha256, in: environment).catalogs
  }

  /// The models in force, and what a `Catalogs` value makes on first use: each model's
  /// configurator, and the models' ids as bytes. A cache of what the immutable registry
  /// determines, so sharing it between copies of the value is safe; one caller at a time,
  /// like the configurators it holds.
  fileprivate final class Shelf {
    let registry: CarRegistry
    let isClean: Bool
    let files: [CatalogFile]
    let asOf: CatalogDate?
    let modelFiles: [ModelID: CatalogFile]
    var configurators: [ModelID: ProductConfigurator] = [:]
    /// Each model's position in ``Catalogs/modelIDs`` by its id (those of up to 16 bytes).
    let spellings: ShortNames<Int>
    /// The configurator of each model in ``Catalogs/modelIDs`` once made.
    var spelled: [ProductConfigurator?]

    init(
      registry: CarRegistry, isClean: Bool, files: [CatalogFile], asOf: CatalogDate?,
      modelFiles: [ModelID: CatalogFile]
    ) {
      self.registry = registry
      self.isClean = isClean
      self.files = files
      self.asOf = asOf
      self.modelFiles = modelFiles
      let models = registry.modelIDs
      spellings = ShortNames(models.enumerated().map { ($1.rawValue.utf8, $0) })
      spelled = Array(repeating: nil, count: models.count)
    }

    /// The configurator of a model, named in messages as `name`, made on first use.
    func configurator(of model: ModelID, named name: String) throws(CommandError)
      -> ProductConfigurator
    {
      if let known = configurators[model] { return known }
      let line: ProductLine
      do {
        line = try registry.productLine(for: model, asOf: asOf)
      } catch {
        if case .unknownModel = error {
          throw .failed(command: nil, BuildError.unknownModel(name, known: registry.modelIDs))
        }
        throw .failed(command: nil, error)
      }
      let configurator = ProductConfigurator(line)
      configurators[model] = configurator
      return configurator
    }

    /// ``Catalogs/Lent/configurator(word:of:)``.
    func configurator(word index: Int, of words: Words) throws(CommandError)
      -> ProductConfigurator?
    {
      guard let index = words.value(of: index, in: spellings) else { return nil }
      if let known = spelled[index] { return known }
      let model = registry.modelIDs[index]
      let configurator = try configurator(of: model, named: model.rawValue)
      spelled[index] = configurator
      return configurator
    }
  }
}
