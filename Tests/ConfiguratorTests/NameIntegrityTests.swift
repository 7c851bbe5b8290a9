import Foundation
import Support
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// Issue 49: names that are printed (a customer, the dealer, a stock line's name from a file)
/// refuse the bidirectional controls as they refuse control characters — invisible, U+202E
/// reversed the amounts on the printed sales page — and a sold car's VIN cannot be loaded
/// into stock again without a word.
@Suite struct NameIntegrityTests {
  static let controls = ["\u{202E}", "\u{202A}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{061C}"]

  @Test(arguments: controls)
  func aCustomerOrDealerWithABidiControlIsRefused(_ control: String) {
    let harness = SessionHarness()
    let sale = harness.failure("stock sell S-1 customer=Ann\(control)1")
    #expect(
      sale?.hasPrefix("stock sell: bad customer (contains a control character) 'Ann\\u{") == true)
    #expect(harness.session.state.sales.entries.isEmpty)
    #expect(
      harness.failure("dealer Bob\(control)s")?.contains("contains a control character") == true)
    #expect(harness.failure("quote 1 customer=X\(control)")?.contains("control character") == true)
  }

  @Test(arguments: controls)
  func anInventoryNameWithABidiControlIsRefused(_ control: String) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try scratch.write(
      "name,category,unit_price,quantity\nEvil\(control) 00.005,compact,100.00,1\n", to: "in.csv")
    let harness = SessionHarness()
    let lines = harness.session.state.stock.lines
    let error = harness.failure("stock load \(scratch.path("in.csv"))")
    #expect(error?.contains(":2: name: bidirectional control U+") == true, "\(error ?? "")")
    #expect(harness.session.state.stock.lines == lines)
  }

  @Test func escapedMessagesShowBidiControlsAsEscapes() {
    #expect("a\u{202E}b".escapingControlCharacters == "a\\u{202E}b")
    #expect("‘quoted’ – fine…".escapingControlCharacters == "‘quoted’ – fine…")
  }

  @Test func aSoldVINIsNotLoadedAgain() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try scratch.write(
      "name,category,unit_price,quantity,vin\nVW Golf,compact,28500.00,1,WVWZZZ1KZ8W000001\n",
      to: "car.csv")
    let file = scratch.path("car.csv")
    let harness = SessionHarness(clean: true)
    try harness.run("stock load \(file)")
    try harness.run("stock sell S-1 customer=Ann")
    #expect(
      harness.failure("stock load \(file)")
        == "stock load: \(file): VIN 'WVWZZZ1KZ8W000001' was sold (sale 1); void that sale to "
        + "stock the car again; nothing was changed")
    #expect(harness.failure("stock load --replace \(file)")?.contains("was sold (sale 1)") == true)
    #expect(harness.session.state.stock.lines.isEmpty)
    // Voided, the car is back in stock, and sold again: the second sale is the one named.
    try harness.run("stock sell S-1 void")
    try harness.run("stock sell S-1 customer=Bob")
    #expect(harness.failure("stock load \(file)")?.contains("was sold (sale 3)") == true)
  }
}
