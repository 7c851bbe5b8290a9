/// The pair of a currency registered at run time; the registry keeps its one instance.
final class RegisteredPairFactory: StandardPairFactory {
  let currency: Currency
  let homeSymbol: String

  init(currency: Currency, homeSymbol: String) {
    self.currency = currency
    self.homeSymbol = homeSymbol
  }
}
