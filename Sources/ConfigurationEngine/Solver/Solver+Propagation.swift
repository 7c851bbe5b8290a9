/// Assignments, the trail, and unit propagation over the watches.
extension Solver {
  /// Assigns a literal true at the current level.
  @inline(__always) mutating func assign(_ literal: UInt32, reason: UInt32) {
    let variable = Int(literal >> 1)
    values[Int(literal)] = 1
    values[Int(literal ^ 1)] = -1
    levels[variable] = Int32(truncatingIfNeeded: decisionLevel)
    reasons[variable] = reason
    trail.append(literal)
  }

  /// Opens a decision level.
  mutating func newDecisionLevel() {
    trailLimits.append(Int32(truncatingIfNeeded: trail.count))
    if levelStamps.count <= decisionLevel { levelStamps.append(0) }
  }

  /// Undoes every assignment above `level`, saving each variable's last value as its phase.
  mutating func cancelUntil(_ level: Int) {
    guard decisionLevel > level else { return }
    let start = Int(trailLimits[level])
    restartReferenceScan(below: start)
    retractLinear(from: start)
    var index = trail.count - 1
    while index >= start {
      let literal = trail[index]
      let variable = literal >> 1
      values[Int(literal)] = 0
      values[Int(literal ^ 1)] = 0
      phases[Int(variable)] = literal & 1
      if isDecision[Int(variable)] != 0 { order.insert(Int32(truncatingIfNeeded: variable)) }
      index -= 1
    }
    trail.count = start
    propagationHead = start
    trailLimits.count = level
    latePosition = 0
  }

  /// Propagates every assignment not yet propagated, and at each fixpoint the bounds the
  /// feature tree gives totals (`Solver+TreeBound.swift`).
  ///
  /// - Returns: A clause all of whose literals are false, or `noReason`.
  mutating func propagate() -> UInt32 {
    while true {
      let conflict = propagateUnits()
      guard conflict == Self.noReason, !tree.bounded.isEmpty else { return conflict }
      let (bound, implied) = boundTotals()
      if bound != Self.noReason || !implied { return bound }
    }
  }

  /// Propagates every assignment not yet propagated: clauses and linear constraints.
  ///
  /// The loop works on raw pointers taken once: nothing in it reallocates the value, trail,
  /// level, reason or arena storage (the trail was sized for every variable; only the watch
  /// lists of *other* literals grow, each in its own allocation).
  ///
  /// - Returns: A clause all of whose literals are false, or `noReason`.
  mutating func propagateUnits() -> UInt32 {
    var conflict = Self.noReason
    let values = self.values.base
    let watchLists = self.watches.base
    let arena = self.arena.base
    let trail = self.trail.base
    let levels = self.levels.base
    let reasons = self.reasons.base
    let level = Int32(truncatingIfNeeded: decisionLevel)
    var trailCount = self.trail.count
    var head = propagationHead
    let start = head
    let linearCover = UInt32(truncatingIfNeeded: linear.occurrenceCover)
    while head < trailCount {
      let propagated = trail[head]
      head += 1
      if propagated < linearCover {
        conflict = propagateLinear(propagated, trailCount: &trailCount, level: level)
        if conflict != Self.noReason {
          linear.head = head
          head = trailCount
          break
        }
      }
      let falseLiteral = propagated ^ 1
      let list = watchLists + Int(propagated)
      guard let watches = list.pointee.base else { continue }
      let count = Int(list.pointee.count)
      var read = 0
      var write = 0
      while read < count {
        let watch = watches[read]
        read += 1
        let blockerValue = values[Int(watch.blocker)]
        if blockerValue > 0 {
          watches[write] = watch
          write += 1
          continue
        }
        if watch.clause & Self.binaryFlag != 0 {
          watches[write] = watch
          write += 1
          if blockerValue == 0 {
            let implied = watch.blocker
            values[Int(implied)] = 1
            values[Int(implied ^ 1)] = -1
            levels[Int(implied >> 1)] = level
            reasons[Int(implied >> 1)] = watch.clause & ~Self.binaryFlag
            trail[trailCount] = implied
            trailCount += 1
            continue
          }
          conflict = watch.clause & ~Self.binaryFlag
          break
        }
        let reference = Int(watch.clause)
        let literals = arena + reference + Self.headerWords
        if literals[0] == falseLiteral {
          literals[0] = literals[1]
          literals[1] = falseLiteral
        }
        let first = literals[0]
        let moved = Watch(clause: watch.clause, blocker: first)
        if first != watch.blocker, values[Int(first)] > 0 {
          watches[write] = moved
          write += 1
          continue
        }
        let size = Int(arena[reference])
        var replaced = false
        var index = 2
        while index < size {
          let candidate = literals[index]
          if values[Int(candidate)] >= 0 {
            literals[1] = candidate
            literals[index] = falseLiteral
            Self.append(moved, to: watchLists + Int(candidate ^ 1))
            replaced = true
            break
          }
          index += 1
        }
        if replaced { continue }
        watches[write] = moved
        write += 1
        if values[Int(first)] < 0 {
          conflict = watch.clause
          break
        }
        values[Int(first)] = 1
        values[Int(first ^ 1)] = -1
        levels[Int(first >> 1)] = level
        reasons[Int(first >> 1)] = watch.clause
        trail[trailCount] = first
        trailCount += 1
      }
      if conflict != Self.noReason {
        while read < count {
          watches[write] = watches[read]
          read += 1
          write += 1
        }
        list.pointee.count = Int32(truncatingIfNeeded: write)
        linear.head = head
        head = trailCount
        break
      }
      list.pointee.count = Int32(truncatingIfNeeded: write)
    }
    if conflict == Self.noReason { linear.head = head }
    self.trail.count = trailCount
    propagationHead = head
    statistics.propagations += head - start
    return conflict
  }
}
