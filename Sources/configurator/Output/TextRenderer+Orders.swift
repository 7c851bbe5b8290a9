internal import Dealership
internal import StockValuation
import Support

extension TextRenderer {
  /// `order Q-K`: one line naming the order, its quote and car, the total and the deposit.
  func order(_ entry: OrderEntry, money: MoneySettings) {
    let quote = entry.quote
    if let cancellation = entry.cancellation {
      let refund = cancellation.refund.map(money.format) ?? money.format(.zero(quote.currency))
      let deposit = entry.order.deposit.map { " of the " + money.format($0) + " deposit" } ?? ""
      out.line(
        "Cancelled order \(entry.order.reference) of quote \(quote.reference) on "
          + "\(cancellation.date): refunded \(refund)\(deposit).")
      return
    }
    let customer = quote.customer.map { ", " + $0 } ?? ""
    let deposit = entry.order.deposit.map { ", deposit " + money.format($0) } ?? ", no deposit"
    out.line(
      ("Order \(entry.order.reference) of quote \(quote.reference) (build #\(quote.build) "
        + "\(quote.name)\(customer)): total \(money.format(quote.total))\(deposit)")
        .escapingControlCharacters)
  }

  /// `orders`: one row per order, open or closed by its sale.
  func orders(_ entries: [OrderEntry], money: MoneySettings) {
    guard !entries.isEmpty else {
      out.line("No orders yet (order Q-K places one).")
      return
    }
    var table = TextTable([
      ("ORDER", .left), ("DATE", .left), ("QUOTE", .left), ("CAR", .left), ("CUSTOMER", .left),
      ("TOTAL", .right), ("DEPOSIT", .right), ("STATUS", .left),
    ])
    for entry in entries {
      table.append([
        entry.order.reference, entry.order.date.description, entry.quote.reference,
        entry.quote.name, entry.quote.customer ?? "-", money.format(entry.quote.total),
        entry.order.deposit.map(money.format) ?? "-",
        entry.cancellation.map { "cancelled \($0.date)" } ?? entry.sale.map { "sold (sale \($0))" }
          ?? "open",
      ])
    }
    table.write(to: out, width: width)
  }
}
