internal import Dealership
internal import StockValuation
import Support

extension JSONLinesRenderer {
  /// `stock aging`: `{"type":"stockAging","date":…,"currency":…,"bands":[…],"total":{…}}`.
  func stockAging(_ aging: StockAging) -> JSONObject {
    var object = JSONObject()
    object.add("type", "stockAging")
    object.add("date", aging.date.description)
    object.add("currency", aging.currency.code)
    if let rate = aging.floorPlanRate { object.add("floorPlanAPR", rate.description) }
    object.add("bands", aging.bands.map(Self.band))
    object.add("total", Self.band(aging.total, isTotal: true))
    return object
  }

  private static func band(_ band: StockAging.Band) -> JSONObject {
    self.band(band, isTotal: false)
  }

  private static func band(_ band: StockAging.Band, isTotal: Bool) -> JSONObject {
    var object = JSONObject()
    if !isTotal {
      object.add("band", band.span.label)
      switch band.span {
      case .days(let lower, let upper):
        object.add("fromDays", lower)
        object.add("toDays", upper)
      case .over(let days):
        object.add("fromDays", days + 1)
        object.add("toDays", nil as String?)
      case .undated:
        object.add("fromDays", nil as String?)
        object.add("toDays", nil as String?)
      }
    }
    object.add("cars", band.count)
    object.add("uncosted", band.uncosted)
    object.add("cost", money(band.cost))
    object.add("value", money(band.value))
    if let interest = band.interest { object.add("floorPlan", money(interest)) }
    return object
  }
}
