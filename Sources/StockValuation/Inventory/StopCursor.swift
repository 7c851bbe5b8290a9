import Support

/// The *stops* of a chunk from a position on, in order: the bytes where a plain field may
/// end or stop being plain (`,`, line feed, `"`, carriage return, any byte of 0x80 or more,
/// and any other byte below 0x0E, which the run leaves to the careful path), found by
/// ``ByteScan/coarseStops(_:blocks:into:)`` a few 64-byte blocks at a time into a small
/// bitmap and taken one by one from a block's bit mask (its lowest bit, then cleared).
///
/// It never reads outside the chunk: it needs at least 64 bytes from its start, and the last
/// block, when fewer than 64 bytes are left, is read as the chunk's last 64 bytes with the
/// bits of the bytes before it (already taken) shifted out.
struct StopCursor {
  private let base: UnsafePointer<UInt8>
  private let count: Int
  /// The stops of the blocks read ahead, one word per 64 bytes.
  private let bitmap: UnsafeMutablePointer<UInt64>
  private let capacity: Int
  /// The words of ``bitmap`` filled, and the next one to take.
  private var words = 0
  private var nextWord = 0
  /// Where the bits of ``mask`` count from.
  private var blockStart: Int
  /// The stops not yet taken in the 64 bytes from ``blockStart`` (bit `i`: offset `i`).
  private var mask: UInt64 = 0

  /// A cursor over the stops of `base[start..<count]` reading ahead into `bitmap`, or `nil`
  /// if the chunk has fewer than 64 bytes from `start` (or `bitmap` has no room).
  @inline(__always)
  init?(
    _ base: UnsafePointer<UInt8>, count: Int, from start: Int,
    bitmap: UnsafeMutableBufferPointer<UInt64>
  ) {
    guard start >= 0, count - start >= 64, let words = bitmap.baseAddress, bitmap.count > 0
    else { return nil }
    self.base = base
    self.count = count
    self.bitmap = words
    capacity = bitmap.count
    // The first `refill` reads from `start`.
    blockStart = start - 64
  }

  /// The next stop, or `nil` at the end of the chunk.
  @inline(__always)
  mutating func next() -> Int? {
    while mask == 0 {
      guard refill() else { return nil }
    }
    let stop = blockStart &+ mask.trailingZeroBitCount
    mask &= mask &- 1
    return stop
  }

  /// Takes the stops of the 64 bytes after the block (or what is left of the chunk);
  /// `false` at its end.
  @inline(__always)
  private mutating func refill() -> Bool {
    let next = blockStart &+ 64
    guard next < count else { return false }
    blockStart = next
    if nextWord < words {
      mask = bitmap[nextWord]
      nextWord &+= 1
      return true
    }
    readAhead()
    return true
  }

  /// Reads the blocks from ``blockStart`` into the bitmap and takes the first.
  @inline(never)
  private mutating func readAhead() {
    let left = count - blockStart
    let blocks = min(capacity, left / 64)
    if blocks > 0 {
      ByteScan.coarseStops(UnsafeRawPointer(base + blockStart), blocks: blocks, into: bitmap)
      mask = bitmap[0]
      words = blocks
      nextWord = 1
    } else {
      // The chunk's last 64 bytes (the cursor started at least 64 bytes before its end),
      // without the `64 - left` bytes before ``blockStart``.
      ByteScan.coarseStops(UnsafeRawPointer(base + (count - 64)), blocks: 1, into: bitmap)
      mask = bitmap[0] >> (64 - left)
      words = 0
      nextWord = 0
    }
  }

  /// Where the text field whose first stop is `stop` ends (its comma) and whether it is
  /// ASCII, taking its stops; `nil` if a line feed, quote, carriage return or another
  /// control byte below 0x0E comes first, or the chunk ends.
  @inline(__always)
  mutating func textEnd(from stop: Int) -> (stop: Int, isASCII: Bool)? {
    var at = stop
    var isASCII = true
    while true {
      let byte = base[at]
      if byte == UInt8(ascii: ",") { return (at, isASCII) }
      // The other stops below 0x80: line feed, quote, carriage return, other controls.
      guard byte >= 0x80 else { return nil }
      isASCII = false
      guard let following = next() else { return nil }
      at = following
    }
  }

  /// Where the quoted field whose opening quote (a stop already taken) is at `start` ends:
  /// the comma after its closing quote, with its stops taken, and whether the bytes between
  /// the quotes are ASCII; `nil` for an empty field, a control byte below 0x0E inside,
  /// anything but a comma after the closing quote, or the chunk's end. A doubled quote
  /// inside is two stops, both taken.
  @inline(__always)
  mutating func quotedEnd(from start: Int) -> (stop: Int, isASCII: Bool)? {
    let quote = UInt8(ascii: "\"")
    let comma = UInt8(ascii: ",")
    var isASCII = true
    while let stop = next() {
      let byte = base[stop]
      if byte == quote {
        guard stop + 1 < count else { return nil }
        let following = base[stop + 1]
        if following == quote {
          // The doubled quote's second half is the next stop.
          guard next() == stop + 1 else { return nil }
          continue
        }
        guard following == comma, stop > start + 1, next() == stop + 1 else { return nil }
        return (stop + 1, isASCII)
      }
      if byte >= 0x80 {
        isASCII = false
      } else if byte != comma {
        // A line feed, carriage return or another control byte.
        return nil
      }
    }
    return nil
  }
}
