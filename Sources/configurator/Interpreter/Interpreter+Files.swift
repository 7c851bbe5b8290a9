internal import StockValuation
import Support

/// `save FILE` and `load FILE`: the session's builds, stock, currency and rates to and from a
/// session file (format: `Docs/UserGuide.md`, "Session files").
extension Interpreter {
  func save(_ path: String, _ state: SessionState) throws(CommandError) -> CommandResult {
    do {
      try SessionFile.save(state, to: path, store: store)
    } catch {
      throw .failed(command: "save", error)
    }
    return .event(
      .saved(
        file: path,
        SessionSummary(builds: state.builds, stock: state.stock, currency: state.currency)))
  }

  func load(_ path: String, _ state: inout SessionState) throws(CommandError) -> CommandResult {
    let loaded: SavedSession
    do {
      let bytes = try SessionFile.read(path)
      loaded = try SessionFileDecoder(file: path, catalogs: state.catalogs).decode(bytes)
    } catch let error as SessionFileError {
      throw .failed(command: nil, error)
    } catch let error as FileSystemError {
      throw .failed(command: "load", error)
    } catch {
      throw .file(command: "load", .unreadable(path: path))
    }
    do {
      try state.adopt(loaded)
    } catch {
      throw .failed(
        command: nil, SessionFileError(file: path, path: "currency", reason: error.message))
    }
    return .event(
      .loaded(
        file: path,
        SessionSummary(builds: loaded.builds, stock: loaded.stock, currency: loaded.currency)))
  }
}
