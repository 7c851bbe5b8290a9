/// The VSIDS decision order: variable activities in a binary max-heap.
///
/// Invariants: `heap` holds distinct variables; `positions[v]` is the index of `v` in `heap`, or
/// -1 when `v` is not in it; every parent's activity is at least its children's.
struct VariableOrder: ~Copyable {
  /// Each variable's activity, bumped when it takes part in a conflict.
  private(set) var activity = RawVector<Double>()
  private var heap = RawVector<Int32>()
  private var positions = RawVector<Int32>()
  /// What a bump adds; grows each conflict so recent conflicts weigh more (decay).
  private var increment = 1.0

  /// Creates an empty order.
  init() {}

  /// Whether no variable is waiting to be decided.
  var isEmpty: Bool { heap.isEmpty }

  /// Adds the next variable (numbered `activity.count`), ready to be decided.
  ///
  /// Before any conflict, variables are decided in the order they were made: a tiny initial
  /// activity decreasing with the number (far below one bump). Models number parents before
  /// children, and deciding top-down lets propagation do most of the work; equal activities
  /// would leave the order to the heap's shape, which is closer to bottom-up.
  mutating func addVariable() {
    activity.append(1e-3 / Double(activity.count + 1))
    positions.append(-1)
    insert(Int32(truncatingIfNeeded: activity.count - 1))
  }

  /// Whether `variable` is in the heap.
  func contains(_ variable: Int32) -> Bool { positions[Int(variable)] >= 0 }

  /// Puts `variable` back in the heap (after it was unassigned).
  mutating func insert(_ variable: Int32) {
    guard positions[Int(variable)] < 0 else { return }
    positions[Int(variable)] = Int32(truncatingIfNeeded: heap.count)
    heap.append(variable)
    siftUp(heap.count - 1)
  }

  /// Removes and returns the most active variable (the heap is not empty).
  mutating func removeMax() -> Int32 {
    let top = heap[0]
    let last = heap.removeLast()
    positions[Int(top)] = -1
    if !heap.isEmpty {
      heap[0] = last
      positions[Int(last)] = 0
      siftDown(0)
    }
    return top
  }

  /// Raises a variable's activity, rescaling everything before it overflows.
  mutating func bump(_ variable: Int32) {
    let index = Int(variable)
    let raised = activity[index] + increment
    activity[index] = raised
    if raised > 1e100 {
      for other in 0..<activity.count { activity[other] *= 1e-100 }
      increment *= 1e-100
    }
    let position = positions[index]
    if position >= 0 { siftUp(Int(position)) }
  }

  /// Ages all activities by making future bumps larger.
  mutating func decay(by factor: Double) { increment /= factor }

  private mutating func siftUp(_ start: Int) {
    var index = start
    let variable = heap[index]
    let score = activity[Int(variable)]
    while index > 0 {
      let parent = (index - 1) >> 1
      let parentVariable = heap[parent]
      guard activity[Int(parentVariable)] < score else { break }
      heap[index] = parentVariable
      positions[Int(parentVariable)] = Int32(truncatingIfNeeded: index)
      index = parent
    }
    heap[index] = variable
    positions[Int(variable)] = Int32(truncatingIfNeeded: index)
  }

  private mutating func siftDown(_ start: Int) {
    var index = start
    let variable = heap[index]
    let score = activity[Int(variable)]
    let count = heap.count
    while true {
      let left = 2 * index + 1
      guard left < count else { break }
      let right = left + 1
      var child = left
      if right < count, activity[Int(heap[right])] > activity[Int(heap[left])] { child = right }
      let childVariable = heap[child]
      guard activity[Int(childVariable)] > score else { break }
      heap[index] = childVariable
      positions[Int(childVariable)] = Int32(truncatingIfNeeded: index)
      index = child
    }
    heap[index] = variable
    positions[Int(variable)] = Int32(truncatingIfNeeded: index)
  }
}
