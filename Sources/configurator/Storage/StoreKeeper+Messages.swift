internal import Dealership
import Support

extension StoreKeeper.OpenError {
  /// A store that could not be held, as an open error.
  ///
  /// - Parameters:
  ///   - error: Why it could not.
  ///   - path: The store as the user named it.
  ///   - wait: How long the process waited for it.
  init(_ error: LockedFile.OpenError, path: String, wait: StoreWait) {
    switch error {
    case .busy: self = .busy(path: path, holder: FileSnapshot.holder(of: path), waited: wait)
    case .notRegular(let kind): self = .notRegular(path: path, kind: kind)
    case .system(let failure): self = .system(path: path, failure)
    }
  }
}

extension StoreKeeper.OpenError: CustomStringConvertible {
  /// The one-line message, control characters escaped.
  var description: String { text.escapingControlCharacters }

  private var text: String {
    switch self {
    case .busy(let path, let holder, let waited):
      return CommandError.heldText(path, holder: holder)
        + (waited.milliseconds > 0
          ? " (waited \(waited) for it)" : "; use --wait SECONDS to wait for it")
    case .notRegular(let path, let kind):
      return "store '\(path)' is \(kind), not a regular file (a store is a regular file)"
    case .system(let path, let failure):
      return "store '\(path)': \(failure.actionAndReason)"
    case .unreadable(let error):
      return error.description
    case .invalid(let error):
      return "\(error.description); the store was left as it is"
    case .failed(let path, let error):
      return "cannot read '\(path)': \(error)"
    case .gone(let path):
      return "store '\(path)' is no longer there"
    case .notClean(let path):
      return "store '\(path)' was created without --clean and keeps the built-in models; "
        + "--clean applies when a store is created (give a new store)"
    case .models(let path?, let error):
      return "store '\(path)': \(error.message)"
    case .models(nil, let error):
      return error.message
    case .keepingLastRead(let error):
      return error.text + " (this session keeps what it read before)"
    }
  }
}

extension StoreKeeper {
  /// Who holds the store at `path`, in words: `store 'S' is in use by configurator process
  /// 4242 since 2026-11-25 21:40:02 UTC`, or by "another configurator process" when no
  /// living holder is recorded (a lock taken by another program, or a record that could not
  /// be written).
  ///
  /// - Parameter path: The store as the user named it.
  /// - Returns: The words.
  static func held(_ path: String) -> String {
    CommandError.heldText(path, holder: FileSnapshot.holder(of: path))
  }
}
