import StockValuation

/// The journal as hledger reads it (`hledger -f FILE balance`): a `decimal-mark` and one
/// `commodity` directive per currency, so no amount is ambiguous, then the transactions,
/// each a date and description and its postings, amounts exact with their ISO codes.
extension Journal {
  /// The text of the journal file.
  package var hledgerText: String {
    var text = "; Books"
    if let dealer { text += " of " + Self.clean(dealer) }
    text += ", exported by configurator on \(date).\n"
    text += "; One lot per stock number (assets:inventory:S-N); amounts exact; every\n"
    text += "; transaction is in one currency and balances.\n"
    if !uncosted.isEmpty {
      text += "; Left out, no cost known: " + uncosted.map(StockNumber.text).joined(separator: ", ")
      text += ".\n"
    }
    text += "\ndecimal-mark .\n"
    var currencies: [Currency] = []
    for transaction in transactions {
      for posting in transaction.postings where !currencies.contains(posting.amount.currency) {
        currencies.append(posting.amount.currency)
      }
    }
    for currency in currencies.sorted(by: { $0.code < $1.code }) {
      text += "commodity " + Money(minorUnits: 100_000, currency: currency).decimalString
      text += " \(currency.code)\n"
    }
    for transaction in transactions {
      text += "\n\(transaction.date) \(Self.clean(transaction.description))\n"
      // Accounts left in a column of at least 36, amounts right-aligned after two blanks.
      let width = max(36, transaction.postings.map(\.account.count).max() ?? 0)
      let amounts = transaction.postings.map {
        $0.amount.decimalString + " " + $0.amount.currency.code
      }
      let amountWidth = amounts.map(\.count).max() ?? 0
      for (posting, amount) in zip(transaction.postings, amounts) {
        let padding = width - posting.account.count + 2 + amountWidth - amount.count
        text += "    " + posting.account + String(repeating: " ", count: padding) + amount + "\n"
      }
    }
    return text
  }

  /// A description hledger reads as one: no control characters, no `;` (a comment) or `|`
  /// (payee and note).
  private static func clean(_ text: String) -> String {
    String(
      text.unicodeScalars.map { scalar -> Character in
        switch scalar {
        case ";": ","
        case "|": "/"
        default:
          scalar.properties.generalCategory == .control
            || scalar.properties.generalCategory == .format
            ? " " : Character(scalar)
        }
      })
  }
}
