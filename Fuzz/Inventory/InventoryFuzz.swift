// libFuzzer harness for the inventory CSV reader (`--inventory FILE`, `stock load FILE`).
//
// The input is parsed twice: whole, and in chunks whose size comes from the first byte (the
// file reader streams 64 KiB chunks, so a record may be split anywhere). Both must agree.
// Lines that parse are valued in USD and converted to GBP and JPY, so the overflow checks of
// the stock arithmetic run on hostile quantities and prices.

@testable import StockValuation

private enum Outcome: Equatable {
  case lines([StockLine])
  case failure(String)
}

private func parse(_ bytes: UnsafeBufferPointer<UInt8>, chunkSize: Int) -> Outcome {
  var reader = InventoryReader(file: "fuzz.csv")
  var lines: [StockLine] = []
  let append: (StockLine) throws(MoneyError) -> Void = { lines.append($0) }
  do {
    var start = 0
    repeat {
      let end = min(bytes.count, start + chunkSize)
      try reader.consume(UnsafeBufferPointer(rebasing: bytes[start..<end]), append)
      start = end
    } while start < bytes.count
    try reader.finish(append)
  } catch {
    let message = error.description
    precondition(!message.contains("\n"), "multi-line error: \(message)")
    return .failure(message)
  }
  return .lines(lines)
}

private let converters: [any CurrencyConverting] = ["GBP", "JPY"].compactMap { code in
  let pairs = CurrencyPairRegistry()
  _ = try? pairs.register(code)
  return try? pairs.factory(for: code).makeConverter(rates: .ecbReference)
}

/// libFuzzer's entry point: runs one input; a crash or failed check is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func inventoryFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let chunkSize = Int(data[0]) + 1
  let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
  let whole = parse(bytes, chunkSize: max(bytes.count, 1))
  let chunked = parse(bytes, chunkSize: chunkSize)
  precondition(whole == chunked, "chunked parse differs: \(whole) vs \(chunked)")
  guard case .lines(let lines) = whole else { return 0 }
  for converter in converters {
    _ = try? StockReport(lines: lines, converter: converter)
  }
  return 0
}
