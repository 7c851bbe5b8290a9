extension ExactMoney {
  /// Parses an exact amount as ``decimalString`` writes it: digits, optionally a point and up
  /// to six more decimals than the currency has (`"753.8345"`), optionally a leading `-`.
  ///
  /// - Parameters:
  ///   - text: The amount.
  ///   - currency: Its currency.
  /// - Throws: ``MoneyError/badNumber(_:)`` for anything else, ``MoneyError/tooManyDecimals(_:allowed:)``
  ///   for more decimals than can be held, ``MoneyError/overflow(_:)`` past the wide limit.
  public init(parsing text: String, currency: Currency) throws(MoneyError) {
    let allowed = currency.minorUnits + Self.extraDigits
    var bytes = Substring(text).utf8[...]
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { bytes = bytes.dropFirst() }
    var value: Int128 = 0
    var digits = 0
    var decimals = 0
    var sawPoint = false
    for byte in bytes {
      if byte == UInt8(ascii: ".") {
        guard !sawPoint, digits > 0 else { throw .badNumber(text) }
        sawPoint = true
        continue
      }
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw .badNumber(text) }
      if sawPoint {
        decimals += 1
        guard decimals <= allowed else { throw .tooManyDecimals(text, allowed: allowed) }
      }
      digits += 1
      let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
      let (next, o2) = shifted.addingReportingOverflow(Int128(byte - UInt8(ascii: "0")))
      guard !o1, !o2 else { throw .overflow(text) }
      value = next
    }
    guard digits > 0, !(sawPoint && decimals == 0) else { throw .badNumber(text) }
    for _ in decimals..<allowed {
      let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
      guard !overflow else { throw .overflow(text) }
      value = shifted
    }
    self.init(scaled: negative ? -value : value, currency: currency)
  }
}
