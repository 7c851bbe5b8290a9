#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file could not be read (`cannot open: No such file or directory`).
struct FileInputError: Error, Equatable {
  /// The reason, with the system's message.
  let reason: String
}

/// A file opened for reading with POSIX calls, read in caller-sized chunks.
struct FileInput: ~Copyable {
  private let descriptor: Int32

  /// Opens `path` for reading.
  init(path: String) throws(FileInputError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileInputError(reason: "cannot open: \(Self.lastError())") }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Reads up to `buffer.count` bytes; returns 0 at end of file.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileInputError) -> Int {
    while true {
      let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR { throw FileInputError(reason: "cannot read: \(Self.lastError())") }
    }
  }

  /// Reads a whole (small) file.
  static func readAll(path: String) throws(FileInputError) -> [UInt8] {
    let file = try FileInput(path: path)
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let outcome = chunk.withUnsafeMutableBytes { buffer in
        Result { () throws(FileInputError) in try file.read(into: buffer) }
      }
      let count = try outcome.get()
      if count == 0 { return result }
      result.append(contentsOf: chunk[0..<count])
    }
  }

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }
}

/// The POSIX `read`, named apart from ``FileInput/read(into:)``.
private func systemRead(
  _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
) -> Int {
  read(descriptor, buffer, count)
}
