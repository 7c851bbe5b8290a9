import CarFactory
import CatalogFixtures
import StockValuation
import Testing

@testable import Dealership
@testable import configurator

/// The quote's promise (SPEC §12): its lines add up exactly to its total, in every currency
/// the rates can reach, for every build of the generated catalogs, with and without discount
/// and tax. The subtotal is checked against one conversion of the reference's price (the
/// brute-force enumeration's, not the engine's), and each line against its own conversion.
@Suite struct QuoteAdditionTests {
  private static let seeds: [UInt64] = Array(1...24)
  /// Discount and tax options, none first.
  private static let terms: [(QuoteRequest.Discount?, String?)] = [
    (nil, nil), (.percent(percent("7.5")), "19.25"), (.amount("1"), "0"),
    (.percent(percent("100")), "100"), (nil, "8.875"),
  ]

  @Test(arguments: seeds)
  func everyBuildsLinesAddUpToItsTotalInEveryCurrency(seed: UInt64) throws {
    let registry = CarRegistry()
    let definition = try RandomCatalog.register(seed: seed, in: registry)
    let line = try registry.productLine(for: definition.id)
    let reference = CatalogReference(definition: definition, line: line)
    let harness = SessionHarness(format: .json, registry: registry)
    let money = harness.session.state.money
    let currencies =
      [Currency.usd, money.rates.base] + money.rates.rates.map(\.quote).filter { $0 != .usd }
    #expect(currencies.count > 20)
    var number = 0
    // Every build, each value chosen or ruled out, so the session makes exactly that build.
    for build in reference.builds.prefix(40) {
      let choices = line.values.indices.map {
        (build.selected[$0] ? "" : "-") + line.values[$0].atom
      }
      try harness.run("build random " + choices.joined(separator: " "))
      number += 1
      for currency in currencies {
        let converter = try money.converter(to: currency)
        let exact = try converter.convert(Money(minorUnits: build.cents, currency: .usd))
        for (discount, tax) in Self.terms {
          let request = QuoteRequest(
            build: number, currency: currency, discount: discount,
            tax: try tax.map { try ExactDecimal(parsing: $0) })
          guard
            case .quote(let quote) = try Interpreter(environment: ProcessEnvironment()).quote(
              request, harness.session.state)
          else {
            Issue.record("no quote")
            continue
          }
          let context = "seed \(seed) build \(number) \(currency.code)"
          #expect(quote.lines.map(\.usd.cents).reduce(0, +) == build.cents, "\(context)")
          #expect(quote.subtotal == exact, "\(context)")
          #expect(
            quote.lines.map(\.amount.minorUnits).reduce(0, +) == quote.subtotal.minorUnits,
            "\(context)")
          let discounted = quote.subtotal.minorUnits - (quote.discount?.amount.minorUnits ?? 0)
          #expect(quote.tax.map(\.base.minorUnits) ?? discounted == discounted, "\(context)")
          #expect(
            discounted + (quote.tax?.amount.minorUnits ?? 0) == quote.total.minorUnits,
            "\(context)")
          for item in quote.lines {
            let own = try converter.convert(Money(minorUnits: item.usd.cents, currency: .usd))
            #expect(abs(item.amount.minorUnits - own.minorUnits) <= 1, "\(context) \(item.label)")
          }
        }
      }
    }
    // A seed whose random rules leave no valid build has nothing to quote.
    #expect(number == min(40, reference.builds.count), "seed \(seed)")
  }

  private static func percent(_ text: String) -> ExactDecimal {
    (try? ExactDecimal(parsing: text)) ?? ExactDecimal(significand: 0, scale: 0)
  }
}
