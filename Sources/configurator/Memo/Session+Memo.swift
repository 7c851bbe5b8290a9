internal import Dealership

/// The scripted fast path's seams in the session (``ScriptMemo``): a line it knows is
/// answered before it is read; a build request it knows, or a `show` of a build whose block
/// it keeps, before the interpreter runs; and it learns from the general path's results as
/// they are written. Every other line, and every line with the memo off, is the general path
/// alone; the differential tests compare the two.
extension Session {
  /// Runs one script line: the one place the scripted fast path is chosen. A line whose
  /// exact bytes built before, or a build request whose configuration is known, is answered
  /// from the ``ScriptMemo`` — the build recorded, its block written — and any other line by
  /// the general path, which the memo then learns from. With the memo off
  /// (``RunOptions/memo``) every line takes the general path; the differential tests
  /// compare the two.
  ///
  /// - Parameter bytes: The line, without its line break.
  /// - Returns: What the mode should do next.
  /// - Throws: ``CommandError`` with the one-line message for the user.
  func runScriptLine(_ bytes: UnsafeBufferPointer<UInt8>) throws(CommandError) -> Outcome {
    // A reading session (or one whose save failed) runs every line by the general path,
    // where changes are refused.
    guard options.memo != .none, reader == nil, unsaved == nil else {
      return try run(bytes, remembering: false)
    }
    memo.keep(to: state.revision)
    if options.memo == .everything, let configuration = memo.configuration(forLine: bytes),
      try replay(configuration)
    {
      return .proceed
    }
    return try run(bytes, remembering: true)
  }

  /// Answers an invocation from the memo: a build request it knows (the build recorded by the
  /// interpreter, its kept block written), or `show` of a build whose block it keeps.
  ///
  /// - Returns: Whether the memo answered (the interpreter is then not run).
  // Inlined into the general path, as it was before the seams had a file of their own:
  // 27 instructions a line (callgrind, varied script, Docs/Benchmarks.md).
  @inline(__always)
  func answeredByMemo(_ invocation: Invocation, line: UnsafeBufferPointer<UInt8>)
    throws(CommandError) -> Bool
  {
    switch invocation {
    case .build(let request):
      guard let configuration = memo.configuration(for: request), try replay(configuration)
      else { return false }
      memo.remember(
        line: line, request: request, configuration: configuration, isKnown: true,
        keepsLine: options.memo == .everything)
      return true
    case .show(let number):
      guard let configuration = state.builds.configurationIndex(of: number) else {
        return false
      }
      return memo.writeBuild(number: number, of: configuration, to: renderer)
    default:
      return false
    }
  }

  /// Writes a result of the general path and learns from it: a build's block is kept, and
  /// the request and line that made it.
  func write(
    _ result: CommandResult, learningFrom invocation: Invocation,
    line: UnsafeBufferPointer<UInt8>
  ) {
    guard case .build(let view) = result else {
      renderer.render(result, money: state.money)
      return
    }
    if !memo.writeBuild(number: view.number, of: view.configuration, to: renderer) {
      let block = renderer.block(of: view, money: state.money)
      block.withUnsafeBufferPointer { renderer.writeBuild(number: view.number, block: $0) }
      memo.keep(block, for: view.configuration)
    }
    if case .build(let request) = invocation {
      memo.remember(
        line: line, request: request, configuration: view.configuration,
        keepsLine: options.memo == .everything)
    }
  }

  /// Records a build of a known configuration and writes its kept block; `false` when the
  /// book has no build numbers left (the general path then says so).
  private func replay(_ configuration: UInt32) throws(CommandError) -> Bool {
    guard memo.hasBlock(configuration) else { return false }
    let edits = state.edits
    guard let number = recordBuild(known: configuration) else { return false }
    try commit(since: edits)
    _ = memo.writeBuild(number: number, of: configuration, to: renderer)
    return true
  }
}
