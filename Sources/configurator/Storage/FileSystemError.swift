internal import CarFactory

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file operation that failed: what was being done, to which path, and the system's reason.
///
/// Its text is `cannot write 'dealer.json': No space left on device`.
struct FileSystemError: Error, Equatable, CustomStringConvertible {
  /// What was being done: `read`, `write`.
  let action: String
  /// The path as the user named it.
  let path: String
  /// The system's message for the error (`strerror`).
  let reason: String
  /// The error number, for callers that treat some errors apart (a missing file).
  let code: Int32

  /// Makes an error from `errno` as the failed call left it.
  init(_ action: String, path: String, code: Int32 = errno) {
    self.action = action
    self.path = path
    self.code = code
    self.reason = String(cString: strerror(code))
  }

  var description: String {
    "cannot \(action) '\(path)': \(reason)".escapingControlCharacters
  }
}
