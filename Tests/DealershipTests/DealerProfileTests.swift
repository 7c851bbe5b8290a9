import StockValuation
import Testing

@testable import Dealership

/// `dealer NAME [address=…] [phone=…] [vat=…] [tax=LABEL P%]` (SPEC §15): the profile is kept
/// in the session, quotes carry it, and its tax is their default with its label.
@Suite struct DealerProfileTests {
  @Test func theProfileIsKeptAndAnOptionGivenAgainReplacesOnlyItself() throws {
    let day = try DealScript()
    try day.run(
      "dealer Kings Motors address=\"12 High Street, Leeds LS1 4AB\" phone=\"0113 496 0000\" "
        + "vat=GB123456789 tax=VAT 20%")
    let profile = try #require(day.state.dealer)
    #expect(profile.name == "Kings Motors")
    #expect(profile.addressLines == ["12 High Street", "Leeds LS1 4AB"])
    #expect(profile.phone == "0113 496 0000")
    #expect(profile.vat == "GB123456789")
    #expect(
      profile.tax
        == DealerProfile.Tax(label: "VAT", percent: ExactDecimal(significand: 20, scale: 0)))
    // An empty option clears its field; the others stay; a quoted tax reads the same.
    try day.run("dealer phone= tax=\"MwSt 19.5%\"")
    #expect(day.state.dealer?.phone == nil)
    #expect(day.state.dealer?.vat == "GB123456789")
    #expect(day.state.dealer?.tax?.label == "MwSt")
    #expect(day.state.dealer?.tax?.percent == ExactDecimal(significand: 195, scale: 1))
    guard case .event(.dealer(let shown, let changed)) = try day.run("dealer").first else {
      Issue.record("not the profile")
      return
    }
    #expect(shown == day.state.dealer && !changed)
  }

  @Test func badProfilesAreRefusedNamingTheValueAndChangeNothing() throws {
    let day = try DealScript()
    // No name yet: the details alone cannot make a profile.
    guard case .missingArgument("dealer", .dealerName) = day.failure("dealer vat=GB1") else {
      Issue.record("a profile without a name was taken")
      return
    }
    try day.run("dealer Kings")
    let cases: [(String, String)] = [
      ("dealer tax=VAT", "VAT"), ("dealer tax=20%", "20%"), ("dealer \"tax=VAT 101%\"", "101%"),
    ]
    for (line, value) in cases {
      guard case .badValue("dealer", _, let named) = day.failure(line) else {
        Issue.record("\(line) was taken")
        continue
      }
      #expect(named == value)
    }
    guard case .unexpectedArgument("dealer", "phon=1", _) = day.failure("dealer phon=1") else {
      Issue.record("a mistyped option was taken")
      return
    }
    guard case .unexpectedArgument("dealer", "src=x", _) = day.failure("dealer vat=1 src=x")
    else {
      Issue.record("an unknown option after an option was taken")
      return
    }
    #expect(day.state.dealer == DealerProfile(name: "Kings"))
  }

  @Test func theProfilesTaxIsTheQuotesDefaultWithItsLabel() throws {
    let day = try DealScript()
    try day.run("rate GBP 0.60338")
    try day.run("build kart extras=winter")
    try day.run("dealer Kings Motors tax=VAT 20%")
    // $21,500.00 × 0.60338 = £12,972.67 exactly; 5% of it is 648.6335 → £648.63 (half-even);
    // the base £12,324.04; VAT 20% of it 2,464.808 → £2,464.81; total £14,788.85.
    let quote = try #require(try day.quote("quote 1 gbp discount=5%"))
    #expect(quote.subtotal == Money(minorUnits: 1_297_267, currency: .gbp))
    #expect(quote.discount?.amount == Money(minorUnits: 64_863, currency: .gbp))
    #expect(quote.tax?.label == "VAT")
    #expect(quote.tax?.base == Money(minorUnits: 1_232_404, currency: .gbp))
    #expect(quote.tax?.amount == Money(minorUnits: 246_481, currency: .gbp))
    #expect(quote.total == Money(minorUnits: 1_478_885, currency: .gbp))
    #expect(quote.dealer?.name == "Kings Motors")
    // `tax=P%` on the quote wins over the default, keeping the profile's label.
    let own = try #require(try day.quote("quote 1 gbp tax=10%"))
    #expect(own.tax?.percent == ExactDecimal(significand: 10, scale: 0))
    #expect(own.tax?.label == "VAT")
    // Without a profile tax, a quote has none unless asked.
    try day.run("dealer tax=")
    #expect(try day.quote("quote 1 gbp")?.tax == nil)
  }
}
