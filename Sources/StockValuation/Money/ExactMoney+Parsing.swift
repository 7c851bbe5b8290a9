import Support

extension ExactMoney {
  /// Parses an exact amount as ``decimalString`` writes it (for session files: `package`): digits, optionally a point and up
  /// to six more decimals than the currency has (`"753.8345"`), optionally a leading `-`.
  ///
  /// The syntax is the package's one decimal grammar (`DecimalSyntax`), read into 128 bits.
  ///
  /// - Parameters:
  ///   - text: The amount.
  ///   - currency: Its currency.
  /// - Throws: ``MoneyError/badNumber(_:)`` for anything else, ``MoneyError/tooManyDecimals(_:allowed:)``
  ///   for more decimals than can be held, ``MoneyError/overflow(_:)`` past the wide limit.
  package init(parsing text: String, currency: Currency) throws(MoneyError) {
    let allowed = currency.minorUnits + Self.extraDigits
    let value: DecimalSyntax.Number<UInt128>
    do {
      value = try DecimalSyntax.parse(text, allowingNegative: true, as: UInt128.self)
    } catch {
      switch error {
      case .syntax: throw .badNumber(text)
      case .outOfRange: throw .overflow(text)
      }
    }
    guard value.fractionDigits <= allowed else { throw .tooManyDecimals(text, allowed: allowed) }
    guard let factor = Pow10.wide(allowed - value.fractionDigits),
      let scaled = WideArithmetic.multiply(value.magnitude, factor),
      scaled <= UInt128(Int128.max)
    else { throw .overflow(text) }
    self.init(scaled: value.isNegative ? -Int128(scaled) : Int128(scaled), currency: currency)
  }
}
