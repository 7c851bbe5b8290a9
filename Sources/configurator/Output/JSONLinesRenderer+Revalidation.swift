import CarFactory
import Dealership
import StockValuation

/// `revalidate` as JSON Lines (SPEC §16): one object per record,
/// `{"type":"revalidation","record":"#1","kind":"build","number":1,"build":1,"model":…,
/// "choices":[…],"state":"invalid","detail":…,"conflict":{…,"waysOut":[…]}}`; a record that
/// stands has `"price"` and, when it changed, `"previousPrice"`.
extension JSONLinesRenderer {
  func revalidation(_ result: RevalidationResult, money: MoneySettings) -> [JSONObject] {
    result.items.map { item in
      var object = JSONObject()
      object.add("type", "revalidation")
      object.add("date", result.date.description)
      object.add("record", item.record.label)
      object.add("kind", item.record.kind)
      switch item.record {
      case .build(let number):
        object.add("number", number)
        object.add("build", number)
      case .stock(let number, let build), .quote(let number, let build),
        .order(let number, let build):
        object.add("number", number)
        object.add("build", build)
      case .car: break
      }
      object.add("model", item.model.rawValue.isEmpty ? nil : item.model.rawValue)
      object.add("choices", strings: item.choices)
      object.add("state", item.verdict.state)
      object.add("detail", item.verdict.detail(model: item.model, money: money))
      switch item.verdict {
      case .valid(let price, let was, let asRecorded):
        object.add("asRecorded", asRecorded)
        if let price { object.add("price", Self.usd(price)) }
        if let was { object.add("previousPrice", Self.usd(was)) }
      case .invalid(let refusal):
        let line = refusal.line
        var conflict = reason(refusal.conflict.reason, line: line)
        conflict.add(
          "waysOut",
          refusal.conflict.corrections.enumerated().map { index, correction in
            var entry = JSONObject()
            entry.add("number", index + 1)
            entry.add("drop", strings: correction.drop.map { line.atom(of: $0) })
            if let price = correction.price, line.pricesBuilds {
              entry.add("price", Self.usd(price))
            } else {
              entry.add("price", nil as String?)
            }
            return entry
          })
        object.add("conflict", conflict)
      case .modelGone, .valueGone, .buildRemoved, .unanswered: break
      }
      return object
    }
  }
}
