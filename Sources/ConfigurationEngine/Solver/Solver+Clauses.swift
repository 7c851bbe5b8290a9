/// Adding clauses, watching them, and keeping the arena compact.
extension Solver {
  /// Adds a clause that must hold in every later call.
  ///
  /// Duplicate literals are merged, a clause with a literal and its negation is skipped, and
  /// literals already false at level 0 are dropped. Variables are made on demand.
  ///
  /// - Parameter clause: The literals, at least one of which must hold; empty makes the
  ///   solver unsatisfiable.
  /// - Returns: False when the clauses are now known unsatisfiable (or the solver exhausted).
  @discardableResult
  package mutating func addClause(_ clause: [Literal]) -> Bool {
    guard isConsistent, !isExhausted else { return false }
    cancelUntil(0)
    retainedLevels = 0
    // The reference may break the new clause: it is set (and checked) again before use.
    hasReference = false
    clauseCodes.count = 0
    for literal in clause {
      guard ensureVariable(Int(literal.variable.index)) else { return false }
      clauseCodes.append(literal.code)
    }
    var codes = UnsafeMutableBufferPointer(start: clauseCodes.base, count: clauseCodes.count)
    codes.sort()
    // Kept codes are compacted to the front: `kept` never passes the code being read.
    var kept = 0
    var previous = UInt32.max
    for code in codes where code != previous {
      if previous != UInt32.max, code == previous ^ 1 { return true }  // tautology
      previous = code
      let value = values[Int(code)]
      if value > 0 { return true }  // satisfied at level 0
      if value == 0 {
        codes[kept] = code
        kept += 1
      }
    }
    switch kept {
    case 0:
      isConsistent = false
    case 1:
      assign(codes[0], reason: Self.noReason)
      if propagate() != Self.noReason { isConsistent = false }
    default:
      guard
        let reference = allocateClause(
          UnsafeBufferPointer(rebasing: codes[0..<kept]), learnt: false, lbd: 0)
      else { return false }
      originals.append(reference)
      attach(reference)
    }
    return isConsistent
  }

  /// Copies a clause into the arena; `nil` (and exhausted) when the arena would pass 2³¹ words.
  mutating func allocateClause(_ literals: UnsafeBufferPointer<UInt32>, learnt: Bool, lbd: Int)
    -> UInt32?
  {
    let reference = arena.count
    guard reference + Self.headerWords + literals.count < Int(Self.binaryFlag) else {
      isExhausted = true
      return nil
    }
    arena.append(UInt32(truncatingIfNeeded: literals.count))
    arena.append((learnt ? 1 : 0) | UInt32(truncatingIfNeeded: min(lbd, 1 << 20)) << 2)
    arena.append(Float(0).bitPattern)
    for literal in literals { arena.append(literal) }
    return UInt32(truncatingIfNeeded: reference)
  }

  /// The clause's size.
  @inline(__always) func clauseSize(_ reference: UInt32) -> Int { Int(clauseBase(reference)[0]) }

  /// The clause's flags word: bit 0 learnt, bit 1 deleted, bits 2… its LBD.
  @inline(__always) func clauseFlags(_ reference: UInt32) -> UInt32 {
    clauseBase(reference)[1]
  }

  /// The clause's `index`-th literal.
  @inline(__always) func clauseLiteral(_ reference: UInt32, _ index: Int) -> UInt32 {
    clauseBase(reference)[Self.headerWords + index]
  }

  /// Watches a clause by its first two literals.
  mutating func attach(_ reference: UInt32) {
    let first = clauseLiteral(reference, 0)
    let second = clauseLiteral(reference, 1)
    let tag = clauseSize(reference) == 2 ? reference | Self.binaryFlag : reference
    addWatch(to: first ^ 1, Watch(clause: tag, blocker: second))
    addWatch(to: second ^ 1, Watch(clause: tag, blocker: first))
  }

  /// Appends a watch to the list of literal code `literal`.
  @inline(__always) mutating func addWatch(to literal: UInt32, _ watch: Watch) {
    Self.append(watch, to: watches.base + Int(literal))
  }

