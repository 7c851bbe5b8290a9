#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder of this process's own under `TMPDIR` (or `/tmp`), made `0700` by `mkdtemp`, and
/// removed with everything in it when done: where a helper program writes its files.
package struct TemporaryFolder: Sendable {
  /// The folder's absolute path.
  package let path: String

  /// Makes a new folder named `PREFIX-XXXXXX`.
  ///
  /// - Parameter prefix: The start of its name (`configurator-pdf`).
  /// - Returns: The folder, or `nil` when none can be made (``Errno/current`` says why).
  package static func make(prefix: String) -> TemporaryFolder? {
    let base = POSIX.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/" + prefix + "-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
      guard let start = buffer.baseAddress else { return false }
      return mkdtemp(start) != nil
    }
    guard made else { return nil }
    return TemporaryFolder(
      path: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// Removes the folder and everything in it, without following symbolic links, at most 64
  /// levels deep (what is deeper is left).
  package func remove() {
    Self.removeTree(path, depth: 0)
  }

  private static func removeTree(_ path: String, depth: Int) {
    guard depth < 64 else { return }
    let directory = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    if directory >= 0 {
      let names = POSIX.entryNames(in: directory)
      for name in names where name != "." && name != ".." {
        var status = stat()
        guard fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
        if status.st_mode & S_IFMT == S_IFDIR {
          removeTree(path + "/" + name, depth: depth + 1)
        } else {
          _ = unlinkat(directory, name, 0)
        }
      }
      close(directory)
    }
    _ = rmdir(path)
  }
}
