internal import CarFactory
internal import Dealership

/// The configuration each build request made, by its model and choices: open addressing over
/// a flat arena of the choices (`2 × value + chosen`), so a lookup hashes a few integers and
/// compares them, allocating nothing (a `Dictionary` would hash the request with SipHash).
/// At most ``capacity`` requests are kept, so a script of endlessly different choices cannot
/// grow it without bound.
struct RequestTable {
  static let capacity = 4096

  private struct Slot {
    var hash: UInt64 = 0
    var model: ObjectIdentifier?
    var offset: Int32 = 0
    var count: Int32 = 0
    var configuration: UInt32 = 0
  }

  private var slots = [Slot](repeating: Slot(), count: 2 * capacity)
  private var arena: [Int32] = []
  private(set) var count = 0

  /// The configuration a request made before, if it was kept.
  func configuration(for request: ModelRequest) -> UInt32? {
    guard count > 0 else { return nil }
    let model = ObjectIdentifier(request.configurator)
    let hash = Self.hash(model, request.choices)
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let slot = slots[index]
      guard let stored = slot.model else { return nil }
      if slot.hash == hash, stored == model, equal(slot, request.choices) {
        return slot.configuration
      }
      index = (index + 1) & mask
    }
  }

  /// Keeps the configuration a request made; ignored when the table is full.
  mutating func insert(_ request: ModelRequest, configuration: UInt32) {
    guard count < Self.capacity, request.choices.count < 256,
      self.configuration(for: request) == nil
    else { return }
    let model = ObjectIdentifier(request.configurator)
    let hash = Self.hash(model, request.choices)
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while slots[index].model != nil { index = (index + 1) & mask }
    slots[index] = Slot(
      hash: hash, model: model, offset: Int32(truncatingIfNeeded: arena.count),
      count: Int32(truncatingIfNeeded: request.choices.count), configuration: configuration)
    for choice in request.choices { arena.append(Self.code(choice)) }
    count += 1
  }

  private func equal(_ slot: Slot, _ choices: [Choice]) -> Bool {
    guard Int(slot.count) == choices.count else { return false }
    let start = Int(slot.offset)
    for (index, choice) in choices.enumerated() where arena[start + index] != Self.code(choice) {
      return false
    }
    return true
  }

  @inline(__always)
  private static func code(_ choice: Choice) -> Int32 {
    Int32(truncatingIfNeeded: choice.value) &* 2 &+ (choice.isChosen ? 1 : 0)
  }

  private static func hash(_ model: ObjectIdentifier, _ choices: [Choice]) -> UInt64 {
    var hash = UInt64(UInt(bitPattern: model)) &* 0x9E37_79B9_7F4A_7C15
    for choice in choices {
      hash = (hash ^ UInt64(UInt32(bitPattern: code(choice)))) &* 0x0000_0100_0000_01b3
    }
    return hash ^ (hash >> 29)
  }
}
