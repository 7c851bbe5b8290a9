import CarFactory
import Dealership

/// `revalidate` as CSV (SPEC §16): `record,kind,model,state,detail,choices`, one row per
/// record (the choices joined by spaces).
extension CSVRenderer {
  func revalidation(_ result: RevalidationResult, money: MoneySettings) {
    header(CSV.row(["record", "kind", "model", "state", "detail", "choices"]))
    for item in result.items {
      out.line(
        CSV.row([
          item.record.label, item.record.kind, item.model.rawValue, item.verdict.state,
          item.verdict.detail(model: item.model, money: money),
          item.choices.joined(separator: " "),
        ]))
    }
  }
}
