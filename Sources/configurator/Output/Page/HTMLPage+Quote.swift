internal import Dealership
internal import StockValuation

/// A customer's quote as a page: the same heading and rows as the text quote
/// (``TextRenderer/rows(of:money:)``), so paper and screen show the same lines and total.
extension HTMLPage {
  /// The quote's section.
  ///
  /// - Parameters:
  ///   - quote: The quote.
  ///   - money: The session's money settings, which format the amounts.
  /// - Returns: The HTML.
  static func section(of quote: Quote, money: MoneySettings) -> String {
    // The dealer's name once, in the title, the address block under it (SPEC §15).
    let heading = TextRenderer.heading(of: quote).filter { line in
      quote.dealer.map { !TextRenderer.dealerBlock(of: $0).contains(line) } ?? true
    }
    var html = "<h1>\(escape(quote.dealer.map { "Quote — \($0.name)" } ?? "Quote"))</h1>\n"
    if let dealer = quote.dealer, dealer.hasDetails {
      var block = dealer.addressLines
      if let phone = dealer.phone { block.append("Phone: \(phone)") }
      if let vat = dealer.vat { block.append("VAT number: \(vat)") }
      html += "<p class=\"address\">\(block.map(escape).joined(separator: "<br>"))</p>\n"
    }
    for line in heading { html += "<p class=\"meta\">\(escape(line))</p>\n" }
    html += "<table>\n<thead><tr><th>Item</th>"
    html += "<th class=\"amount\">\(escape(quote.currency.code))</th></tr></thead>\n<tbody>\n"
    let rows = TextRenderer.rows(of: quote, money: money)
    let lineCount = quote.lines.count
    for (index, row) in rows.enumerated() {
      let label = row.first ?? ""
      let amount = row.count > 1 ? row[1] : ""
      var kind = ""
      if index < lineCount, quote.lines[index].isIncluded {
        kind = " class=\"included\""
      } else if index == rows.count - 1 {
        kind = " class=\"total\""
      } else if index == lineCount {
        kind = " class=\"sum\""
      }
      // The text table indents included lines with blanks; the page indents by its style.
      let shown = label.hasPrefix("  ") ? String(label.dropFirst(2)) : label
      html += "<tr\(kind)><td class=\"label\">\(escape(shown))</td>"
      html += "<td class=\"amount\">\(escape(amount))</td></tr>\n"
    }
    html += "</tbody>\n</table>\n"
    // Where the customer accepts it: a quote a customer could sign.
    html += "<p class=\"signature\"><span>Accepted by the customer</span><span>Date</span></p>\n"
    return html
  }
}
