import Support
import Testing

@testable import StockValuation

/// The byte-level helpers of the fast valuation path against plain, obvious definitions.
@Suite struct InventoryValuerFieldTests {
  private static func word(_ bytes: [UInt8]) -> UInt64 {
    bytes.prefix(8).enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) }
  }

  private static func randomWords(count: Int) -> [[UInt8]] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let alphabet = Array("0123456789.,\n\r\" -aZ/:".utf8) + [0x00, 0x7F, 0x80, 0xAC, 0xFF]
    return (0..<count).map { _ in
      (0..<8).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return alphabet[Int((state >> 33) % UInt64(alphabet.count))]
      }
    }
  }

  @Test func candidatesFlagExactlyTheBytesBelowDashButSpaceOrNotASCII() {
    for bytes in Self.randomWords(count: 20_000) {
      let expected = bytes.enumerated().reduce(UInt64(0)) { mask, element in
        let byte = element.element
        let candidate = (byte < 0x2D && byte != 0x20) || byte >= 0x80
        return candidate ? mask | 0x80 << (8 * UInt64(element.offset)) : mask
      }
      #expect(InventoryValuer.candidates(in: Self.word(bytes)) == expected, "\(bytes)")
    }
  }

  @Test func leadingDigitsAndTheirValueMatchAByteLoop() {
    for bytes in Self.randomWords(count: 20_000) {
      let digits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
      #expect(InventoryValuer.leadingDigits(in: Self.word(bytes)) == digits.count, "\(bytes)")
      if !digits.isEmpty {
        let value = digits.reduce(Int64(0)) { $0 * 10 + Int64($1 - 0x30) }
        #expect(
          InventoryValuer.digitsValue(of: Self.word(bytes), count: digits.count) == value)
      }
    }
    let eight = Array("98765432".utf8)
    #expect(InventoryValuer.digitsValue(of: Self.word(eight), count: 8) == 98_765_432)
  }

  /// Eight bytes read as eight digits: every byte value at every place among digits, and
  /// random words, against a byte loop.
  @Test func eightDigitsMatchAByteLoop() {
    var words = Self.randomWords(count: 20_000)
    for place in 0..<8 {
      for byte in 0...255 {
        var bytes = Array("31415926".utf8)
        bytes[place] = UInt8(byte)
        words.append(bytes)
      }
    }
    for bytes in words {
      let expected =
        bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        ? bytes.reduce(Int64(0)) { $0 * 10 + Int64($1 - 0x30) } : nil
      #expect(InventoryValuer.eightDigits(Self.word(bytes)) == expected, "\(bytes)")
    }
  }

  /// Numbers the fast parser accepts are accepted with the same value by ``DecimalSyntax``.
  @Test(arguments: [0, 2, 4])
  func numbersMatchTheGeneralSyntax(decimals: Int) {
    var state: UInt64 = 42
    let alphabet = Array("0123456789.".utf8) + Array("0123456789".utf8) + Array("-,a".utf8)
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let length = Int((state >> 33) % 24)
      var bytes: [UInt8] = []
      for _ in 0..<length {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes.append(alphabet[Int((state >> 33) % UInt64(alphabet.count))])
      }
      let general: Int64? = bytes.withUnsafeBufferPointer { buffer in
        guard let value = try? DecimalSyntax.parse(buffer, allowingNegative: false),
          value.fractionDigits <= decimals, value.magnitude <= UInt64(Int64.max)
        else { return nil }
        let scaled = value.magnitude.multipliedReportingOverflow(
          by: UInt64(Pow10.int64[decimals - value.fractionDigits]))
        return scaled.overflow || scaled.partialValue > UInt64(Int64.max)
          ? nil : Int64(scaled.partialValue)
      }
      // As a whole field, and inside a record (with a line feed and room for wide reads).
      let whole = bytes.withUnsafeBufferPointer {
        InventoryValuer.fixedPoint($0, decimals: decimals)
      }
      let inRecord: Int64? = (bytes + Array("\n0123456789012345".utf8)).withUnsafeBufferPointer {
        guard let view = UnsafeBytes($0),
          let number = InventoryValuer.number(
            view, from: 0, to: bytes.count, decimals: decimals),
          number.stop == bytes.count
        else { return nil }
        return number.value
      }
      for fast in [whole, inRecord] where fast != nil {
        #expect(fast == general, "\(String(decoding: bytes, as: UTF8.self))")
      }
      if bytes.count <= 12, general != nil, !bytes.contains(UInt8(ascii: "-")) {
        #expect(inRecord == general, "\(String(decoding: bytes, as: UTF8.self))")
      }
    }
  }

  @Test func utf8CheckMatchesTheStandardLibraryForAllShortSequences() {
    for first in 0...255 {
      for second in 0...255 {
        let bytes = [UInt8(first), UInt8(second)]
        let expected = String(validating: bytes, as: UTF8.self) != nil
        #expect(bytes.withUnsafeBufferPointer(InventoryValuer.isValidUTF8) == expected)
      }
    }
    for lead in [0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5] {
      for second in stride(from: 0x70, through: 0xC0, by: 0x08) {
        let bytes: [UInt8] = [UInt8(lead), UInt8(second), 0x80, 0x80]
        for count in 3...4 {
          let prefix = Array(bytes.prefix(count))
          let expected = String(validating: prefix, as: UTF8.self) != nil
          #expect(prefix.withUnsafeBufferPointer(InventoryValuer.isValidUTF8) == expected)
        }
      }
    }
  }

  @Test func categoryTableFindsEveryKeyByItsBytes() {
    var table = CategoryTable()
    let keys = (0..<1_000).map { index in
      Array((String(repeating: "k", count: index % 40) + "\(index)").utf8)
    }
    for (value, key) in keys.enumerated() {
      key.withUnsafeBufferPointer { buffer in
        #expect(table.value(for: buffer) == nil)
        table.insert(buffer, value: value)
      }
    }
    #expect(table.count == keys.count)
    for (value, key) in keys.enumerated().reversed() {
      key.withUnsafeBufferPointer { #expect(table.value(for: $0) == value) }
      (key + [0x21]).withUnsafeBufferPointer { #expect(table.value(for: $0) == nil) }
    }
    [UInt8]().withUnsafeBufferPointer { #expect(table.value(for: $0) == nil) }
  }
}
