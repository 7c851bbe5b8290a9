internal import CarFactory
internal import Dealership
internal import StockValuation
import Support

extension TextRenderer {
  /// `quote N …`: the heading (build, dealer, customer, dates), the lines in the quote
  /// currency with package contents indented under their package, the discount, tax and
  /// total. It speaks to the customer (SPEC §15): the rate, the USD cost basis and the
  /// rounding rule stay in the dealer's JSON.
  func quote(_ quote: Quote, money: MoneySettings) {
    for line in Self.heading(of: quote) { out.line(line.escapingControlCharacters) }
    var table = TextTable([("ITEM", .left), (quote.currency.code, .right)])
    for row in Self.rows(of: quote, money: money) { table.append(row) }
    for line in table.render(width: width) { out.line(line.escapingControlCharacters) }
  }

  /// The lines above a quote's table: what, by whom, for whom, when, and the car's attribute
  /// totals (SPEC §13), one a line.
  static func heading(of quote: Quote) -> [String] {
    var lines = ["Quote \(quote.reference) for build #\(quote.build): \(quote.name)"]
    if let dealer = quote.dealer { lines += dealerBlock(of: dealer) }
    if let customer = quote.customer { lines.append("Customer: \(customer)") }
    lines.append(
      "Date: \(quote.date), valid until \(quote.validUntil) (\(quote.validDays) "
        + (quote.validDays == 1 ? "day)" : "days)"))
    lines += quote.totals.map { line(of: $0) }
    return lines
  }

  /// The dealer as a quote shows them: the name once, the address block under it, the
  /// phone and VAT number.
  static func dealerBlock(of dealer: DealerProfile) -> [String] {
    var lines = ["Dealer: \(dealer.name)"]
    lines += dealer.addressLines.map { "        " + $0 }
    if let phone = dealer.phone { lines.append("Phone: \(phone)") }
    if let vat = dealer.vat { lines.append("VAT number: \(vat)") }
    return lines
  }

  /// `floorplan`: the rate in force and the ones before it, or how to set one.
  static func floorPlan(_ plan: FloorPlan, changed: Bool) -> String {
    guard let last = plan.rates.last else {
      return "No floor plan set (floorplan APR% sets it: each car then accrues cost × APR × "
        + "days / 365 from the day it was received)."
    }
    let rate = "\(last.percent)% a year from \(last.from) (Act/365)"
    let earlier = plan.rates.dropLast().reversed().map { "\($0.percent)% from \($0.from)" }
    let before = earlier.isEmpty ? "" : "; before: " + earlier.joined(separator: ", ")
    return (changed ? "Floor plan set to " : "Floor plan: ") + rate + before + "."
  }

  /// A profile's details after its name on one line: `address 12 High Street, Leeds; phone
  /// 0113 496 0000; VAT number GB123; tax VAT 20%`, empty for a name alone.
  static func details(of profile: DealerProfile) -> String {
    var parts: [String] = []
    if let address = profile.address { parts.append("address \(address)") }
    if let phone = profile.phone { parts.append("phone \(phone)") }
    if let vat = profile.vat { parts.append("VAT number \(vat)") }
    if let tax = profile.tax { parts.append("tax \(tax.label) \(tax.percent)%") }
    return parts.joined(separator: "; ").escapingControlCharacters
  }

  /// A quote's table rows: label and amount; package contents indented, `included`; a
  /// value that adds nothing (the factory's standard part or colour) `standard`, never a
  /// line of £0.00.
  static func rows(of quote: Quote, money: MoneySettings) -> [[String]] {
    var rows = quote.lines.map { line in
      if line.isIncluded { return ["  " + line.label, "included"] }
      if line.usd == .zero, line.amount.minorUnits == 0 { return [line.label, "standard"] }
      return [line.label, money.format(line.amount)]
    }
    if quote.discount != nil || quote.tax != nil {
      rows.append(["Subtotal", money.format(quote.subtotal)])
    }
    if let discount = quote.discount {
      let label = discount.percent.map { "Discount (\($0)%)" } ?? "Discount"
      rows.append([label, "-" + money.format(discount.amount)])
    }
    if let tax = quote.tax {
      rows.append([
        "\(tax.label ?? "Tax") (\(tax.percent)% of \(money.format(tax.base)))",
        money.format(tax.amount),
      ])
    }
    rows.append(["Total", money.format(quote.total)])
    return rows
  }

  /// `compare N M`: what differs, then the prices and their difference.
  func comparison(_ comparison: Comparison, money: MoneySettings) {
    let (a, b) = ("#\(comparison.first)", "#\(comparison.second)")
    out.line(
      "Build \(a): \(comparison.firstName.escapingControlCharacters); "
        + "build \(b): \(comparison.secondName.escapingControlCharacters)")
    var table = TextTable([("", .left), (a, .left), (b, .left)])
    for difference in comparison.differences {
      table.append([difference.group, difference.first, difference.second])
    }
    table.append([
      "price", money.shown(comparison.firstPrice), money.shown(comparison.secondPrice),
    ])
    table.write(to: out, width: width)
    if comparison.differences.isEmpty { out.line("Same values.") }
    let difference = money.shownDifference(comparison.secondPrice, from: comparison.firstPrice)
    guard difference != "?" else { return }
    // No sign on no difference: `Difference #2 - #1: $0.00`.
    let text =
      comparison.secondPrice == comparison.firstPrice ? String(difference.dropFirst()) : difference
    out.line("Difference \(b) - \(a): \(text)")
  }
}
