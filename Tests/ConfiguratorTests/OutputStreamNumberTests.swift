import Testing

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
}
