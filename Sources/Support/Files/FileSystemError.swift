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
  /// The system's error, for callers that treat some errors apart (a missing file); `nil`
  /// for a reason of our own.
  package let code: Errno?

  /// Makes an error from the system's error, by default as the failed call left it.
  ///
  /// - Parameters:
  ///   - action: What was being done.
  ///   - path: The path as the user named it.
  ///   - code: The system's error; ``Errno/current`` by default.
  package init(_ action: String, path: String, code: Errno = .current) {
    self.action = action
    self.path = path
    self.code = code
    self.reason = code.message
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
    self.code = nil
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
