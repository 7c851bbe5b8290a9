import Support
import Testing

@testable import StockValuation

/// The one-pass run reading each number between the stops around it
/// (``InventoryValuer/boundedNumber(_:from:to:count:decimals:)``) and taking quoted names
/// from their stops
/// (``InventoryValuer/valueStandardRun(_:from:line:hasTax:categories:cache:totals:)``),
/// against the general path: numbers of every length with and without a point next to every
/// offset of a 64-byte block and at a chunk's end, values that overflow, and quoted names of
/// every shape.
@Suite struct InventoryValuerBoundsTests {
  /// Feeds `bytes` to both paths in chunks around the 64-byte block and in one chunk, each
  /// followed by filler bytes that would change the outcome if read.
  static func expectSameOutcome(
    _ bytes: [UInt8], sizes: [Int] = [64, 65, 127, 1 << 20],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = InventoryValuerTests.general(bytes, chunkSize: 1 << 20)
    for size in sizes {
      for filler in [UInt8(ascii: "7"), 0x80] {
        #expect(
          InventoryValuerTests.fast(bytes, chunkSize: size, filler: filler) == expected,
          "chunk size \(size), filler \(filler)", sourceLocation: sourceLocation)
      }
    }
  }

  /// A number of `digits` digits (1 to 18), with a point before its last `decimals` digits
  /// (none for 0).
  static func number(digits: Int, decimals: Int) -> String {
    let text = String("987654321098765432".prefix(digits))
    guard decimals > 0, decimals < digits else { return text }
    return text.dropLast(decimals) + "." + text.suffix(decimals)
  }

  /// Rows with `number` as the price, the quantity or the tax, after names of every length
  /// from 0 to 63 bytes past a common row, so that it meets every offset of a 64-byte block.
  static func rows(with number: String, in field: Int) -> [String] {
    (0..<64).map { padding in
      let name = "N" + String(repeating: "x", count: padding)
      let fields = [
        ["\(number)", "3", "7"], ["2.5", "\(number)", "7"], ["2.5", "3", "\(number)"],
      ]
      return "\(name),cat,\(fields[field].joined(separator: ","))\n"
    }
  }

  /// Every length of 1 to 18 digits, without a point and with 1 to 4 decimals, in each of
  /// the three numbers, at every offset of a block: the same totals, or the same error (too
  /// many decimals, a quantity with a point, overflow).
  @Test(arguments: 1...18)
  func numbersOfEveryLengthAtEveryOffsetMatchTheGeneralPath(digits: Int) {
    for decimals in 0...4 where decimals < digits {
      let text = Self.number(digits: digits, decimals: decimals)
      for field in 0..<3 {
        let rows = ["P,cat,1.25,1,\n"] + Self.rows(with: text, in: field)
        Self.expectSameOutcome(Array((InventoryValuerTests.header + rows.joined()).utf8))
      }
    }
  }

  /// Values whose products or sums do not fit: the general path's error at the same line.
  @Test(arguments: [
    "N,c,99999999,99999999,\n", "N,c,9999999.99,9999999999,9999.9999\n",
    "N,c,1,9223372036854775807,\n", "N,c,92233720368547758.07,1,\n", "N,c,12345678,5,\n",
  ])
  func overflowingValuesMatchTheGeneralPath(row: String) {
    let rows = ["P,c,1.25,1,\n"] + Array(repeating: row, count: 70)
    Self.expectSameOutcome(Array((InventoryValuerTests.header + rows.joined()).utf8))
  }

  /// The last number of the file ends exactly where a chunk ends (its line feed, if any, in
  /// the next chunk), for every chunk size around the block and every number length.
  @Test func aNumberEndingAtAChunksEndMatchesTheGeneralPath() {
    for digits in [1, 2, 3, 7, 8, 9] {
      for decimals in 0...2 where decimals < digits {
        let number = Self.number(digits: digits, decimals: decimals)
        for ending in ["", "\n"] {
          let text =
            InventoryValuerTests.header + InventoryValuerStopTests.rows(4).joined()
            + "Last,c1,\(number),4,\(number.count % 3)\n" + "Next,c2,1.5,2,\(number)" + ending
          Self.expectSameOutcome(Array(text.utf8), sizes: Array(60...140) + [1 << 20])
        }
      }
    }
  }

  /// The eight-byte reading against the careful path's on every text of up to five bytes over
  /// a small alphabet (digits, point, sign, space, comma, a non-ASCII byte) and on numbers of
  /// six to nine bytes, followed by digits that must not count: the same value (or `nil`)
  /// for every text of up to eight bytes, `nil` for longer ones.
  @Test func boundedNumbersMatchTheCarefulReading() {
    let alphabet: [UInt8] = Array("07.9-+ ,".utf8) + [0xC3]
    var texts: [[UInt8]] = [[]]
    var all: [[UInt8]] = []
    for _ in 1...5 {
      texts = texts.flatMap { text in alphabet.map { text + [$0] } }
      all += texts
    }
    all += (6...8).flatMap { length in
      (0...4).map { decimals in Array(Self.number(digits: length, decimals: decimals).utf8) }
    }
    all += ["12345.67", "1234567.8", "99999999", "0000.0000", "1.2345", "12.3.4"].map {
      Array($0.utf8)
    }
    for text in all {
      let padded = text + Array("98765432".utf8)
      for decimals in 0...4 {
        let careful = text.withUnsafeBufferPointer {
          InventoryValuer.fixedPoint($0, decimals: decimals)
        }
        let bounded = padded.withUnsafeBufferPointer { buffer in
          UnsafeBytes(buffer).flatMap {
            InventoryValuer.checkedBoundedNumber(
              $0, from: 0, to: text.count, decimals: decimals)
          }
        }
        // More than eight bytes are left to the careful reading.
        #expect(
          bounded == (text.count <= 8 ? careful : nil),
          "\(String(decoding: text, as: UTF8.self)) \(decimals)")
      }
    }
  }

  /// Quoted names of every shape the careful path takes or leaves, at every offset of a
  /// block: doubled quotes, commas and non-ASCII inside, invalid UTF-8, empty, unclosed,
  /// line breaks inside, text after the closing quote.
  @Test(arguments: [
    "\"Kayak, red\"", "\"a\"", "\"\"\"\"", "\"say \"\"hi\"\", ok\"", "\"Café, €\"", "\"\"",
    "\"a\"b", "\"a", "\"a\nb\"", "\"a\rb\"", "\"a\"\"", "x\"a\"", "\"\u{80}\"",
  ])
  func quotedNamesAtEveryOffsetMatchTheGeneralPath(name: String) {
    for offset in 0..<66 {
      let padding = "Y" + String(repeating: "y", count: offset) + ",c,1,1,\n"
      let text =
        InventoryValuerTests.header + "P,c,1,1,\n" + padding + name + ",c,1.25,2,10\n"
        + InventoryValuerStopTests.rows(3).joined()
      Self.expectSameOutcome(Array(text.utf8))
    }
    // Invalid UTF-8 inside the quotes.
    var bytes = Array((InventoryValuerTests.header + "P,c,1,1,\n\"ab").utf8)
    bytes += [0xC3, 0x28] + Array("\",c,1,1,\n".utf8)
    bytes += Array(InventoryValuerStopTests.rows(3).joined().utf8)
    Self.expectSameOutcome(bytes)
  }

  /// Control bytes below 0x0E other than line feed and carriage return (stops of the run
  /// since it scans with one signed compare) in each field and inside a quoted name, at
  /// every offset of a block: left to the careful path, which decides them as before.
  @Test(arguments: [0x00, 0x01, 0x09, 0x0B, 0x0C, 0x0E, 0x1F] as [UInt8])
  func controlBytesAtEveryOffsetMatchTheGeneralPath(control: UInt8) {
    let byte = String(decoding: [control], as: UTF8.self)
    for offset in 0..<66 {
      let padding = String(repeating: "y", count: offset)
      let rows = [
        "N\(padding)\(byte)z,c,1.25,2,10\n", "N\(padding),c\(byte),1.25,2,\n",
        "N\(padding),c,1\(byte)2,2,\n", "N\(padding),c,12,2\(byte),5\n",
        "N\(padding),c,12,2,5\(byte)\n", "\"N\(padding)\(byte)\",c,1,2,\n",
      ]
      for row in rows {
        let text =
          InventoryValuerTests.header + "P,c,1,1,\n" + row
          + InventoryValuerStopTests.rows(3).joined()
        Self.expectSameOutcome(Array(text.utf8))
      }
    }
  }
}
