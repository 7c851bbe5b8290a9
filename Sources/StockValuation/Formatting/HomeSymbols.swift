/// The symbols of the home conventions.
///
/// USD `$`, GBP `£`, EUR `€`, JPY `¥`; every other currency shows its code and a space
/// (`CHF 1,234.56`), because symbols such as `$` or `kr` are shared by several currencies.
enum HomeSymbols {
  static let symbols: [String: String] = ["USD": "$", "GBP": "£", "EUR": "€", "JPY": "¥"]

  /// The home prefix of a currency.
  static func symbol(for currency: Currency) -> String {
    symbols[currency.code] ?? "\(currency.code) "
  }
}
