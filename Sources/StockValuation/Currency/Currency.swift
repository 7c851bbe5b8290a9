import Support

/// A currency from the ISO 4217 table kept by this library.
///
/// A currency knows its alphabetic code (`"USD"`), its numeric code (`840`), the number of
/// digits of its minor unit (`2` for cents, `0` for yen, `3` for fils) and its English name.
/// Values are only obtained from the built-in table, so every `Currency` is a real one.
public struct Currency: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The three-letter alphabetic code, upper-case (`"GBP"`).
  public let code: String
  /// The three-digit ISO 4217 numeric code (`826` for GBP).
  public let numericCode: Int
  /// The number of decimal digits of the minor unit (`2` for GBP, `0` for JPY, `3` for BHD).
  public let minorUnits: Int
  /// The English name of the currency (`"Pound Sterling"`).
  public let name: String

  init(code: String, numericCode: Int, minorUnits: Int, name: String) {
    precondition(minorUnits >= 0 && minorUnits <= 4, "minor units out of range for \(code)")
    self.code = code
    self.numericCode = numericCode
    self.minorUnits = minorUnits
    self.name = name
  }

  /// Looks up a currency by its alphabetic code.
  ///
  /// The code is matched case-insensitively (`"gbp"` finds GBP).
  /// - Parameter code: A three-letter ISO 4217 code.
  /// - Throws: ``CurrencyError/unknownCurrency(_:suggestion:)`` naming the code and, when one
  ///   is close, the nearest known code.
  public init(code: String) throws(CurrencyError) {
    let key = code.uppercased()
    guard let found = ISO4217.byCode[key] else {
      throw .unknownCurrency(
        code, suggestion: Suggestion.nearest(to: key, in: ISO4217.codes, maximumDistance: 1))
    }
    self = found
  }

  /// Every currency of the built-in ISO 4217 table, ordered by code.
  public static var all: [Currency] { ISO4217.table }

  /// The currency code, e.g. `"USD"`.
  public var description: String { code }

  /// Orders currencies by their alphabetic code.
  public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.code < rhs.code }

  /// The power of ten that converts major units to minor units (`100` for USD).
  var minorUnitScale: Int64 { Pow10.int64[minorUnits] }
}

extension Currency {
  /// The United States dollar (2 minor units).
  public static let usd = ISO4217.known("USD")
  /// The pound sterling (2 minor units).
  public static let gbp = ISO4217.known("GBP")
  /// The euro (2 minor units), base of the ECB reference rates.
  public static let eur = ISO4217.known("EUR")
  /// The Japanese yen (0 minor units).
  public static let jpy = ISO4217.known("JPY")
}
