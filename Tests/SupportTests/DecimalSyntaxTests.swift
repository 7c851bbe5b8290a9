import Testing

@testable import Support

/// The one decimal grammar: what it accepts, refuses, and where a number at the start of a
/// field ends.
@Suite struct DecimalSyntaxTests {
  @Test(arguments: ["0", "007", "0.5", "48.95", "123456789012345678", "1.000000000000000001"])
  func plainDecimalsAreAccepted(_ text: String) throws {
    let value = try DecimalSyntax.parse(text, allowingNegative: false)
    let digits = text.filter { $0 != "." }
    #expect(value.magnitude == UInt64(digits))
    #expect(value.fractionDigits == (text.split(separator: ".").dropFirst().first?.count ?? 0))
    #expect(!value.isNegative)
  }

  @Test(arguments: [
    "", " 1", "1 ", "+1", ".5", "1.", "1,234.56", "1e3", "NaN", "inf", "12abc", "--1",
  ])
  func everythingElseIsASyntaxError(_ text: String) {
    #expect(throws: DecimalSyntax.Failure.syntax) {
      _ = try DecimalSyntax.parse(text, allowingNegative: true)
    }
  }

  @Test func signIsOnlyAcceptedWhereAllowed() throws {
    #expect(try DecimalSyntax.parse("-2.5", allowingNegative: true).isNegative)
    #expect(throws: DecimalSyntax.Failure.syntax) {
      _ = try DecimalSyntax.parse("-2.5", allowingNegative: false)
    }
  }

  @Test func digitsPastTheMagnitudeAreOutOfRange() throws {
    #expect(throws: DecimalSyntax.Failure.outOfRange) {
      _ = try DecimalSyntax.parse("18446744073709551616", allowingNegative: false)
    }
    let wide = try DecimalSyntax.parse(
      "18446744073709551616.25", allowingNegative: false, as: UInt128.self)
    #expect(wide.magnitude == 1_844_674_407_370_955_161_625)
    #expect(wide.fractionDigits == 2)
  }

  @Test func prefixFindsWhereANumberEnds() {
    func prefix(_ text: String) -> (UInt64, Int, Int)? {
      Array(text.utf8).withUnsafeBufferPointer { bytes in
        DecimalSyntax.prefix(bytes).map { ($0.value.magnitude, $0.value.fractionDigits, $0.length) }
      }
    }
    #expect(prefix("12.50,3")! == (1250, 2, 5))
    #expect(prefix("7,x")! == (7, 0, 1))
    #expect(prefix("1.,")! == (1, 0, 1))
    #expect(prefix(",1") == nil)
  }
}
