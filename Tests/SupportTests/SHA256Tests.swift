import Testing

@testable import Support

/// SHA-256 against the test vectors of FIPS 180-4's examples (NIST CSRC "SHA256.pdf") and
/// RFC 6234 section 8.5.
@Suite struct SHA256Tests {
  static let vectors: [(message: [UInt8], digest: String)] = [
    (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    ([], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    (
      [UInt8](repeating: 0x61, count: 1_000_000),
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    ),
    (
      Array(
        String(
          repeating: "0123456701234567012345670123456701234567012345670123456701234567", count: 10
        )
        .utf8),
      "594847328451bdfa85056225462cc1d867d877fb388df0ce35f25ab5562bfbb5"
    ),
    ([0x19], "68aa2e2ee5dff96e3355e6c7ee373e3d6a4e17f75f9518d843709c0c9bc3e3d4"),
  ]

  @Test(arguments: 0..<vectors.count)
  func digestsMatchTheStandardsVectors(_ index: Int) {
    let vector = Self.vectors[index]
    #expect(SHA256.hexDigest(of: vector.message) == vector.digest)
  }

  /// Messages around the block size: the padding takes one or two blocks.
  @Test func lengthsAroundTheBlockSizeDigestDifferently() {
    var seen: Set<String> = []
    for length in 50...130 {
      let digest = SHA256.hexDigest(of: [UInt8](repeating: 0x61, count: length))
      #expect(digest.count == 64)
      seen.insert(digest)
    }
    #expect(seen.count == 81)
    // 55 bytes fit one padded block, 56 need two (the values from `sha256sum`).
    #expect(
      SHA256.hexDigest(of: [UInt8](repeating: 0x61, count: 55))
        == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
    #expect(
      SHA256.hexDigest(of: [UInt8](repeating: 0x61, count: 56))
        == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    #expect(
      SHA256.hexDigest(of: [UInt8](repeating: 0x61, count: 64))
        == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
  }
}
