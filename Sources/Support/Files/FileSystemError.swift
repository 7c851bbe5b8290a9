/// A file operation that failed: what was being done, to which path, and the system's reason.
///
/// Its text is `cannot write 'dealer.json': No space left on device`.
package struct FileSystemError: Error, Equatable, CustomStringConvertible {
  /// What was being done: `open`, `read`, `write`.
  package private(set) var action: String
  /// The path as the user named it.
  package let path: String
  /// The system's message for the error (`strerror`), or our own (`file is larger than …`).
  package let reason: String
  /// The error number, for callers that treat some errors apart (a missing file); 0 for a
  /// reason of our own.
  package let code: Int32

  /// Makes an error from `errno` as the failed call left it.
  ///
  /// - Parameters:
  ///   - action: What was being done.
  ///   - path: The path as the user named it.
  ///   - code: The error number; `errno` by default.
  package init(_ action: String, path: String, code: Int32 = errno) {
    self.action = action
    self.path = path
    self.code = code
    self.reason = POSIX.message(for: code)
  }

  /// Makes an error with a reason of our own (a size limit).
  ///
  /// - Parameters:
  ///   - action: What was being done.
  ///   - path: The path as the user named it.
  ///   - reason: What is wrong.
  package init(_ action: String, path: String, reason: String) {
    self.action = action
    self.path = path
    self.code = 0
    self.reason = reason
  }

  /// The same failure described as part of another action (opening a file is part of reading
  /// it, for a message that says `cannot read`).
  ///
  /// - Parameter action: The action to name.
  /// - Returns: The error with that action.
  package func describedAs(_ action: String) -> FileSystemError {
    var copy = self
    copy.action = action
    return copy
  }

  /// `cannot read 'x': reason`, with control characters escaped.
  package var description: String {
    "cannot \(action) '\(path)': \(reason)".escapingControlCharacters
  }

  /// `cannot read: reason`, for messages that name the file themselves.
  package var actionAndReason: String { "cannot \(action): \(reason)" }
}
