// The one place where a byte scan uses the processor's vector instructions: SSE2 on x86-64
// (always there), and elsewhere the same masks computed eight bytes at a time in ordinary
// registers. Both give identical results (checked by `ByteScanCoarseStopsTests`).
#if arch(x86_64)
  import _Builtin_intrinsics.intel
#endif

/// Bit masks of the bytes of a CSV text that matter to a scan of plain records: bit `i` of a
/// mask stands for the byte at offset `i`.
///
/// The *coarse stops* are the separators `,` and line feed, and the bytes that take a record
/// off a plain fast path: `"`, every control byte below 0x0E (carriage return and tab among
/// them) and every byte of 0x80 or more (not ASCII).
package enum ByteScan {
  /// The coarse stops among the 16 bytes from `offset` (all 16 readable): on x86-64 one
  /// signed compare (`pcmpgtb`) takes every byte below 0x0E and every byte of 0x80 or more at
  /// once, and two more the comma and the quote.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - offset: The first of the sixteen, at any alignment.
  /// - Returns: Bit `i` set when the byte at `offset + i` is a coarse stop.
  @inlinable @inline(__always)
  static func coarseStops16(_ bytes: UnsafeBytes, at offset: Int) -> UInt16 {
    #if arch(x86_64)
      assert(offset >= 0 && offset <= bytes.count &- 16, "a vector read out of bounds")
      let address = UnsafeRawPointer(bytes.start + offset)
      let vector = _mm_loadu_si128(address.assumingMemoryBound(to: __m128i.self))
      // As signed bytes, 0x80 to 0xFF are negative: below 0x0E too.
      let controls = _mm_cmplt_epi8(vector, _mm_set1_epi8(0x0E))
      let commas = _mm_cmpeq_epi8(vector, _mm_set1_epi8(0x2C))
      let quotes = _mm_cmpeq_epi8(vector, _mm_set1_epi8(0x22))
      let stops = _mm_or_si128(controls, _mm_or_si128(commas, quotes))
      return UInt16(truncatingIfNeeded: _mm_movemask_epi8(stops))
    #else
      return portableCoarseStops16(bytes, at: offset)
    #endif
  }

  /// ``coarseStops16(_:at:)`` for the 64 bytes from `offset` (all 64 readable).
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - offset: The first of the sixty-four, at any alignment.
  /// - Returns: Bit `i` set when the byte at `offset + i` is a coarse stop.
  @inlinable @inline(__always)
  static func coarseStops64(_ bytes: UnsafeBytes, at offset: Int) -> UInt64 {
    UInt64(coarseStops16(bytes, at: offset))
      | UInt64(coarseStops16(bytes, at: offset &+ 16)) << 16
      | UInt64(coarseStops16(bytes, at: offset &+ 32)) << 32
      | UInt64(coarseStops16(bytes, at: offset &+ 48)) << 48
  }

  /// ``coarseStops64(_:at:)`` of `blocks` blocks of 64 bytes from `offset` on, one word
  /// each, into `bitmap` from word `first` on. Callers in other modules call this rather
  /// than the 16- and 64-byte scans: the compiler does not inline the platform's vector
  /// intrinsics across modules, so each call should cover many bytes.
  ///
  /// - Parameters:
  ///   - bytes: The bytes, `64 × blocks` of them readable from `offset`.
  ///   - offset: Where the first block starts, at any alignment.
  ///   - blocks: How many blocks.
  ///   - bitmap: The words; word `first + k` gets the coarse stops of bytes
  ///     `offset + 64k..<offset + 64k + 64`.
  ///   - first: The first word written, with room for `blocks` words from it.
  package static func coarseStops(
    _ bytes: UnsafeBytes, from offset: Int, blocks: Int,
    into bitmap: UnsafeMutableBufferPointer<UInt64>, at first: Int
  ) {
    assert(blocks >= 0 && first >= 0 && first <= bitmap.count &- blocks, "too few words")
    var block = 0
    while block < blocks {
      bitmap[first &+ block] = coarseStops64(bytes, at: offset &+ 64 &* block)
      block &+= 1
    }
  }

  /// ``coarseStops16(_:at:)`` computed eight bytes at a time in ordinary registers, on any
  /// platform: the fallback where there is no vector compare, and the reference the vector
  /// one is tested against.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - offset: The first of the sixteen, at any alignment.
  /// - Returns: Bit `i` set when the byte at `offset + i` is a coarse stop.
  @inlinable @inline(__always)
  static func portableCoarseStops16(_ bytes: UnsafeBytes, at offset: Int) -> UInt16 {
    let low = bytes.word(at: offset)
    let high = bytes.word(at: offset &+ 8)
    return UInt16(coarseStops8(low)) | UInt16(coarseStops8(high)) << 8
  }

  /// The coarse stops of the eight bytes of `word` (the first byte lowest).
  @inlinable @inline(__always)
  static func coarseStops8(_ word: UInt64) -> UInt8 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    // Per byte, the low seven bits + 0x72 reach 0x80 exactly when they are at least 0x0E
    // (at most 0xF1: no carries between bytes); a byte of 0x80 or more is its own mark.
    let controls = ~((word & low) &+ 0x7272_7272_7272_7272) | word
    let stops = equalBytes(word, 0x2C) | equalBytes(word, 0x22) | controls
    return gatherHighBits(stops & ~low)
  }

  /// The high bit of each byte of `word` that equals `byte`, exactly (no carries between
  /// bytes: each byte's low seven bits plus 0x7F stay within the byte).
  @inlinable @inline(__always)
  static func equalBytes(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let difference = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return ~(((difference & low) &+ low) | difference) & ~low
  }

  /// The high bits of the eight bytes of `word` (nothing else set) as eight bits, the first
  /// byte's lowest.
  @inlinable @inline(__always)
  static func gatherHighBits(_ word: UInt64) -> UInt8 {
    // Bit 7 + 8k moves to bit 56 + k; no two partial products meet below bit 56.
    UInt8(truncatingIfNeeded: ((word >> 7) &* 0x0102_0408_1020_4080) >> 56)
  }
}
