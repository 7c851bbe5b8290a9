/// SHA-256 (FIPS 180-4, section 6.2): the digest a store records of each catalog it loads.
///
/// The toolchain has no hash on Linux (CryptoKit is Apple's; swift-crypto is a package
/// dependency), so the package keeps this one: straight from the standard, for files of at
/// most a few MiB read whole. `SHA256Tests` checks it against the standard's and RFC 6234's
/// test vectors.
package enum SHA256 {
  /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  /// The first 32 bits of the fractional parts of the square roots of the first 8 primes.
  private static let initialHash: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
    0x5be0_cd19,
  ]

  /// The digest of some bytes.
  ///
  /// - Parameter bytes: The message.
  /// - Returns: Its 32-byte digest.
  package static func digest(of bytes: [UInt8]) -> [UInt8] {
    var hash = (
      initialHash[0], initialHash[1], initialHash[2], initialHash[3], initialHash[4],
      initialHash[5], initialHash[6], initialHash[7]
    )
    // The message, a one bit, zeros, and its length in bits as 64 bits: a whole number of
    // 64-byte blocks. Only the last one or two blocks are copied.
    let whole = bytes.count / 64 * 64
    var tail = Array(bytes[whole...])
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    let bits = UInt64(bytes.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
    }
    // Raw buffers, not arrays: a catalog of a few MiB is hashed on every load, and bounds
    // and uniqueness checks per byte tripled the time (every index below is in range by
    // construction: 64-byte blocks, a 64-word schedule, 64 round constants).
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
      roundConstants.withUnsafeBufferPointer { constants in
        func compress(_ bytes: UnsafeBytes, at start: Int) {
          for word in 0..<16 {
            let at = start &+ word &* 4
            schedule[word] =
              UInt32(bytes[at]) << 24 | UInt32(bytes[at &+ 1]) << 16 | UInt32(bytes[at &+ 2]) << 8
              | UInt32(bytes[at &+ 3])
          }
          for word in 16..<64 {
            let early = schedule[word &- 15]
            let late = schedule[word &- 2]
            let sigma0 = rotate(early, 7) ^ rotate(early, 18) ^ (early >> 3)
            let sigma1 = rotate(late, 17) ^ rotate(late, 19) ^ (late >> 10)
            schedule[word] = schedule[word &- 16] &+ sigma0 &+ schedule[word &- 7] &+ sigma1
          }
          var (a, b, c, d, e, f, g, h) = hash
          for round in 0..<64 {
            let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
            let choice = (e & f) ^ (~e & g)
            let first = h &+ sum1 &+ choice &+ constants[round] &+ schedule[round]
            let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let second = sum0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ first, c, b, a, first &+ second)
          }
          hash = (
            hash.0 &+ a, hash.1 &+ b, hash.2 &+ c, hash.3 &+ d, hash.4 &+ e, hash.5 &+ f,
            hash.6 &+ g, hash.7 &+ h
          )
        }
        bytes.withUnsafeBufferPointer { message in
          guard let message = UnsafeBytes(message) else { return }
          for start in stride(from: 0, to: whole, by: 64) { compress(message, at: start) }
        }
        tail.withUnsafeBufferPointer { last in
          guard let last = UnsafeBytes(last) else { return }
          for start in stride(from: 0, to: last.count, by: 64) { compress(last, at: start) }
        }
      }
    }
    var digest: [UInt8] = []
    digest.reserveCapacity(32)
    for word in [hash.0, hash.1, hash.2, hash.3, hash.4, hash.5, hash.6, hash.7] {
      for shift in stride(from: 24, through: 0, by: -8) {
        digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
      }
    }
    return digest
  }

  /// The digest of some bytes in lower-case hexadecimal (64 characters).
  ///
  /// - Parameter bytes: The message.
  /// - Returns: The digest's text.
  package static func hexDigest(of bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for byte in digest(of: bytes) {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
    value >> count | value << (32 - count)
  }
}
