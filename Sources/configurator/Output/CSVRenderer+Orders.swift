internal import Dealership
internal import StockValuation

extension CSVRenderer {
  /// `order` and `orders` as a table: one row per order, its amounts in its quote's currency.
  func orders(_ entries: [OrderEntry]) {
    header(
      CSV.row([
        "order", "date", "quote", "build", "name", "customer", "total", "deposit", "currency",
        "status", "sale",
      ]))
    for entry in entries {
      out.line(
        CSV.row([
          entry.order.reference, entry.order.date.description, entry.quote.reference,
          String(entry.quote.build), entry.quote.name, entry.quote.customer ?? "",
          entry.quote.total.decimalString, entry.order.deposit?.decimalString ?? "",
          entry.quote.currency.code, entry.status,
          entry.sale.map(String.init) ?? "",
        ]))
    }
  }
}
