/// The library's own ISO 4217 table: code, numeric code, minor units and name.
///
/// It covers every currency of the ECB reference rates plus other widely used ones,
/// including the three-decimal dinars (BHD, KWD, JOD, …).
enum ISO4217 {
  /// The table, ordered by code.
  static let table: [Currency] = rows.map {
    Currency(code: $0.0, numericCode: $0.1, minorUnits: $0.2, name: $0.3)
  }.sorted()

  /// The table keyed by code.
  static let byCode: [String: Currency] = Dictionary(
    uniqueKeysWithValues: table.map { ($0.code, $0) })

  /// All codes, ordered.
  static let codes: [String] = table.map(\.code)

  /// A currency that is in the table by construction.
  static func known(_ code: String) -> Currency {
    guard let currency = byCode[code] else {
      preconditionFailure("\(code) missing from the built-in ISO 4217 table")
    }
    return currency
  }

  private static let rows: [(String, Int, Int, String)] = [
    ("AED", 784, 2, "UAE Dirham"),
    ("ARS", 32, 2, "Argentine Peso"),
    ("AUD", 36, 2, "Australian Dollar"),
    ("BGN", 975, 2, "Bulgarian Lev"),
    ("BHD", 48, 3, "Bahraini Dinar"),
    ("BRL", 986, 2, "Brazilian Real"),
    ("CAD", 124, 2, "Canadian Dollar"),
    ("CHF", 756, 2, "Swiss Franc"),
    ("CLP", 152, 0, "Chilean Peso"),
    ("CNY", 156, 2, "Yuan Renminbi"),
    ("COP", 170, 2, "Colombian Peso"),
    ("CZK", 203, 2, "Czech Koruna"),
    ("DKK", 208, 2, "Danish Krone"),
    ("EGP", 818, 2, "Egyptian Pound"),
    ("EUR", 978, 2, "Euro"),
    ("GBP", 826, 2, "Pound Sterling"),
    ("HKD", 344, 2, "Hong Kong Dollar"),
    ("HUF", 348, 2, "Forint"),
    ("IDR", 360, 2, "Rupiah"),
    ("ILS", 376, 2, "New Israeli Sheqel"),
    ("INR", 356, 2, "Indian Rupee"),
    ("IQD", 368, 3, "Iraqi Dinar"),
    ("ISK", 352, 0, "Iceland Krona"),
    ("JOD", 400, 3, "Jordanian Dinar"),
    ("JPY", 392, 0, "Yen"),
    ("KRW", 410, 0, "Won"),
    ("KWD", 414, 3, "Kuwaiti Dinar"),
    ("LYD", 434, 3, "Libyan Dinar"),
    ("MXN", 484, 2, "Mexican Peso"),
    ("MYR", 458, 2, "Malaysian Ringgit"),
    ("NGN", 566, 2, "Naira"),
    ("NOK", 578, 2, "Norwegian Krone"),
    ("NZD", 554, 2, "New Zealand Dollar"),
    ("OMR", 512, 3, "Rial Omani"),
    ("PHP", 608, 2, "Philippine Peso"),
    ("PKR", 586, 2, "Pakistan Rupee"),
    ("PLN", 985, 2, "Zloty"),
    ("QAR", 634, 2, "Qatari Rial"),
    ("RON", 946, 2, "Romanian Leu"),
    ("RSD", 941, 2, "Serbian Dinar"),
    ("SAR", 682, 2, "Saudi Riyal"),
    ("SEK", 752, 2, "Swedish Krona"),
    ("SGD", 702, 2, "Singapore Dollar"),
    ("THB", 764, 2, "Baht"),
    ("TND", 788, 3, "Tunisian Dinar"),
    ("TRY", 949, 2, "Turkish Lira"),
    ("TWD", 901, 2, "New Taiwan Dollar"),
    ("UAH", 980, 2, "Hryvnia"),
    ("USD", 840, 2, "US Dollar"),
    ("VND", 704, 0, "Dong"),
    ("ZAR", 710, 2, "Rand"),
  ]
}
