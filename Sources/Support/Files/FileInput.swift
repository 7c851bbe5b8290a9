/// A file opened for reading with POSIX calls, read in caller-sized chunks.
///
/// Works on anything `open` accepts: regular files, pipes, `<(…)` process substitutions.
package struct FileInput: ~Copyable {
  /// The open descriptor (for reads at an offset; closed with the value).
  package let descriptor: Int32
  private let path: String

  /// Opens `path` for reading.
  ///
  /// - Parameter path: The file.
  /// - Throws: ``FileSystemError`` (action `open`); a directory is refused with `EISDIR`.
  package init(path: String) throws(FileSystemError) {
    let descriptor = POSIX.openRegularForReading(path)
    guard descriptor >= 0 else { throw FileSystemError("open", path: path) }
    self.descriptor = descriptor
    self.path = path
  }

  deinit { POSIX.close(descriptor) }

  /// Reads up to `buffer.count` bytes.
  ///
  /// - Parameter buffer: Where the bytes go.
  /// - Returns: The number of bytes read; 0 at the end of the file.
  /// - Throws: ``FileSystemError`` (action `read`).
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileSystemError) -> Int {
    let count = POSIX.read(descriptor, into: buffer)
    guard count >= 0 else { throw FileSystemError("read", path: path) }
    return count
  }

  /// Reads a whole file of at most `limit` bytes, in one pass (a pipe can be read only once).
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - limit: The most bytes accepted; a longer file is refused without being read further.
  /// - Returns: The file's bytes.
  /// - Throws: ``FileSystemError``: `open` or `read` with the system's reason (`EISDIR` for a
  ///   directory), or `read` with `file is larger than N MiB` past the limit.
  package static func readAll(path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
    let file = try FileInput(path: path)
    let tooLarge = FileSystemError(
      "read", path: path, reason: "file is larger than \(describe(limit))")
    // A regular file says its size: one past the limit is refused before it is read.
    let size = file.regularFileSize
    if let size, size > limit { throw tooLarge }
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    defer { chunk.deallocate() }
    var result: [UInt8] = []
    result.reserveCapacity(min(size ?? chunk.count, limit) + 1)
    while true {
      let count = try file.read(into: chunk)
      if count == 0 { return result }
      guard result.count + count <= limit else { throw tooLarge }
      // Grow by doubling, but never past the limit: a pipe or device that never ends (such
      // as /dev/zero) costs the limit and no more.
      if result.count + count > result.capacity {
        result.reserveCapacity(min(max(result.capacity * 2, result.count + count), limit))
      }
      result.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
    }
  }

  /// The size of a regular file, or `nil` for a pipe, `<(…)`, a device or anything else.
  package var regularFileSize: Int? {
    guard let status = FileStatus.of(descriptor: descriptor), status.kind == .regular else {
      return nil
    }
    return Int(status.size)
  }

  /// A size limit as people say it: `16 MiB`, `64 KiB`, `100 bytes`.
  ///
  /// - Parameter limit: A size in bytes.
  /// - Returns: The size in the largest whole unit.
  package static func describe(_ limit: Int) -> String {
    if limit >= 1 << 20, limit % (1 << 20) == 0 { return "\(limit >> 20) MiB" }
    if limit >= 1 << 10, limit % (1 << 10) == 0 { return "\(limit >> 10) KiB" }
    return "\(limit) bytes"
  }
}