  /// Appends to a watch list in place, growing its storage by doubling.
  @inline(__always) static func append(_ watch: Watch, to list: UnsafeMutablePointer<WatchList>) {
    if list.pointee.count == list.pointee.capacity {
      let newCapacity = max(4, Int(list.pointee.capacity) * 2)
      let storage = UnsafeMutablePointer<Watch>.allocate(capacity: newCapacity)
      if let old = list.pointee.base {
        storage.moveInitialize(from: old, count: Int(list.pointee.count))
        old.deallocate()
      }
      list.pointee.base = storage
      list.pointee.capacity = Int32(truncatingIfNeeded: newCapacity)
    }
    list.pointee.base.unsafelyUnwrapped[Int(list.pointee.count)] = watch
    list.pointee.count += 1
  }

  /// Whether a clause is the reason of its first literal's assignment (so it must stay).
  func isLocked(_ reference: UInt32) -> Bool {
    let first = clauseLiteral(reference, 0)
    return values[Int(first)] > 0 && reasons[Int(first >> 1)] == reference
  }

  /// Halves the learned clauses: keeps the glue ones (LBD ≤ 2) and those that are reasons,
  /// and drops the worst half of the rest by LBD, then by activity.
  mutating func reduceLearnts() {
    statistics.reductions += 1
    var candidates: [(reference: UInt32, lbd: UInt32, activity: Float)] = []
    var kept: [UInt32] = []
    for index in 0..<learnts.count {
      let reference = learnts[index]
      let lbd = clauseFlags(reference) >> 2
      if lbd <= 2 || clauseSize(reference) == 2 || isLocked(reference) {
        kept.append(reference)
      } else {
        let activity = Float(bitPattern: arena[Int(reference) + 2])
        candidates.append((reference, lbd, activity))
      }
    }
    candidates.sort { $0.lbd != $1.lbd ? $0.lbd > $1.lbd : $0.activity < $1.activity }
    let dropped = candidates.count / 2
    for (index, candidate) in candidates.enumerated() {
      if index < dropped {
        arena[Int(candidate.reference) + 1] |= 2
        wastedWords += Self.headerWords + clauseSize(candidate.reference)
      } else {
        kept.append(candidate.reference)
      }
    }
    learnts.count = 0
    for reference in kept { learnts.append(reference) }
    removeDeletedWatches()
    if wastedWords * 5 > arena.count { compactArena() }
  }

  /// Drops watches of deleted clauses from every list.
  mutating func removeDeletedWatches() {
    for literal in 0..<watches.count {
      let list = watches.base + literal
      guard let base = list.pointee.base else { continue }
      var kept = 0
      for index in 0..<Int(list.pointee.count) {
        let watch = base[index]
        let reference = watch.clause & ~Self.binaryFlag
        if arena[Int(reference) + 1] & 2 == 0 {
          base[kept] = watch
          kept += 1
        }
      }
      list.pointee.count = Int32(truncatingIfNeeded: kept)
    }
  }

  /// Copies the live clauses into a fresh arena, then remaps reasons and rebuilds watches.
  mutating func compactArena() {
    var fresh = RawVector<UInt32>(capacity: max(1024, arena.count - wastedWords))
    var remap: [UInt32: UInt32] = [:]
    remap.reserveCapacity(originals.count + learnts.count)
    for isLearnt in [false, true] {
      let count = isLearnt ? learnts.count : originals.count
      for index in 0..<count {
        let reference = isLearnt ? learnts[index] : originals[index]
        let newReference = UInt32(truncatingIfNeeded: fresh.count)
        for offset in 0..<(Self.headerWords + clauseSize(reference)) {
          fresh.append(arena[Int(reference) + offset])
        }
        remap[reference] = newReference
        if isLearnt { learnts[index] = newReference } else { originals[index] = newReference }
      }
    }
    for index in 0..<trail.count {
      let variable = Int(trail[index] >> 1)
      let reason = reasons[variable]
      // Linear reasons live in their own arena and keep their references.
      if reason != Self.noReason, reason & Self.linearReasonFlag == 0 {
        reasons[variable] = remap[reason] ?? Self.noReason
      }
    }
    arena = fresh
    wastedWords = 0
    for literal in 0..<watches.count { watches[literal].count = 0 }
    for index in 0..<originals.count { attach(originals[index]) }
    for index in 0..<learnts.count { attach(learnts[index]) }
  }

  /// Frees the watch lists' storage (the solver's own buffers free themselves).
  func freeWatchLists() {
    for literal in 0..<watches.count { watches[literal].base?.deallocate() }
  }
}
