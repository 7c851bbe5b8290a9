import Testing

@testable import StockValuation

@Suite struct CurrencyPairTests {
  @Test func builtInPairsBelongTogether() throws {
    for code in ["USD", "GBP"] {
      let factory = try CurrencyPairRegistry.shared.factory(for: code)
      let formatter = factory.makeFormatter()
      let converter = try factory.makeConverter(rates: .ecbReference)
      #expect(factory.currency.code == code)
      #expect(formatter.currency == factory.currency)
      #expect(converter.target == factory.currency)
      #expect(converter.source == .usd)
    }
  }

  @Test func theSameInstanceEveryTime() throws {
    let first = try CurrencyPairRegistry.shared.factory(for: "GBP")
    let second = try CurrencyPairRegistry.shared.factory(for: "gbp")
    #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
    #expect(
      ObjectIdentifier(first)
        != ObjectIdentifier(try CurrencyPairRegistry.shared.factory(for: "USD")))
  }

  @Test func unknownCodeNamesItAndSuggests() {
    #expect(throws: CurrencyError.unknownCurrency("GPB", suggestion: "GBP")) {
      try CurrencyPairRegistry.shared.factory(for: "GPB")
    }
  }

  @Test func otherCurrenciesNeedRegistration() throws {
    let registry = CurrencyPairRegistry()
    #expect(throws: CurrencyError.notRegistered("CHF", registered: ["GBP", "USD"])) {
      try registry.factory(for: "CHF")
    }
    let registered = try registry.register("chf", symbol: nil, replacingExisting: false)
    #expect(ObjectIdentifier(registered) == ObjectIdentifier(try registry.factory(for: "CHF")))
    #expect(registry.registeredCodes == ["CHF", "GBP", "USD"])
    #expect(
      try registered.makeFormatter().format(
        Money(minorUnits: 123_456, currency: registered.currency))
        == "CHF 1,234.56")
  }

  @Test func duplicateRegistrationIsAnErrorUnlessReplacing() throws {
    let registry = CurrencyPairRegistry()
    let first = try registry.register("SEK", symbol: nil, replacingExisting: false)
    #expect(throws: CurrencyError.alreadyRegistered("SEK")) {
      try registry.register("SEK", symbol: nil, replacingExisting: false)
    }
    #expect(throws: CurrencyError.alreadyRegistered("USD")) {
      try registry.register("USD", symbol: nil, replacingExisting: false)
    }
    let replacement = try registry.register("SEK", symbol: "kr ", replacingExisting: true)
    #expect(ObjectIdentifier(first) != ObjectIdentifier(replacement))
    #expect(ObjectIdentifier(try registry.factory(for: "SEK")) == ObjectIdentifier(replacement))
    #expect(
      try replacement.makeFormatter().format(Money(minorUnits: 100, currency: replacement.currency))
        == "kr 1.00")
  }

  @Test func everyRateTableCurrencyCanBeUsedAfterRegistration() throws {
    let registry = CurrencyPairRegistry()
    for rate in RateTable.ecbReference.rates where !["USD", "GBP"].contains(rate.quote.code) {
      let factory = try registry.register(rate.quote.code, symbol: nil, replacingExisting: false)
      let converter = try factory.makeConverter(rates: .ecbReference)
      #expect(converter.target == rate.quote)
      _ = try converter.convert(Money(minorUnits: 100_000, currency: .usd))
    }
    let euro = try registry.register("EUR", symbol: nil, replacingExisting: false)
    #expect(try euro.makeConverter(rates: .ecbReference).target == .eur)
  }

  @Test func aLookupNeverRegisters() throws {
    let registry = CurrencyPairRegistry()
    #expect(throws: CurrencyError.notRegistered("NOK", registered: ["GBP", "USD"])) {
      try registry.factory(for: "nok")
    }
    #expect(registry.registeredCodes == ["GBP", "USD"])
    let first = try registry.register("NOK")
    let second = try registry.factory(for: "nok")
    #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
    #expect(throws: CurrencyError.unknownCurrency("NKO", suggestion: "NOK")) {
      try CurrencyPairRegistry.shared.factoryRegisteringIfMissing("NKO")
    }
  }
}
