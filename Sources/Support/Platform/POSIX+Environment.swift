#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The process's environment variables, read only: the package never sets one.
extension POSIX {
  /// An environment variable's value (`getenv`), or `nil` when it is not set.
  ///
  /// - Parameter name: The variable.
  /// - Returns: Its value (invalid UTF-8 repaired).
  package static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
