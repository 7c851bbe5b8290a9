// libFuzzer harness for the ECB rate-file readers (daily and historical CSV, daily and
// historical XML; the format is picked from the content as `--rates FILE` picks it).
//
// The first byte picks `--as-of`: none, or a day of 2025. A table that parses is used to convert
// an amount to a few currencies and to take a command-line override, as the program does.

@testable import StockValuation

private let targets = ["GBP", "JPY", "EUR", "BHD", "CHF"]

/// libFuzzer's entry point: runs one input; a crash or failed check is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func ratesFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let selector = data[0]
  let asOf =
    selector < 128
    ? nil : CalendarDate(year: 2025, month: Int(selector % 12) + 1, day: Int(selector % 28) + 1)
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let table: RateTable
  do {
    table = try RateTable.parse(bytes, fileName: "fuzz-rates", asOf: asOf)
  } catch {
    precondition(!error.description.contains("\n"), "multi-line error: \(error.description)")
    return 0
  }
  let amount = Money(minorUnits: Int64(selector) * 1_000_003, currency: .usd)
  let pairs = CurrencyPairRegistry()
  for code in targets {
    _ = try? pairs.register(code)
    guard let factory = try? pairs.factory(for: code),
      let converter = try? factory.makeConverter(rates: table, rounding: .halfEven)
    else { continue }
    _ = try? converter.convert(amount)
  }
  if let override = try? ExchangeRate(base: .usd, quote: .gbp, parsing: "0.60338", source: "fuzz") {
    _ = table.overriding(with: override)
  }
  return 0
}
