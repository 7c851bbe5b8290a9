/// `build` lines read by their bytes (see ``BuildKeyTable``): the general path of a plain
/// build, which makes no `String` once a configuration is known.
extension Session {
  /// What reading a `build` line by its bytes came to.
  enum ByteBuild {
    /// The build was recorded and written.
    case built
    /// A plain build whose configuration is not known yet: the `String` way makes it, and
    /// the key is then remembered.
    case unknown(model: Int, key: UInt64)
    /// Not a plain build (an error, an engine model, choices beyond `SLOT=VALUE`): the
    /// `String` way handles it.
    case other
  }

  /// Records and writes the build of a `build` line whose key made a configuration before.
  ///
  /// - Parameter words: The line's words; the first is `build`.
  /// - Returns: Whether the build was made, or why not.
  func buildByBytes(_ words: WordList) -> ByteBuild {
    guard options.readsBuildsByBytes else { return .other }
    resetCachesIfBookReplaced()
    if caches.buildKeys == nil { caches.buildKeys = BuildKeyTable(registry: registry) }
    guard let (model, key) = caches.buildKeys?.key(for: words) else { return .other }
    guard let configuration = caches.buildKeys?.configuration(model: model, key: key),
      renderer.writesCachedBuilds, Int(configuration) < caches.templates.count,
      let template = caches.templates[Int(configuration)]
    else { return .unknown(model: model, key: key) }
    guard let number = builds.add(configuration: configuration) else { return .other }
    caches.lastBuildConfiguration = configuration
    renderer.writeBuild(number: number, bytes: template)
    return .built
  }

  /// Runs a line's words: `build`, `show N` and `stock add N [QTY]` by their bytes when they
  /// can, everything else (and the first build of a configuration) by the commands that take
  /// `String`s.
  ///
  /// - Parameter words: The line's words (at least one).
  /// - Returns: What the mode should do next.
  /// - Throws: ``CommandError`` with the one-line message for the user.
  func perform(_ words: WordList) throws(CommandError) -> Outcome {
    switch words.withWord(0, { Command(keyword: $0) }) {
    case .build:
      return try performBuild(words)
    case .show:
      if showByBytes(words) { return .proceed }
    case .stock:
      if let result = try stockAddByBytes(words) {
        emit(result)
        return .proceed
      }
    default:
      break
    }
    return try perform(words.strings())
  }

  private func performBuild(_ words: WordList) throws(CommandError) -> Outcome {
    switch buildByBytes(words) {
    case .built:
      return .proceed
    case .unknown(let model, let key):
      caches.lastBuildConfiguration = nil
      let outcome = try perform(words.strings())
      if let configuration = caches.lastBuildConfiguration {
        caches.buildKeys?.remember(configuration, model: model, key: key)
      }
      return outcome
    case .other:
      return try perform(words.strings())
    }
  }
}
