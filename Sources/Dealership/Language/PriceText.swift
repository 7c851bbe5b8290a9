package import StockValuation

/// A price as a dealer types it (SPEC §15): `25836.32`, `£25,836.32`, `25836.32 GBP` or
/// `GBP 25836.32`; grouping commas only between groups of three digits.
package enum PriceText {
  /// The symbols read before an amount, each of one currency.
  private static let symbols: [Character: Currency] = [
    "$": .usd, "£": .gbp, "€": .eur, "¥": .jpy,
  ]

  /// The amount's digits without grouping and the currency the text names, if it names one;
  /// `nil` when the text is not of one of the shapes above (its digits are for `Money` to
  /// check).
  ///
  /// - Parameter text: The price as typed.
  /// - Returns: The digits and the currency named.
  package static func read(_ text: String) -> (digits: String, currency: Currency?)? {
    var rest = Substring(text)
    var currency: Currency?
    if let first = rest.first, let named = symbols[first] {
      currency = named
      rest = rest.dropFirst()
    } else if let blank = rest.firstIndex(of: " ") {
      let (left, right) = (rest[..<blank], rest[rest.index(after: blank)...])
      if let code = try? Currency(code: String(right)), left.first?.isNumber == true {
        (currency, rest) = (code, left)
      } else if let code = try? Currency(code: String(left)) {
        (currency, rest) = (code, right)
      } else {
        return nil
      }
    }
    guard let digits = ungrouped(rest) else { return nil }
    return (digits, currency)
  }

  /// `25,836.32` as `25836.32`; `nil` when a comma is not between groups of three.
  private static func ungrouped(_ text: Substring) -> String? {
    guard text.contains(",") else { return String(text) }
    let point = text.firstIndex(of: ".") ?? text.endIndex
    let groups = text[..<point].split(separator: ",", omittingEmptySubsequences: false)
    guard let first = groups.first, (1...3).contains(first.count),
      groups.dropFirst().allSatisfy({ $0.count == 3 }), !text[point...].contains(",")
    else { return nil }
    return groups.joined() + text[point...]
  }

  /// An amount of `currency` as typed (`500`, `£500.00`, `500 GBP`), not negative; `nil`
  /// when the text is not one or names another currency (a deposit, a refund, a trade-in's
  /// values).
  package static func amount(_ text: String, in currency: Currency) -> Money? {
    guard let read = read(text), (read.currency ?? currency) == currency,
      let amount = try? Money(parsing: read.digits, currency: currency), amount.minorUnits >= 0
    else { return nil }
    return amount
  }
}
