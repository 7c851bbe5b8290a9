internal import Dealership

/// The scripted fast path: what the general path answered for a build, kept so the same
/// question is answered again without the work. A script repeating `build sports drive=4wd`
/// a million times (in whatever spelling) parses it, builds the car and renders its block
/// once; every later build is recorded and its block written again.
///
/// It is one memo around the interpreter, consulted in one place
/// (``Session/runScriptLine(_:)``) and switchable off (`CONFIGURATOR_LINE_CACHE=off`, for
/// the differential tests and benchmarks of the general path). Everything it keeps was made
/// under one ``SessionState/revision`` — the models, the money settings and the book a
/// build's answer depends on — and it forgets everything when the revision moves.
///
/// It keeps, each by configuration (the index of a build's configuration in the book):
/// - the block a build of it shows after its number (`Build #N` then the detail block, in the
///   session's format), made by the renderer from the general path's result;
/// - the configuration of each build request (a model and its choices, read by the parser);
/// - the configuration of each script line that built, by the line's words without case
///   (``BuildLineCache``), so a repeated line, in any spelling, is not even parsed.
struct ScriptMemo {
  /// The revision of the state what is kept was made under.
  private var revision: UInt64 = 0
  private var lines = BuildLineCache()
  private var requests = RequestTable()
  /// The blocks kept, back to back: lent to the renderer in place, not copied out (a
  /// script writes one for nearly every line).
  private var blockBytes: [UInt8] = []
  /// Each configuration's block in ``blockBytes``, by configuration index.
  private var blocks: [Range<Int>?] = []

  /// Forgets everything when the state's revision is not the one it was made under.
  ///
  /// - Parameter revision: The state's revision now.
  @inline(__always)
  mutating func keep(to revision: UInt64) {
    // Checked inline: a script's every line comes by, nearly always at the same revision.
    guard revision != self.revision else { return }
    forget(to: revision)
  }

  /// ``keep(to:)`` at a new revision.
  @inline(never)
  private mutating func forget(to revision: UInt64) {
    self = ScriptMemo()
    self.revision = revision
  }

  /// The configuration a script line with the same words built before, if one did and its
  /// block is kept (see ``BuildLineCache``).
  mutating func configuration(forLine line: UnsafeBufferPointer<UInt8>) -> UInt32? {
    lines.configuration(for: line).flatMap { hasBlock($0) ? $0 : nil }
  }

  /// The configuration a build request made before, if it did and its block is kept.
  func configuration(for request: ModelRequest) -> UInt32? {
    requests.configuration(for: request).flatMap { hasBlock($0) ? $0 : nil }
  }

  /// Whether the block of a configuration's builds is kept.
  func hasBlock(_ configuration: UInt32) -> Bool {
    let index = Int(configuration)
    return index < blocks.count && blocks[index] != nil
  }

  /// Writes build `number` of a configuration with its kept block, if one is kept.
  /// (`mutating` though it changes nothing: the memo is then lent to it in place, where a
  /// call on a copy would retain every table the memo holds.)
  ///
  /// - Returns: Whether the block was kept (and the build written).
  mutating func writeBuild(number: Int, of configuration: UInt32, to renderer: any Renderer) -> Bool
  {
    let index = Int(configuration)
    guard index < blocks.count, let span = blocks[index] else { return false }
    blockBytes.withUnsafeBufferPointer {
      renderer.writeBuild(number: number, block: UnsafeBufferPointer(rebasing: $0[span]))
    }
    return true
  }

  /// Keeps what a build line came to: its request's configuration and, for a model whose
  /// choices are read without case (so equal words are an equal request), the line's.
  ///
  /// - Parameters:
  ///   - line: The script line's bytes.
  ///   - request: The build request it was read as.
  ///   - configuration: The configuration its build recorded.
  ///   - isKnown: Whether the request was answered by this memo already (then only the
  ///     line is new).
  ///   - keepsLine: Whether lines are kept by their words (``MemoUse/everything``); without,
  ///     no line's key is even made.
  mutating func remember(
    line: UnsafeBufferPointer<UInt8>, request: ModelRequest, configuration: UInt32,
    isKnown: Bool = false, keepsLine: Bool
  ) {
    if !isKnown { requests.insert(request, configuration: configuration) }
    if keepsLine, !request.line.buildsAreFeatures {
      lines.insert(line, configuration: configuration)
    }
  }

  /// Keeps the block of a configuration's builds.
  mutating func keep(_ block: [UInt8], for configuration: UInt32) {
    let index = Int(configuration)
    if index >= blocks.count {
      blocks.append(contentsOf: repeatElement(nil, count: index + 1 - blocks.count))
    }
    let start = blockBytes.count
    blockBytes.append(contentsOf: block)
    blocks[index] = start..<blockBytes.count
  }
}
