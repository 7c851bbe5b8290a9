internal import CarFactory

extension Session {
  /// A USD list price as people read it.
  func usd(_ price: Price) -> String {
    price.description
  }

  /// A USD amount for JSON: exact decimal string plus integer minor units.
  func usdJSON(_ price: Price) -> JSONObject {
    var object = JSONObject()
    object.add("currency", "USD")
    object.add("amount", Self.decimal(price))
    object.add("minorUnits", price.cents)
    return object
  }

  /// A USD amount as a plain exact decimal: `72900.00`, `-5.00`.
  static func decimal(_ price: Price) -> String {
    let magnitude = price.cents.magnitude
    let fraction = magnitude % 100
    return (price.cents < 0 ? "-" : "") + String(magnitude / 100) + "."
      + (fraction < 10 ? "0" : "") + String(fraction)
  }
}
