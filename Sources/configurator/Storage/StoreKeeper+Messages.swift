internal import Dealership
import Support

extension StoreKeeper.OpenError {
  /// The message for a store that could not be held.
  ///
  /// - Parameters:
  ///   - error: Why it could not.
  ///   - path: The store as the user named it.
  ///   - wait: How long the process waited for it.
  init(_ error: LockedFile.OpenError, path: String, wait: StoreWait) {
    let store = "store '\(path)'"
    switch error {
    case .busy:
      let hint =
        wait.milliseconds > 0
        ? " (waited \(wait) for it)" : "; use --wait SECONDS to wait for it"
      self.init(
        description: (StoreKeeper.held(path) + hint).escapingControlCharacters, isBusy: true)
    case .notRegular(let kind):
      self.init(
        description: "\(store) is \(kind), not a regular file (a store is a regular file)"
          .escapingControlCharacters)
    case .system(let failure):
      self.init(description: "\(store): \(failure.actionAndReason)".escapingControlCharacters)
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
