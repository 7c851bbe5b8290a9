/// Memory for `capacity` plain values that this value allocates and frees: the buffers the
/// hot paths keep from line to line and read through views (``UnsafeBytes``,
/// ``UnsafeMutableBytes``, buffer pointers), as the engine's `RawVector` is the solver's.
///
/// Invariants: `base` points to `capacity` allocated values, all initialized (to the value
/// given at creation, or copied when growing). Indexing is checked with `assert` in debug
/// builds and unchecked in release builds; the owner keeps its own count of the values in
/// use. Not copyable, so the memory has one owner, which frees it.
public struct RawStorage<Element: BitwiseCopyable>: ~Copyable {
  /// The memory.
  @usableFromInline private(set) var base: UnsafeMutablePointer<Element>
  /// How many values it holds.
  public private(set) var capacity: Int

  /// Storage for `capacity` copies of `value`.
  ///
  /// - Parameters:
  ///   - value: What every value starts as.
  ///   - capacity: How many (at least one is allocated).
  public init(repeating value: Element, capacity: Int) {
    self.capacity = max(capacity, 1)
    base = .allocate(capacity: self.capacity)
    base.initialize(repeating: value, count: self.capacity)
  }

  deinit { base.deallocate() }

  /// The value at `index` (below ``capacity``).
  @inlinable
  public subscript(index: Int) -> Element {
    @inline(__always) get {
      assert(index >= 0 && index < capacity, "a value read out of bounds")
      return base[index]
    }
    @inline(__always) nonmutating set {
      assert(index >= 0 && index < capacity, "a value written out of bounds")
      base[index] = newValue
    }
  }

  /// All the values, as a buffer to read or fill in place while the storage lives and does
  /// not grow.
  @inlinable
  public var buffer: UnsafeMutableBufferPointer<Element> {
    @inline(__always) get { UnsafeMutableBufferPointer(start: base, count: capacity) }
  }

  /// Makes room for at least `minimum` values, at least twice the capacity (appends stay
  /// amortized constant), keeping the first `kept` (the rest start as `value`); views made
  /// before are then invalid.
  ///
  /// - Parameters:
  ///   - minimum: The capacity needed.
  ///   - kept: How many values to copy over (at most ``capacity``).
  ///   - value: What the other values start as.
  public mutating func grow(to minimum: Int, keeping kept: Int, filling value: Element) {
    guard minimum > capacity else { return }
    assert(kept >= 0 && kept <= capacity, "more values kept than held")
    let newCapacity = max(minimum, capacity > Int.max / 2 ? Int.max : capacity &* 2)
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.initialize(from: base, count: kept)
    (newBase + kept).initialize(repeating: value, count: newCapacity - kept)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}

extension RawStorage where Element == UInt8 {
  /// The bytes, as a view to read and write while the storage lives and does not grow.
  @inlinable
  public var bytes: UnsafeMutableBytes {
    @inline(__always) get { UnsafeMutableBytes(start: base, count: capacity) }
  }
}
