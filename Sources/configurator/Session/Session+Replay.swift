internal import CarFactory

/// The scripted fast path's caches: the rendered bytes of each build configuration, made
/// once by the renderer, and the replay of a cached script line.
extension Session {
  /// The rendered bytes of a configuration, made from its car on first use.
  func template(for configuration: UInt32, car: Car) -> [UInt8] {
    resetCachesIfBookReplaced()
    let index = Int(configuration)
    if index < caches.templates.count, let template = caches.templates[index] { return template }
    let template = renderer.buildBytes(car, price: car.price, money: &money)
    if index >= caches.templates.count {
      caches.templates.append(
        contentsOf: repeatElement(nil, count: index + 1 - caches.templates.count))
    }
    caches.templates[index] = template
    return template
  }

  /// The rendered bytes of a configuration, if they were made since the caches were last
  /// forgotten.
  func cachedTemplate(for configuration: UInt32) -> [UInt8]? {
    resetCachesIfBookReplaced()
    let index = Int(configuration)
    return index < caches.templates.count ? caches.templates[index] : nil
  }

  /// Records and writes the build a script line made before, if it made one; the caller runs
  /// the line by the general path otherwise.
  func replayBuild(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    resetCachesIfBookReplaced()
    guard let configuration = caches.lineCache.configuration(for: line),
      Int(configuration) < caches.templates.count,
      let template = caches.templates[Int(configuration)],
      renderer.writesCachedBuilds
    else { return false }
    guard let number = builds.add(configuration: configuration) else { return false }
    renderer.writeBuild(number: number, bytes: template)
    return true
  }

  /// Forgets cached lines and templates when `load` replaced the book they index into, and
  /// templates when the money settings changed.
  func resetCachesIfBookReplaced() {
    if money.generation != caches.templatesGeneration {
      // A new currency or rate: blocks show prices in it, so render them again.
      caches.templates = []
      caches.templatesGeneration = money.generation
    }
    guard builds.epoch != caches.cachedEpoch else { return }
    forgetBuildCaches()
    caches.cachedEpoch = builds.epoch
  }

  /// Forgets cached lines, templates and build keys: the book or the models changed.
  func forgetBuildCaches() {
    caches.lineCache = BuildLineCache()
    caches.templates = []
    caches.madeEntries = []
    caches.stockItems = []
    caches.buildKeys = nil
  }
}
