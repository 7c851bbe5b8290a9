// In-process measurements for scripts/bench: `carbench builds N` builds N cars through
// `Car(model:options:)`; `carbench valuate FILE` values an inventory CSV by streaming it.
import CarFactory
import Foundation
import StockValuation

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "builds":
  let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000
  let requests: [(ModelID, PartChoices)] = [
    (.sports, .none), (.sports, PartChoices(drive: "4wd")), (.compact, .none),
    (.compact, PartChoices(suspension: "firm", drive: "4wd")), (.suv, .none),
  ]
  // Warm-up: the factories are made on first use.
  for (model, options) in requests { _ = try Car(model: model, options: options) }
  var total: Int64 = 0
  let elapsed = try seconds {
    for index in 0..<count {
      let (model, options) = requests[index % requests.count]
      total &+= try Car(model: model, options: options).price.cents
    }
  }
  print("builds: \(count) in \(String(format: "%.3f", elapsed)) s = \(String(format: "%.2f", Double(count) / elapsed / 1e6))M builds/s (checksum \(total))")
case "valuate":
  guard let path = arguments.dropFirst().first else {
    print("usage: carbench valuate FILE")
    exit(64)
  }
  var accumulator = StockAccumulator()
  let elapsed = try seconds { accumulator = try InventoryCSV.accumulate(fromFile: path) }
  let total = try accumulator.exactTotal.rounded()
  print("valuate: \(accumulator.lineCount) rows in \(String(format: "%.3f", elapsed)) s = \(String(format: "%.2f", Double(accumulator.lineCount) / elapsed / 1e6))M rows/s; \(accumulator.itemCount) items, total \(total.decimalString) USD (exact \(accumulator.exactTotal.decimalString))")
default:
  print("usage: carbench builds N | carbench valuate FILE")
  exit(64)
}
