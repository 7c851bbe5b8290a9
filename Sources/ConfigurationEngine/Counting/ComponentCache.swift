/// The counts of components already solved, keyed by what determines a component's count
/// exactly: its variables and its clauses that some assignment has shortened.
///
/// Clauses with no assigned literal need not be in the key: every clause whose variables all
/// lie in the component and are unassigned is part of it, whatever led there. A clause with an
/// assigned literal is in the component only while unsatisfied (its other literals false), and
/// then it stands as its literals on the component's variables. So equal keys mean equal
/// residual formulas, and equal counts.
struct ComponentCache {
  /// A component's identity: `[variable count, variables…, shortened clauses…]`, both sorted.
  struct Key: Hashable {
    let words: [UInt32]
    let hash: Int

    static func == (lhs: Key, rhs: Key) -> Bool { lhs.hash == rhs.hash && lhs.words == rhs.words }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
  }

  private var counts: [Key: BigUInt] = [:]
  /// An estimate of the bytes the entries hold (keys, counts, table overhead).
  private(set) var bytes = 0
  /// The most bytes before entries are evicted.
  let capacity: Int
  /// Times entries were evicted.
  private(set) var evictions = 0

  /// How many components are cached.
  var count: Int { counts.count }

  /// Creates an empty cache.
  ///
  /// - Parameter capacity: The most bytes before the cheapest half is evicted.
  init(capacity: Int) { self.capacity = capacity }

  /// The count cached for a component, if any.
  func count(of key: Key) -> BigUInt? { counts[key] }

  /// Caches a component's count, evicting first when the cache is full.
  mutating func store(_ count: BigUInt, for key: Key) {
    let cost = Self.cost(key, count)
    if bytes + cost > capacity { evict() }
    if counts.updateValue(count, forKey: key) == nil { bytes += cost }
  }

  /// Drops the entries of the smaller components (the cheapest to count again) until the
  /// cache is at most half full.
  private mutating func evict() {
    evictions += 1
    let bySize = counts.keys.sorted { $0.words.count > $1.words.count }
    var kept: [Key: BigUInt] = [:]
    var keptBytes = 0
    for key in bySize {
      guard let count = counts[key] else { continue }
      let cost = Self.cost(key, count)
      if keptBytes + cost > capacity / 2 { continue }
      kept[key] = count
      keptBytes += cost
    }
    counts = kept
    bytes = keptBytes
  }

  /// Bytes of one entry: key words, count limbs, two array headers and a table slot.
  private static func cost(_ key: Key, _ count: BigUInt) -> Int {
    key.words.count * 4 + count.limbs.count * 8 + 96
  }
}
