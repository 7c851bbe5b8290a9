/// The built-in pound sterling pair: `£1,234.56`.
final class PoundPairFactory: StandardPairFactory {
  /// The one instance; `static let` is initialized once, safely, on first use.
  static let shared = PoundPairFactory()

  let currency = Currency.gbp
  let homeSymbol = "£"

  private init() {}
}
