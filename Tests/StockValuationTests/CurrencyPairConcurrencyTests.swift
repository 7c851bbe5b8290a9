import Testing

@testable import StockValuation

@Suite struct CurrencyPairConcurrencyTests {
  @Test func builtInSingletonsUnderConcurrentFirstUse() async throws {
    let identifiers = try await withThrowingTaskGroup(of: [ObjectIdentifier].self) { group in
      for _ in 0..<200 {
        group.addTask {
          [
            ObjectIdentifier(try CurrencyPairRegistry.shared.factory(for: "USD")),
            ObjectIdentifier(try CurrencyPairRegistry.shared.factory(for: "GBP")),
          ]
        }
      }
      var all: [[ObjectIdentifier]] = []
      for try await pair in group { all.append(pair) }
      return all
    }
    #expect(Set(identifiers.map { $0[0] }).count == 1)
    #expect(Set(identifiers.map { $0[1] }).count == 1)
    #expect(identifiers[0][0] != identifiers[0][1])
  }

  @Test func concurrentRegistrationCreatesOneInstance() async throws {
    let registry = CurrencyPairRegistry()
    let outcomes = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<100 {
        group.addTask {
          (try? registry.register("DKK", symbol: nil, replacingExisting: false)) != nil
        }
      }
      var successes = 0
      for await success in group where success { successes += 1 }
      return successes
    }
    #expect(outcomes == 1)
    let identifiers = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<100 {
        group.addTask { ObjectIdentifier(try registry.factory(for: "DKK")) }
      }
      var all: Set<ObjectIdentifier> = []
      for try await identifier in group { all.insert(identifier) }
      return all
    }
    #expect(identifiers.count == 1)
  }

  @Test func concurrentRegistrationsGiveOneInstance() async throws {
    let registry = CurrencyPairRegistry()
    let identifiers = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<100 {
        group.addTask {
          ObjectIdentifier(try registry.factoryRegisteringIfMissing("PLN"))
        }
      }
      var all: Set<ObjectIdentifier> = []
      for try await identifier in group { all.insert(identifier) }
      return all
    }
    #expect(identifiers.count == 1)
  }

  @Test func localeFormattersUnderConcurrency() async throws {
    let texts = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<50 {
        group.addTask {
          try CurrencyPairRegistry.shared.factory(for: "USD").makeFormatter(locale: "de_DE")
            .format(Money(minorUnits: 123_456, currency: .usd))
        }
      }
      var all: Set<String> = []
      for try await text in group { all.insert(text) }
      return all
    }
    #expect(texts == ["1.234,56\u{A0}$"])
  }
}
