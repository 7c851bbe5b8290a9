internal import Dealership

/// Rows made once per configuration and written once per build (`builds` lists a million
/// builds of a few configurations): their bytes back to back in one buffer, so writing a row
/// copies bytes and touches no reference count.
struct RowStore {
  private var bytes: [UInt8] = []
  /// Where each configuration's row is in ``bytes``, by configuration index.
  private var ranges: [Range<Int>?]

  /// An empty store for `count` configurations.
  init(count: Int) {
    ranges = Array(repeating: nil, count: count)
  }

  /// Whether configuration `index`'s row is made.
  func contains(_ index: Int) -> Bool {
    index < ranges.count && ranges[index] != nil
  }

  /// Keeps configuration `index`'s row.
  ///
  /// - Parameters:
  ///   - index: A configuration index below the store's count.
  ///   - row: The row's bytes.
  mutating func set(_ index: Int, _ row: some Collection<UInt8>) {
    guard index < ranges.count else { return }
    let start = bytes.count
    bytes.append(contentsOf: row)
    ranges[index] = start..<bytes.count
  }

  /// Writes configuration `index`'s row, if it is made.
  ///
  /// - Parameters:
  ///   - index: A configuration index.
  ///   - out: Where to write.
  /// - Returns: Whether there was a row to write.
  @discardableResult
  func write(_ index: Int, to out: OutputStream) -> Bool {
    guard index < ranges.count, let range = ranges[index] else { return false }
    bytes.withUnsafeBufferPointer { out.write(bytes: UnsafeBufferPointer(rebasing: $0[range])) }
    return true
  }
}
