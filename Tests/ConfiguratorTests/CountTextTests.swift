import Testing

@testable import configurator

/// Long counts in the text table: in full up to 15 digits, else five significant digits
/// rounded half to even with the power of ten, checked against the digits worked by hand.
@Suite struct CountTextTests {
  @Test(arguments: [
    ("0", "0"),
    ("999999999999999", "999999999999999"),
    ("1000000000000000", "≈1.0000×10^15"),
    ("1234549999999999", "≈1.2345×10^15"),
    ("1234550000000000", "≈1.2346×10^15"),  // half, fifth digit odd: up
    ("1234650000000000", "≈1.2346×10^15"),  // half, fifth digit even: stays
    ("1234650000000001", "≈1.2347×10^15"),  // above half
    ("9999950000000000", "≈1.0000×10^16"),  // the carry runs into a new digit
    ("16505272636520770608", "≈1.6505×10^19"),
  ])
  func longCountsAreRoundedHalfToEven(digits: String, shown: String) {
    #expect(CountText.compact(digits) == shown)
  }

  @Test func theExponentIsTheDigitCountLessOne() {
    let digits = "7" + String(repeating: "3", count: 1_534)
    #expect(CountText.compact(digits) == "≈7.3333×10^1534")
  }
}
