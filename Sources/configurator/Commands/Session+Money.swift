internal import CarFactory
internal import StockValuation

extension Session {
  /// A USD list price as people read it, in the home convention or the chosen locale.
  func usd(_ price: Price) -> String {
    money.format(Money(minorUnits: price.cents, currency: .usd))
  }

  /// A USD amount for JSON: exact decimal string plus integer minor units.
  func usdJSON(_ price: Price) -> JSONObject {
    moneyJSON(Money(minorUnits: price.cents, currency: .usd))
  }

  /// An amount for JSON: currency, exact decimal string, integer minor units; never a float.
  func moneyJSON(_ amount: Money) -> JSONObject {
    var object = JSONObject()
    object.add("currency", amount.currency.code)
    object.add("amount", amount.decimalString)
    object.add("minorUnits", amount.minorUnits)
    return object
  }

  /// A USD amount as a plain exact decimal: `72900.00`.
  static func decimal(_ price: Price) -> String {
    Money(minorUnits: price.cents, currency: .usd).decimalString
  }
}
