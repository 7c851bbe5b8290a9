import Support

/// The bytes an ``InventoryValuation`` reads: a regular file, read with `pread` at the
/// offsets each part needs, or bytes in memory.
///
/// Both are values the threads of a valuation share safely: the file by its descriptor (each
/// part reads into a buffer of its own), the memory as an array, which owns its bytes and is
/// never written while it is shared, so every thread holds the bytes themselves, never an
/// address.
///
/// A file is read, not mapped: a mapped file that another program truncates while it is read
/// kills the reader with `SIGBUS`, where a read only comes back short, which is reported as
/// an error. Reading also costs less here: each part copies from the page cache into a buffer
/// of its own that stays in the processor's cache, instead of mapping every page, faulting it
/// in and giving it back (Docs/Benchmarks.md).
enum InventorySource: Sendable {
  /// A regular file of `size` bytes (its size when opened), read with `pread`.
  case file(descriptor: Int32, size: Int)
  /// Bytes in memory.
  case memory([UInt8])

  /// The number of bytes.
  var count: Int {
    switch self {
    case .file(_, let size): size
    case .memory(let bytes): bytes.count
    }
  }

  /// Passes the bytes `start..<end` to `body` in order, in chunks of at most `chunkSize`
  /// bytes: slices of the memory, or reads of the file into `buffer` (reused; a file's chunks
  /// are at most its size).
  ///
  /// - Throws: ``InventoryError`` (no line) when a read fails or the file ends before `end`
  ///   (it became shorter while it was read); else what `body` throws.
  func forEachChunk(
    from start: Int, to end: Int, chunkSize: Int, buffer: UnsafeMutableRawBufferPointer,
    file path: String, _ body: (UnsafeBufferPointer<UInt8>) throws(InventoryError) -> Void
  ) throws(InventoryError) {
    var position = start
    switch self {
    case .memory(let bytes):
      let outcome = bytes.withUnsafeBufferPointer { bytes in
        Result { () throws(InventoryError) in
          while position < end {
            let stop = min(end, position + max(chunkSize, 1))
            try body(UnsafeBufferPointer(rebasing: bytes[position..<stop]))
            position = stop
          }
        }
      }
      try outcome.get()
    case .file(let descriptor, _):
      precondition(buffer.count > 0, "a file is read into a buffer of at least one byte")
      let size = min(max(chunkSize, 1), buffer.count)
      while position < end {
        let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(size, end - position)])
        try Self.read(descriptor, into: chunk, at: position, file: path)
        try body(UnsafeBufferPointer(chunk.bindMemory(to: UInt8.self)))
        position += chunk.count
      }
    }
  }

  /// Up to `count` bytes from `start` (fewer at the end): for the header and the splits, and
  /// a small file kept whole.
  ///
  /// - Throws: ``InventoryError`` as ``forEachChunk(from:to:chunkSize:buffer:file:_:)`` does.
  func bytes(from start: Int, count: Int, file path: String) throws(InventoryError) -> [UInt8] {
    let end = min(self.count, start + max(count, 0))
    guard start < end else { return [] }
    switch self {
    case .memory(let bytes):
      return Array(bytes[start..<end])
    case .file(let descriptor, _):
      var bytes = [UInt8](repeating: 0, count: end - start)
      let outcome = bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(InventoryError) in
          try Self.read(descriptor, into: buffer, at: start, file: path)
        }
      }
      try outcome.get()
      return bytes
    }
  }

  /// Fills `buffer` from the file at `offset`, retrying short reads.
  private static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int,
    file path: String
  ) throws(InventoryError) {
    var done = 0
    while done < buffer.count {
      let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[done...])
      let count = POSIX.read(descriptor, into: rest, at: offset + done)
      guard count > 0 else {
        let reason =
          count < 0
          ? FileSystemError("read", path: path).actionAndReason
          : "cannot read: the file became shorter while it was read"
        throw InventoryError(file: path, line: nil, field: nil, reason: reason)
      }
      done += count
    }
  }
}
