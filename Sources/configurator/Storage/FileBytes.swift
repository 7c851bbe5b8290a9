#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files with POSIX calls (session files are small enough to hold in memory).
enum FileBytes {
  /// The contents of a file.
  ///
  /// - Throws: ``FileSystemError`` (`cannot read 'x': No such file or directory`); a
  ///   directory is refused with `EISDIR`.
  static func read(_ path: String) throws(FileSystemError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileSystemError("read", path: path) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw FileSystemError("read", path: path, code: EISDIR)
    }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return POSIX.read(descriptor, base, buffer.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileSystemError("read", path: path)
      }
      if count == 0 { return result }
      result.append(contentsOf: chunk[0..<count])
    }
  }

  /// Whether anything exists at the path (a dangling symbolic link counts).
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }
}
