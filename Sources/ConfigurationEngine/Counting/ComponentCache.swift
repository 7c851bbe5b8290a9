/// The counts of components already solved, keyed by what determines a component's count
/// exactly: its variables and its clauses that some assignment has shortened.
///
/// Clauses with no assigned literal need not be in the key: every clause whose variables all
/// lie in the component and are unassigned is part of it, whatever led there. A clause with an
/// assigned literal is in the component only while unsatisfied (its other literals false), and
/// then it stands as its literals on the component's variables. So equal keys mean equal
/// residual formulas, and equal counts. A linear constraint kept as a sum (``CountingLinear``)
/// that may still break holds all its unassigned variables in one component, so it stands in
/// the key as its index and the room it has left. Keys are compared in full: a hash only
/// finds them.
///
/// An open-addressing table over entries whose key words and count limbs lie in chunks of
/// one arena, so that a lookup allocates nothing, no entry is an object of its own, and the
/// memory held is known: the chunks, the entries and the table, never more than the capacity.
/// Eviction keeps the largest components (the costliest to count again) and compacts the
/// arena in place, so it needs no memory of its own.
struct ComponentCache {
  private struct Entry {
    var hash: Int
    /// Where the key starts: chunk and offset in it; the count's limbs follow the key, two
    /// words each.
    var chunk: Int32
    var offset: Int32
    var keyLength: Int32
    var limbCount: Int32
    /// The component's circuit entry when a compilation caches it (``CircuitTrace``).
    var node: UInt32

    var words: Int { Int(keyLength) + 2 * Int(limbCount) }
  }

  /// Words per arena chunk: 4 MiB, less in a small cache (a sixty-fourth of it).
  let chunkWords: Int

  /// Entry indices by hash, -1 where empty; the size is a power of two at least twice the
  /// number of entries.
  private var table = [Int32](repeating: -1, count: 1024)
  private var entries: [Entry] = []
  private var chunks: [[UInt32]] = []
  /// The most bytes held.
  let capacity: Int
  /// Times entries were evicted.
  private(set) var evictions = 0

  /// How many components are cached.
  var count: Int { entries.count }

  /// The bytes the cache holds: whole chunks, the entries' storage and the table.
  var bytes: Int {
    chunks.count * chunkWords * 4 + entries.capacity * MemoryLayout<Entry>.stride
      + table.count * 4
  }

  /// Creates an empty cache.
  ///
  /// - Parameter capacity: The most bytes it may hold.
  init(capacity: Int) {
    self.capacity = capacity
    chunkWords = max(64, min(1 << 20, capacity / 256))
  }

  /// The count cached for a component, if any.
  ///
  /// - Parameters:
  ///   - hash: The key's hash.
  ///   - key: The key words: variable count, sorted variables, sorted shortened clauses.
  /// - Returns: The count, or `nil` when the component is not cached.
  func count(hash: Int, key: [UInt32]) -> BigUInt? {
    lookup(hash: hash, key: key)?.count
  }

  /// The count and circuit entry cached for a component, if any.
  ///
  /// - Parameters:
  ///   - hash: The key's hash.
  ///   - key: The key words.
  /// - Returns: The count and the entry stored with it, or `nil`.
  func lookup(hash: Int, key: [UInt32]) -> (count: BigUInt, node: UInt32)? {
    guard let slot = find(hash: hash, key: key), table[slot] >= 0 else { return nil }
    let entry = entries[Int(table[slot])]
    let chunk = chunks[Int(entry.chunk)]
    let start = Int(entry.offset) + Int(entry.keyLength)
    var limbs = [UInt64](repeating: 0, count: Int(entry.limbCount))
    for index in limbs.indices {
      limbs[index] = UInt64(chunk[start + 2 * index]) | UInt64(chunk[start + 2 * index + 1]) << 32
    }
    return (BigUInt(limbs: limbs), entry.node)
  }

