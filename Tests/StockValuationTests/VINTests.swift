import Testing

@testable import StockValuation

/// VINs as inventories carry them (ISO 3779): 17 letters and digits without I, O, Q.
@Suite struct VINTests {
  @Test(arguments: [
    ("WVWZZZ1KZ8W000001", "WVWZZZ1KZ8W000001"),
    ("wp0zzz98zts392124", "WP0ZZZ98ZTS392124"),
    ("1HGCM82633A004352", "1HGCM82633A004352"),
  ])
  func aVINIsKeptInUpperCase(text: String, kept: String) {
    #expect(VIN.checked(text) == kept)
  }

  @Test(arguments: [
    "", "WVWZZZ1KZ8W00000", "WVWZZZ1KZ8W0000012", "WVWZZZ1KZ8W00000I", "WVWZZZ1KZ8W00000O",
    "WVWZZZ1KZ8W00000Q", "WVWZZZ1KZ8W0000-1", "WVWZZZ1KZ8W 00001", "WVWZZZ1KZ8W0000é",
  ])
  func anythingElseIsNoVIN(text: String) {
    #expect(VIN.checked(text) == nil)
  }

  @Test func anInventoryKeepsEachLinesVIN() throws {
    let lines = try InventoryCSV.readLines(
      from: "name,category,unit_price,quantity,vin\nGolf,compact,1.00,1,wvwzzz1kz8w000001\n"
        + "Polo,compact,1.00,3,\n",
      fileName: "cars.csv")
    #expect(lines.map(\.vin) == ["WVWZZZ1KZ8W000001", nil])
    #expect(lines.map(\.quantity) == [1, 3])
  }

  @Test(arguments: [
    (
      "name,category,unit_price,quantity,vin\nGolf,compact,1.00,1,WVW\n",
      "cars.csv:2: vin: bad VIN 'WVW' (expected 17 letters and digits, without I, O or Q)"
    ),
    (
      "name,category,unit_price,quantity,vin\nGolf,compact,1.00,2,WVWZZZ1KZ8W000001\n",
      "cars.csv:2: quantity: a line with a VIN is one car: expected 0 or 1, got 2"
    ),
  ])
  func aBadVINIsRefusedNamingItsLine(text: String, message: String) {
    #expect(throws: InventoryError.self) {
      try InventoryCSV.readLines(from: text, fileName: "cars.csv")
    }
    do {
      _ = try InventoryCSV.readLines(from: text, fileName: "cars.csv")
    } catch {
      #expect(error.description == message)
    }
  }
}

/// A price taken back to USD at the rate one amount was converted by.
@Suite struct MoneyScalingTests {
  @Test func scalingRoundsOnceHalfEvenOrHalfUp() throws {
    // 22,000.00 GBP × 3,524,000 / 2,126,311 = 3,646,127.02… cents: 36,461.27 USD.
    let price = Money(minorUnits: 2_200_000, currency: .gbp)
    let usd = try price.scaled(by: 3_524_000, over: 2_126_311, in: .usd, rounding: .halfEven)
    #expect(usd == Money(minorUnits: 3_646_127, currency: .usd))
    // An exact tie: 5 × 1 / 2 = 2.5 cents.
    let five = Money(minorUnits: 5, currency: .gbp)
    #expect(
      try five.scaled(by: 1, over: 2, in: .usd, rounding: .halfEven).minorUnits == 2)
    #expect(try five.scaled(by: 1, over: 2, in: .usd, rounding: .halfUp).minorUnits == 3)
    // Equal amounts give the other amount exactly.
    #expect(
      try Money(minorUnits: 2_126_311, currency: .gbp).scaled(
        by: 3_524_000, over: 2_126_311, in: .usd, rounding: .halfEven
      ).minorUnits == 3_524_000)
  }

  @Test func aResultPastTheRangeIsAnErrorNotATrap() {
    let price = Money(minorUnits: .max, currency: .gbp)
    #expect(throws: MoneyError.self) {
      try price.scaled(by: 2, over: 1, in: .usd, rounding: .halfEven)
    }
    #expect(throws: MoneyError.self) {
      try price.scaled(by: 1, over: 0, in: .usd, rounding: .halfEven)
    }
  }
}
