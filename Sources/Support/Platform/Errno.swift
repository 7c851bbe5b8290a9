#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system error number (`errno`), with the names swift-system gives the ones the package
/// tells apart; any other number is kept as it is, for its message.
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
  /// The C library's number.
  package let rawValue: Int32

  /// The error with this number.
  ///
  /// - Parameter rawValue: An `errno` value.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// The error the calling thread's last failed system call left (`errno`).
  package static var current: Errno {
    get { Errno(rawValue: errno) }
    set { errno = newValue.rawValue }
  }

  /// The system's text for the error (`strerror`): `No such file or directory`.
  package var message: String { String(cString: strerror(rawValue)) }

  /// ``message``.
  package var description: String { message }

  /// `ENOENT`.
  package static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
  /// `ENOTDIR`.
  package static let notDirectory = Errno(rawValue: ENOTDIR)
  /// `EISDIR`.
  package static let isDirectory = Errno(rawValue: EISDIR)
  /// `EEXIST`.
  package static let fileExists = Errno(rawValue: EEXIST)
  /// `EACCES`.
  package static let permissionDenied = Errno(rawValue: EACCES)
  /// `EPERM`.
  package static let notPermitted = Errno(rawValue: EPERM)
  /// `EROFS`.
  package static let readOnlyFileSystem = Errno(rawValue: EROFS)
  /// `ELOOP`.
  package static let tooManySymbolicLinkLevels = Errno(rawValue: ELOOP)
  /// `EWOULDBLOCK` (the same number as `EAGAIN` on Linux): a non-blocking call would have
  /// waited.
  package static let wouldBlock = Errno(rawValue: EWOULDBLOCK)
  /// `EAGAIN`.
  package static let resourceTemporarilyUnavailable = Errno(rawValue: EAGAIN)
  /// `EINTR`: a signal interrupted the call.
  package static let interrupted = Errno(rawValue: EINTR)
  /// `EINVAL`.
  package static let invalidArgument = Errno(rawValue: EINVAL)
  /// `EPIPE`: the reading end of a pipe is closed.
  package static let brokenPipe = Errno(rawValue: EPIPE)
  /// `EIO`.
  package static let ioError = Errno(rawValue: EIO)
}
