internal import Dealership
internal import StockValuation

extension JSONLinesRenderer {
  /// `order Q-K` as `{"type":"order",…}`: the fields of ``orderFields(_:)``.
  func order(_ entry: OrderEntry) -> JSONObject {
    var object = JSONObject()
    object.add("type", entry.cancellation == nil ? "order" : "orderCancelled")
    Self.orderFields(entry, into: &object)
    return object
  }

  /// `orders` as one object: `orders`, each with the fields of ``orderFields(_:)``.
  func orders(_ entries: [OrderEntry]) -> JSONObject {
    var object = JSONObject()
    object.add("type", "orders")
    object.add(
      "orders",
      entries.map { entry in
        var fields = JSONObject()
        Self.orderFields(entry, into: &fields)
        return fields
      })
    return object
  }

  /// `order`, `number`, `quote`, `build`, `name`, `customer`, `date`, `currency`, `total`,
  /// `deposit` (null for none), `status` (`open` or `closed`) and `sale` (null while open).
  private static func orderFields(_ entry: OrderEntry, into object: inout JSONObject) {
    object.add("order", entry.order.reference)
    object.add("number", entry.order.number)
    object.add("quote", entry.quote.reference)
    object.add("build", entry.quote.build)
    object.add("name", entry.quote.name)
    object.add("customer", entry.quote.customer)
    object.add("date", entry.order.date.description)
    object.add("currency", entry.quote.currency.code)
    object.add("total", money(entry.quote.total))
    if let deposit = entry.order.deposit {
      object.add("deposit", money(deposit))
    } else {
      object.add("deposit", nil as String?)
    }
    object.add("status", entry.status)
    object.add("sale", entry.sale)
    if let cancellation = entry.cancellation {
      object.add("cancelled", cancellation.date.description)
      object.add("refund", money(cancellation.refund ?? .zero(entry.quote.currency)))
    }
  }
}