  /// Caches a component's count, evicting first when the cache would pass its capacity; a
  /// component too large for a chunk, or for the cache, is not kept.
  ///
  /// - Parameters:
  ///   - count: The count.
  ///   - hash: The key's hash.
  ///   - key: The key words.
  ///   - node: The component's circuit entry, for a compilation.
  mutating func store(_ count: BigUInt, hash: Int, key: [UInt32], node: UInt32 = 0) {
    let words = key.count + 2 * count.limbs.count
    guard words <= chunkWords else { return }
    if bytes + growth(words: words) > capacity {
      evict()
      if bytes + growth(words: words) > capacity { return }
    }
    if 2 * (entries.count + 1) > table.count { rehash(size: 2 * table.count) }
    guard let slot = find(hash: hash, key: key), table[slot] < 0 else { return }
    if chunks.last.map({ $0.count + words > chunkWords }) ?? true {
      var chunk: [UInt32] = []
      chunk.reserveCapacity(chunkWords)
      chunks.append(chunk)
    }
    let last = chunks.count - 1
    table[slot] = Int32(truncatingIfNeeded: entries.count)
    entries.append(
      Entry(
        hash: hash, chunk: Int32(truncatingIfNeeded: last),
        offset: Int32(truncatingIfNeeded: chunks[last].count),
        keyLength: Int32(truncatingIfNeeded: key.count),
        limbCount: Int32(truncatingIfNeeded: count.limbs.count), node: node))
    chunks[last].append(contentsOf: key)
    for limb in count.limbs {
      chunks[last].append(UInt32(truncatingIfNeeded: limb))
      chunks[last].append(UInt32(truncatingIfNeeded: limb >> 32))
    }
  }

  /// The bytes storing one more entry of `words` words would add: a new chunk, the entries'
  /// storage doubling, the table doubling.
  private func growth(words: Int) -> Int {
    let needsChunk = chunks.last.map { $0.count + words > chunkWords } ?? true
    return (needsChunk ? chunkWords * 4 : 0)
      + (entries.count == entries.capacity
        ? max(entries.capacity, 16) * MemoryLayout<Entry>.stride : 0)
      + (2 * (entries.count + 1) > table.count ? table.count * 4 : 0)
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
      if entry.hash == hash, Int(entry.keyLength) == key.count {
        let start = Int(entry.offset)
        if chunks[Int(entry.chunk)][start..<(start + key.count)].elementsEqual(key) {
          return slot
        }
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

  /// Keeps the entries of the larger components within about half the capacity and drops
  /// the rest, moving the kept words towards the arena's start (a kept entry never moves
  /// past where it was, so the move needs no second arena).
  private mutating func evict() {
    evictions += 1
    // The smallest key length kept: the longest keys first, until half the arena is used.
    var wordsByLength: [Int: Int] = [:]
    for entry in entries { wordsByLength[Int(entry.keyLength), default: 0] += entry.words }
    let budget =
      max(0, capacity / 2 - table.count * 4 - entries.capacity * MemoryLayout<Entry>.stride) / 4
    var threshold = Int.max
    var kept = 0
    for (length, words) in wordsByLength.sorted(by: { $0.key > $1.key }) {
      if kept + words > budget { break }
      kept += words
      threshold = length
    }
    var writeChunk = 0
    var writeOffset = 0
    var survivors = 0
    for index in entries.indices where Int(entries[index].keyLength) >= threshold {
      var entry = entries[index]
      if writeOffset + entry.words > chunkWords {
        chunks[writeChunk].removeSubrange(writeOffset...)
        writeChunk += 1
        writeOffset = 0
      }
      let source = Int(entry.chunk)
      let start = Int(entry.offset)
      for word in 0..<entry.words {
        let value = chunks[source][start + word]
        if writeOffset + word < chunks[writeChunk].count {
          chunks[writeChunk][writeOffset + word] = value
        } else {
          chunks[writeChunk].append(value)
        }
      }
      entry.chunk = Int32(truncatingIfNeeded: writeChunk)
      entry.offset = Int32(truncatingIfNeeded: writeOffset)
      writeOffset += entry.words
      entries[survivors] = entry
      survivors += 1
    }
    entries.removeSubrange(survivors...)
    if survivors == 0 {
      chunks = []
    } else {
      chunks[writeChunk].removeSubrange(writeOffset...)
      chunks.removeSubrange((writeChunk + 1)...)
    }
    var size = 1024
    while size < 2 * entries.count { size *= 2 }
    rehash(size: size)
  }
}
