// libFuzzer harness for the inventory CSV reader (`--inventory FILE`, `stock load FILE`).
//
// The input is parsed twice: whole, and in chunks whose size comes from the first byte (the
// file reader streams 64 KiB chunks, so a record may be split anywhere). Both must agree.
// Lines that parse are valued in USD and converted to GBP and JPY, so the overflow checks of
// the stock arithmetic run on hostile quantities and prices. The valuation's fast path
// (`InventoryValuer`'s runs, in up to five parts split anywhere, read in those chunks) must
// give what the reader's lines give valued one by one: the same totals and categories, or
// the same error.

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

/// What a valuation gives: its figures and categories, or its error's text.
private struct Valued: Equatable {
  var lineCount = 0
  var itemCount: Int64 = 0
  var total: ExactMoney?
  var categories: [StockAccumulator.CategoryTotal] = []
  var error: String?

  init(_ accumulator: StockAccumulator) {
    lineCount = accumulator.lineCount
    itemCount = accumulator.itemCount
    total = accumulator.exactTotal
    categories = accumulator.categories
  }

  init(error: String) { self.error = error }
}

/// The reader's lines valued one by one (the general path).
private func generalValuation(_ bytes: UnsafeBufferPointer<UInt8>) -> Valued {
  var reader = InventoryReader(file: "fuzz.csv")
  var accumulator = StockAccumulator(currency: .usd)
  let add: (StockLine) throws(MoneyError) -> Void = { try accumulator.add($0) }
  do {
    try reader.consume(bytes, add)
    try reader.finish(add)
  } catch {
    return Valued(error: error.description)
  }
  return Valued(accumulator)
}

/// The valuation's fast path, in up to `parts` parts of any size, `chunkSize` bytes at a time;
/// the parts valued one after another on this thread (the splits, the merge in file order and
/// the resumption after an error are the same; threads would make a run 30 times slower).
private func fastValuation(_ bytes: UnsafeBufferPointer<UInt8>, parts: Int, chunkSize: Int)
  -> Valued
{
  do {
    let (totals, _) = try InventoryValuation.value(
      .memory(Array(bytes)), file: "fuzz.csv", parts: parts, minimumPartSize: 1,
      chunkSize: chunkSize,
      workers: 1)
    return Valued(totals)
  } catch {
    return Valued(error: error.description)
  }
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
  let general = generalValuation(bytes)
  let fast = fastValuation(bytes, parts: Int(data[0] % 5) + 1, chunkSize: chunkSize)
  precondition(fast == general, "valuation differs: \(fast) vs \(general)")
  guard case .lines(let lines) = whole else { return 0 }
  for converter in converters {
    _ = try? StockReport(lines: lines, converter: converter)
  }
  return 0
}
