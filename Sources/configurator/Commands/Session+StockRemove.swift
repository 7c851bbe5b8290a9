internal import CarFactory
internal import StockValuation
import Support

/// `stock remove N|NAME [QTY]`: a sale, or a car taken out of stock (SPEC §9).
extension Session {
  func removeFromStock(_ arguments: [String]) throws(CommandError) -> CommandResult {
    let usage = "usage: stock remove N|NAME [QTY]"
    guard let target = arguments.first else {
      throw .missingArgument(
        command: "stock remove", what: "build number or product name", hint: usage)
    }
    if arguments.count > 2 {
      throw .unexpectedArgument(command: "stock remove", word: arguments[2], hint: usage)
    }
    let quantity =
      arguments.count == 2 ? try Self.quantity(arguments[1], for: "stock remove") : 1
    let index = try stockLineIndex(target)
    let line = stock[index]
    guard quantity <= line.quantity else {
      throw .limit(
        command: "stock remove",
        reason: "cannot take \(quantity) of '\(line.name)' out of stock (\(line.quantity) in stock)"
      )
    }
    let left = line.quantity - quantity
    if left == 0 {
      stock.remove(at: index)
    } else {
      stock[index] = try line.withQuantity(left, for: "stock remove")
    }
    return .event(
      .stockRemoved(name: line.name, category: line.category, quantity: quantity, left: left))
  }

  /// A quantity argument: a whole number from 1.
  static func quantity(_ text: String, for command: String) throws(CommandError) -> Int64 {
    guard let value = Int64(text), value > 0, text.allSatisfy(\.isASCII), !text.hasPrefix("+")
    else {
      throw .badValue(
        command: command, what: "quantity", value: text, expected: "a whole number from 1")
    }
    return value
  }

  /// The stock line a build number (`3`, `#3`) or a product name (any case) names.
  private func stockLineIndex(_ target: String) throws(CommandError) -> Int {
    let digits = target.hasPrefix("#") ? target.dropFirst() : target[...]
    if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
      let record = try buildRecord(target, for: .stock, label: "stock remove")
      guard case .car(let configuration) = entry(for: record) else {
        throw .unavailable(
          command: "stock remove", reason: "build #\(record.number) is not a car in stock")
      }
      let car = configuration.car
      let price = Money(minorUnits: record.price.cents, currency: .usd)
      let key = StockLineKey(
        name: car.displayName, category: car.model.rawValue, unitPrice: price, tax: nil)
      guard let index = stock.firstIndex(where: { StockLineKey($0) == key }) else {
        throw .notFound(
          command: "stock remove",
          reason: "build #\(record.number) ('\(car.displayName)') is not in stock")
      }
      return index
    }
    let wanted = target.lowercased()
    let matches = stock.indices.filter { stock[$0].name.lowercased() == wanted }
    switch matches.count {
    case 1: return matches[0]
    case 0:
      let names = Array(Set(stock.map(\.name))).sorted()
      let hint = Suggestion.hint(for: target, in: names)
      let list = names.isEmpty ? "the stock has no lines" : "products: " + Self.list(names)
      throw .notFound(
        command: "stock remove", reason: "no product '\(target)' in stock\(hint) (\(list))")
    default:
      let lines = matches.map { "\(stock[$0].category) at \(stock[$0].unitPrice)" }
      throw .invalid(
        command: "stock remove",
        reason: "\(matches.count) lines are named '\(target)' (\(Self.list(lines))); "
          + "give the build number instead")
    }
  }

  /// At most ten names, then `...`.
  static func list(_ names: [String]) -> String {
    names.prefix(10).joined(separator: ", ") + (names.count > 10 ? ", ..." : "")
  }
}

/// What makes two stock lines one: equal name, category, unit price and tax (the quantities
/// add up).
struct StockLineKey: Hashable {
  let name: String
  let category: String
  let unitPrice: Money
  let tax: ExactDecimal?

  init(name: String, category: String, unitPrice: Money, tax: ExactDecimal?) {
    self.name = name
    self.category = category
    self.unitPrice = unitPrice
    // `10` and `10.0` percent are one tax: decimals compare by value.
    self.tax = tax
  }

  init(_ line: StockLine) {
    self.init(
      name: line.name, category: line.category, unitPrice: line.unitPrice, tax: line.taxPercent)
  }
}

extension StockLine {
  /// The line with another quantity (one that a line already held, or a sum checked to fit).
  func withQuantity(_ quantity: Int64, for command: String) throws(CommandError) -> StockLine {
    do {
      return try StockLine(
        name: name, category: category, unitPrice: unitPrice, quantity: quantity,
        taxPercent: taxPercent)
    } catch {
      throw .failed(command: command, error)
    }
  }
}
