import Support

extension Money {
  /// Parses an exact decimal amount such as `"48.95"`, `"10"` or `"12.5"`.
  ///
  /// The syntax is strict (see `Docs/Money.md`): digits with an optional `.` followed by at most
  /// as many digits as the currency has minor units; `-` only if `allowingNegative`. Rejected:
  /// `"1,234.56"`, `"12abc"`, `"NaN"`, `"1e3"`, `""`, `" 1"`, `"+1"`, `"1."`, `".5"`.
  /// - Parameters:
  ///   - text: The amount in major units.
  ///   - currency: The currency, which fixes the number of decimals allowed.
  ///   - allowingNegative: Whether a leading `-` is accepted.
  /// - Throws: ``MoneyError/badNumber(_:)``, ``MoneyError/tooManyDecimals(_:allowed:)`` or
  ///   ``MoneyError/outOfRange(_:)``.
  public init(
    parsing text: String, currency: Currency, allowingNegative: Bool = false
  ) throws(MoneyError) {
    let value: DecimalSyntax.Value
    do {
      value = try DecimalSyntax.parse(text, allowingNegative: allowingNegative)
    } catch {
      throw error.moneyError(for: text)
    }
    do {
      let minor = try DecimalSyntax.minorUnits(of: value, minorUnits: currency.minorUnits)
      self.init(minorUnits: minor, currency: currency)
    } catch {
      throw error.moneyError(for: text, allowed: currency.minorUnits)
    }
  }
}
