/// The counts of components already solved, keyed by what determines a component's count
/// exactly: its variables and its clauses that some assignment has shortened.
///
/// Clauses with no assigned literal need not be in the key: every clause whose variables all
/// lie in the component and are unassigned is part of it, whatever led there. A clause with an
/// assigned literal is in the component only while unsatisfied (its other literals false), and
/// then it stands as its literals on the component's variables. So equal keys mean equal
/// residual formulas, and equal counts.
///
/// An open-addressing table over one arena of key words, so that a lookup allocates nothing
/// and the memory held is known exactly.
struct ComponentCache {
  private struct Entry {
    var hash: Int
    var keyStart: Int
    var keyLength: Int
    var count: BigUInt
  }

  /// Entry indices by hash, -1 where empty; the size is a power of two at least twice the
  /// number of entries.
  private var table = [Int32](repeating: -1, count: 1024)
  private var entries: [Entry] = []
  private var arena: [UInt32] = []
  /// The bytes held in count limbs.
  private var limbBytes = 0
  /// The most bytes before entries are evicted.
  let capacity: Int
  /// Times entries were evicted.
  private(set) var evictions = 0

  /// How many components are cached.
  var count: Int { entries.count }

  /// The bytes the cache holds: keys, counts, entries and the table.
  var bytes: Int {
    arena.count * 4 + limbBytes + entries.count * (MemoryLayout<Entry>.stride + 32)
      + table.count * 4
  }

  /// Creates an empty cache.
  ///
  /// - Parameter capacity: The most bytes before the cheapest entries are evicted.
  init(capacity: Int) { self.capacity = capacity }

  /// The count cached for a component, if any.
  ///
  /// - Parameters:
  ///   - hash: The key's hash.
  ///   - key: The key words: variable count, sorted variables, sorted shortened clauses.
  /// - Returns: The count, or `nil` when the component is not cached.
  func count(hash: Int, key: [UInt32]) -> BigUInt? {
    guard let slot = find(hash: hash, key: key), table[slot] >= 0 else { return nil }
    return entries[Int(table[slot])].count
  }

  /// Caches a component's count, evicting first when the cache would pass its capacity.
  ///
  /// - Parameters:
  ///   - count: The count.
  ///   - hash: The key's hash.
  ///   - key: The key words.
  mutating func store(_ count: BigUInt, hash: Int, key: [UInt32]) {
    let cost = key.count * 4 + count.limbs.count * 8 + MemoryLayout<Entry>.stride + 40
    if bytes + cost > capacity {
      evict()
      // A key too large for the whole cache is not kept.
      if bytes + cost > capacity { return }
    }
    if 2 * (entries.count + 1) > table.count { rehash(size: 2 * table.count) }
    guard let slot = find(hash: hash, key: key), table[slot] < 0 else { return }
    table[slot] = Int32(truncatingIfNeeded: entries.count)
    entries.append(Entry(hash: hash, keyStart: arena.count, keyLength: key.count, count: count))
    arena.append(contentsOf: key)
    limbBytes += count.limbs.count * 8
  }

  /// The slot holding the key, or the empty slot where it would go; `nil` only if the table
  /// were full, which the load limit prevents.
  private func find(hash: Int, key: [UInt32]) -> Int? {
    let mask = table.count - 1
    var slot = hash & mask
    for _ in 0..<table.count {
      let index = Int(table[slot])
      if index < 0 { return slot }
      let entry = entries[index]
      if entry.hash == hash, entry.keyLength == key.count,
        arena[entry.keyStart..<(entry.keyStart + entry.keyLength)].elementsEqual(key)
      {
        return slot
      }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Rebuilds the table at a new size.
  private mutating func rehash(size: Int) {
    table = [Int32](repeating: -1, count: size)
    let mask = size - 1
    for (index, entry) in entries.enumerated() {
      var slot = entry.hash & mask
      while table[slot] >= 0 { slot = (slot + 1) & mask }
      table[slot] = Int32(truncatingIfNeeded: index)
    }
  }

  /// Keeps the entries of the larger components (the costliest to count again) within half
  /// the capacity, and drops the rest.
  private mutating func evict() {
    evictions += 1
    let order = entries.indices.sorted { entries[$0].keyLength > entries[$1].keyLength }
    var kept: [Entry] = []
    var keptArena: [UInt32] = []
    var keptLimbBytes = 0
    var keptBytes = 0
    for index in order {
      let entry = entries[index]
      let cost = entry.keyLength * 4 + entry.count.limbs.count * 8 + MemoryLayout<Entry>.stride + 40
      if keptBytes + cost > capacity / 2 { continue }
      keptBytes += cost
      kept.append(
        Entry(
          hash: entry.hash, keyStart: keptArena.count, keyLength: entry.keyLength,
          count: entry.count))
      keptArena.append(contentsOf: arena[entry.keyStart..<(entry.keyStart + entry.keyLength)])
      keptLimbBytes += entry.count.limbs.count * 8
    }
    entries = kept
    arena = keptArena
    limbBytes = keptLimbBytes
    var size = 1024
    while size < 2 * entries.count { size *= 2 }
    rehash(size: size)
  }
}
