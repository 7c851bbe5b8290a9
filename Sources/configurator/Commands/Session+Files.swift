internal import StockValuation
import Support

/// `save FILE` and `load FILE`: the session's builds, stock, currency and rates to and from a
/// session file (format: `Docs/UserGuide.md`, "Session files").
extension Session {
  func save(_ arguments: [String]) throws(CommandError) -> CommandResult {
    let path = try fileArgument(arguments, for: .save)
    let state = state
    do {
      try SessionFile.save(state, to: path, store: store)
    } catch {
      throw .failed(command: "save", error)
    }
    return .event(.saved(file: path, state: state))
  }

  func load(_ arguments: [String]) throws(CommandError) -> CommandResult {
    let path = try fileArgument(arguments, for: .load)
    let loaded: SessionState
    do {
      let bytes = try SessionFile.read(path)
      loaded = try SessionFileDecoder(file: path, registry: registry).decode(bytes)
    } catch let error as SessionFileError {
      throw .failed(command: nil, error)
    } catch let error as FileSystemError {
      throw .failed(command: "load", error)
    } catch {
      throw .file(command: "load", reason: "cannot read '\(path)'")
    }
    do {
      try adopt(loaded)
    } catch {
      throw .failed(
        command: nil, SessionFileError(file: path, path: "currency", reason: error.message))
    }
    return .event(.loaded(file: path, state: loaded))
  }

  private func fileArgument(_ arguments: [String], for command: Command) throws(CommandError)
    -> String
  {
    guard let path = arguments.first else {
      throw .missingArgument(
        command: command.rawValue, what: "FILE", hint: "usage: \(command.synopsis)")
    }
    try expectNoArguments(Array(arguments.dropFirst()), for: command)
    return path
  }
}
