/// The built-in US dollar pair: `$1,234.56`.
final class DollarPairFactory: StandardPairFactory {
  /// The one instance; `static let` is initialized once, safely, on first use.
  static let shared = DollarPairFactory()

  let currency = Currency.usd
  let homeSymbol = "$"

  private init() {}
}
