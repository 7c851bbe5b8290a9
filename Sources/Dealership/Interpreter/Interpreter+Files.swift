/// `save FILE` and `load FILE`: the session's builds, stock, currency and rates to and from a
/// session file (format: `Docs/UserGuide.md`, "Session files"), through the environment.
extension Interpreter {
  func save(_ path: String, _ state: SessionState) throws(CommandError) -> CommandResult {
    try environment.saveSession(state, to: path)
    return .event(
      .saved(
        file: path,
        SessionSummary(builds: state.builds, stock: state.stock, currency: state.currency)))
  }

  func load(_ path: String, _ state: inout SessionState) throws(CommandError) -> CommandResult {
    let loaded = try environment.loadSession(path, catalogs: state.catalogs)
    do {
      try state.adopt(loaded)
    } catch {
      throw .file(command: nil, .savedCurrency(path: path, error))
    }
    return .event(
      .loaded(
        file: path,
        SessionSummary(builds: loaded.builds, stock: loaded.stock, currency: loaded.currency)))
  }
}
