import Glibc
import Testing

@testable import Dealership
@testable import configurator

/// `write(number:)` writes digits without making a string: checked against `String(_:)`.
@Suite struct OutputStreamNumberTests {
  @Test(arguments: [0, 1, 9, 10, 99, 100, 12_345, -1, -10, -987_654_321, Int.max, Int.min])
  func numbersAreWrittenAsStringWritesThem(_ number: Int) {
    let out = OutputStream()
    out.write(number: number)
    out.write(byte: UInt8(ascii: "|"))
    #expect(out.text == String(number) + "|")
  }

  @Test func numbersArePaddedToTheWidthAsked() {
    let out = OutputStream()
    for (number, width) in [(7, 3), (123, 3), (12_345, 3), (-4, 4), (0, 1), (42, 0)] {
      out.write(number: number, width: width)
      out.write(byte: UInt8(ascii: "|"))
    }
    #expect(out.text == "  7|123|12345|  -4|0|42|")
  }

  /// `Build #N` and a block written in one piece, as the pieces would write them, also when
  /// the buffer fills part way (a stream that flushes after every 16 bytes, to a pipe).
  @Test(arguments: [1, 9, 10, 99, 100, 12_345, 1_000_000, Int.max])
  func aBuildIsWrittenAsItsPieces(_ number: Int) throws {
    let block = Array("Car type: VW Golf\nPrice: $28,500.00\n".utf8)
    let expected = "Build #\(number)\n" + String(decoding: block, as: UTF8.self)
    let memory = OutputStream()
    block.withUnsafeBufferPointer { memory.writeBuild(number: number, block: $0) }
    memory.writeBuild(number: number, block: UnsafeBufferPointer(start: nil, count: 0))
    #expect(memory.text == expected + "Build #\(number)\n")

    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    let small = OutputStream(descriptor: descriptors[1], limit: 16)
    for _ in 0..<3 {
      block.withUnsafeBufferPointer { small.writeBuild(number: number, block: $0) }
    }
    small.flush()
    close(descriptors[1])
    var read: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptors[0], $0.baseAddress, 4096) }
      if count <= 0 { break }
      read += chunk[0..<count]
    }
    close(descriptors[0])
    #expect(String(decoding: read, as: UTF8.self) == String(repeating: expected, count: 3))
  }

  /// A build number's digits are counted from its bit length
  /// (``OutputStream/decimalLength(of:)``): checked against the decimal text at every power of
  /// ten, next to it, at every power of two and at random.
  @Test func everyNumberHasTheDigitsOfItsDecimalText() {
    var values: [UInt64] = [0, 1, 9, 10, 11, UInt64.max, UInt64.max - 1, 1 << 63, (1 << 63) - 1]
    var power: UInt64 = 1
    for _ in 0..<20 {
      values += [power, power - 1, power + 1]
      let (next, overflow) = power.multipliedReportingOverflow(by: 10)
      if overflow { break }
      power = next
    }
    for shift in 0..<64 { values += [1 << shift, (1 << shift) - 1] }
    var state: UInt64 = 3
    for _ in 0..<10_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      values.append(state >> (state & 63))
    }
    for value in values {
      #expect(OutputStream.decimalLength(of: value) == String(value).count, "\(value)")
    }
  }
}
