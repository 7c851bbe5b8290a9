/// The one seam of the scripted fast path: a script line is either replayed from the build
/// line cache or run by the general path, and this is the only place that chooses.
extension Session {
  /// Runs one script line given as bytes.
  ///
  /// A line whose exact bytes built a car before is replayed: the build is recorded and its
  /// cached output written, with no parsing and no allocation. Any other line is run by
  /// ``execute(bytes:)``, the general path (which reads a plain `build` by its bytes, see
  /// ``buildByBytes(_:)``); a line that built a car is then remembered. The
  /// replay writes the bytes the general path would (both write the renderer's bytes of the configuration), which
  /// `ScriptCacheTests` check by running scripts both ways.
  ///
  /// - Parameter bytes: The line, without its line break.
  /// - Returns: What the mode should do next.
  /// - Throws: ``CommandError`` with the one-line message for the user.
  func runScriptLine(_ bytes: UnsafeBufferPointer<UInt8>) throws(CommandError) -> Outcome {
    if options.replaysScriptLines, replayBuild(bytes) { return .proceed }
    caches.lastBuildConfiguration = nil
    let outcome = try execute(bytes: bytes)
    if options.replaysScriptLines, let configuration = caches.lastBuildConfiguration {
      caches.lineCache.insert(bytes, configuration: configuration)
    }
    return outcome
  }
}
