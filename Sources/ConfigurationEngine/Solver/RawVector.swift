/// A growable buffer of plain values that frees itself: the solver's storage.
///
/// Invariants: `base` points to `capacity` allocated elements, the first `count` initialized
/// (plain values need no deinitialization). Indexing is unchecked in release builds, so callers
/// index only below `count`; the solver proves this from its own invariants (literal codes below
/// `2 · variableCount`, clause references into the arena) and validates all outside input first.
struct RawVector<Element: BitwiseCopyable>: ~Copyable {
  /// The storage; valid for `capacity` elements.
  private(set) var base: UnsafeMutablePointer<Element>
  /// How many elements are in use.
  var count: Int
  /// How many elements fit before the storage grows.
  private(set) var capacity: Int

  /// Creates an empty buffer.
  ///
  /// - Parameter capacity: The room to reserve.
  init(capacity: Int = 4) {
    self.capacity = Swift.max(capacity, 1)
    base = .allocate(capacity: self.capacity)
    count = 0
  }

  /// Creates a buffer of `count` copies of `value`.
  init(repeating value: Element, count: Int) {
    self.init(capacity: count)
    base.initialize(repeating: value, count: count)
    self.count = count
  }

  deinit { base.deallocate() }

  /// The element at `index` (below `count`).
  subscript(index: Int) -> Element {
    @inline(__always) get {
      assert(index >= 0 && index < count)
      return base[index]
    }
    @inline(__always) nonmutating set {
      assert(index >= 0 && index < count)
      base[index] = newValue
    }
  }

  /// Whether the buffer holds nothing.
  var isEmpty: Bool { count == 0 }

  /// Adds an element at the end.
  @inline(__always) mutating func append(_ element: Element) {
    if count == capacity { grow(to: count + 1) }
    base[count] = element
    count += 1
  }

  /// Removes and returns the last element (the buffer is not empty).
  @inline(__always) mutating func removeLast() -> Element {
    assert(count > 0)
    count -= 1
    return base[count]
  }

  /// Grows to `newCount` elements, filling new ones with `value`, or shrinks to it.
  mutating func resize(to newCount: Int, filling value: Element) {
    if newCount > capacity { grow(to: newCount) }
    if newCount > count { (base + count).initialize(repeating: value, count: newCount - count) }
    count = Swift.max(newCount, 0)
  }

  /// Makes room for at least `minimum` elements, doubling so appends stay amortized O(1).
  mutating func grow(to minimum: Int) {
    guard minimum > capacity else { return }
    let newCapacity = Swift.max(minimum, capacity &* 2)
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// The elements as an array.
  var array: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
