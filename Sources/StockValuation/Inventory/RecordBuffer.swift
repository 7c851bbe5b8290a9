import Support

/// The growable byte storage of one CSV record, read in place without copies.
final class RecordBuffer {
  private var storage: RawStorage<UInt8>
  private(set) var count = 0

  init(capacity: Int = 4096) {
    storage = RawStorage(repeating: 0, capacity: capacity)
  }

  /// Appends bytes, growing the storage by doubling.
  @inline(__always)
  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    if count + bytes.count > storage.capacity {
      storage.grow(to: count + bytes.count, keeping: count, filling: 0)
    }
    storage.bytes.copy(bytes, to: count)
    count += bytes.count
  }

  /// Forgets the content, keeping the storage.
  @inline(__always)
  func removeAll() { count = 0 }

  /// The bytes in `start..<end` (within the content), valid until the next append.
  @inline(__always)
  func slice(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
    assert(end <= count, "a slice past the record")
    return storage.bytes.buffer(from: start, to: end)
  }
}
