package import CarFactory
package import StockValuation

/// `quote` and `dealer` (SPEC §12): the customer's document for a build, and the name it
/// carries.
extension Interpreter {
  /// `dealer [NAME …]`: changes the profile (a name is needed when none is set), or says
  /// which is set.
  func setDealer(_ change: DealerProfile.Change?, _ state: inout SessionState)
    throws(CommandError) -> CommandResult
  {
    guard let change, !change.isEmpty else {
      return .event(.dealer(state.dealer, changed: false))
    }
    guard let profile = state.dealer ?? change.name.map({ DealerProfile(name: $0) }) else {
      throw .missingArgument(command: "dealer", .dealerName(.command(.dealer)))
    }
    let changed = profile.applying(change)
    state.dealer = changed
    return .event(.dealer(changed, changed: true))
  }

  /// `floorplan [APR%]`: shows the floor plan, or sets its rate from today on (a rate set
  /// today already is replaced; the days before keep theirs).
  func setFloorPlan(_ rate: ExactDecimal?, _ state: inout SessionState)
    throws(CommandError) -> CommandResult
  {
    guard let rate else { return .event(.floorPlan(state.floorPlan, changed: false)) }
    let today = try Today.date(for: "floorplan", in: environment)
    let plan = state.floorPlan.setting(rate, from: today)
    guard plan.rates.count <= FloorPlan.maximumRates else {
      throw .limit(command: "floorplan", .floorPlanRates(FloorPlan.maximumRates))
    }
    state.floorPlan = plan
    return .event(.floorPlan(plan, changed: true))
  }

  /// `quote N [CODE] [customer=…] [discount=…] [tax=…] [valid=…]`: records quote `Q-K`
  /// and answers with it.
  func recordQuote(_ request: QuoteRequest, _ state: inout SessionState) throws(CommandError)
    -> CommandResult
  {
    let quote = try makeQuote(request, number: state.quotes.nextNumber, state)
    state.quotes.append(quote)
    return .quote(quote)
  }

  /// The quote `quote N …` would record next, recording nothing.
  func quote(_ request: QuoteRequest, _ state: SessionState) throws(CommandError)
    -> CommandResult
  {
    .quote(try makeQuote(request, number: state.quotes.nextNumber, state))
  }

  /// `quotes`: every recorded quote, oldest first.
  func listQuotes(_ state: SessionState) -> CommandResult {
    .quotes(state.quotes.entries)
  }

  /// `show Q-K`: the quote as recorded, whatever the rates are now.
  func showQuote(_ number: Int, _ state: SessionState) throws(CommandError) -> CommandResult {
    guard let quote = state.quotes.entry(number) else {
      throw .notFound(command: "show", .quote(number, known: state.quotes.entries.map(\.number)))
    }
    return .quote(quote)
  }

  /// The quote a request asks for, numbered `number`.
  private func makeQuote(_ request: QuoteRequest, number: Int, _ state: SessionState)
    throws(CommandError) -> Quote
  {
    let view = try view(ofBuild: request.build, for: "quote", state)
    let currency = request.currency ?? state.currency
    let date = try Today.date(for: "quote", in: environment)
    guard let validUntil = date.adding(days: request.validDays) else {
      throw .badValue(command: "quote", .lastDay, value: String(request.validDays))
    }
    let items = Self.lines(of: view)
    let converter = currency == .usd ? nil : try state.money.converter(to: currency)
    let rounding = converter?.rounding ?? state.money.rounding
    do {
      let amounts = try Self.allocate(items.map(\.usd), converter: converter, currency: currency)
      var subtotal = Money.zero(currency)
      for amount in amounts { subtotal = try subtotal.adding(amount) }
      let discount = try Self.discount(request.discount, of: subtotal, rounding: rounding)
      let base = try subtotal.subtracting(discount?.amount ?? .zero(currency))
      // `tax=P%` wins; else the profile's default tax, with its label (SPEC §15).
      let profileTax = request.tax == nil ? state.dealer?.tax : nil
      let tax = try (request.tax ?? profileTax?.percent).map { percent throws(MoneyError) in
        Quote.Tax(
          label: profileTax?.label ?? state.dealer?.tax?.label, percent: percent, base: base,
          amount: try base.percentage(percent, rounding: rounding))
      }
      let total = try base.adding(tax?.amount ?? .zero(currency))
      return Quote(
        number: number, build: request.build, name: view.car?.displayName ?? view.line.title,
        dealer: state.dealer, customer: request.customer, date: date,
        validDays: request.validDays, validUntil: validUntil, currency: currency,
        lines: zip(items, amounts).map { item, amount in
          Quote.Line(
            label: item.label, isIncluded: item.isIncluded, usd: item.usd, amount: amount)
        },
        subtotal: subtotal, discount: discount, tax: tax, total: total, usdPrice: view.price,
        rate: converter.map { QuoteRate($0.effectiveRate) }, rounding: rounding,
        totals: view.totals)
    } catch let error as CommandError {
      throw error
    } catch {
      throw .failed(command: "quote", error)
    }
  }

  /// The lines' amounts in the quote currency by cumulative rounding: line i is the rounded
  /// conversion of the USD sum of lines 1…i less that of lines 1…i−1. The amounts then add up
  /// to the USD total converted once (what `stock` and `builds` show), and each is within one
  /// minor unit of its exact conversion (`Docs/Money.md`, "A quote's lines").
  ///
  /// - Parameters:
  ///   - prices: The lines' USD amounts.
  ///   - converter: USD to the quote currency, `nil` for a quote in USD.
  ///   - currency: The quote currency.
  /// - Returns: One amount per price.
  /// - Throws: ``MoneyError/overflow(_:)`` for sums past the money type.
  static func allocate(
    _ prices: [Price], converter: (any CurrencyConverting)?, currency: Currency
  ) throws(MoneyError) -> [Money] {
    var sum = Money.zero(.usd)
    var previous = Money.zero(currency)
    var amounts: [Money] = []
    amounts.reserveCapacity(prices.count)
    for price in prices {
      sum = try sum.adding(Money(minorUnits: price.cents, currency: .usd))
      let converted = try converter?.convert(sum) ?? sum
      amounts.append(try converted.subtracting(previous))
      previous = converted
    }
    return amounts
  }

  /// The discount off `subtotal`: an amount in its currency, or a percent of it rounded once.
  private static func discount(
    _ discount: QuoteRequest.Discount?, of subtotal: Money, rounding: Rounding
  ) throws(CommandError) -> Quote.Discount? {
    switch discount {
    case nil:
      return nil
    case .percent(let percent):
      do {
        return Quote.Discount(
          percent: percent, amount: try subtotal.percentage(percent, rounding: rounding))
      } catch {
        throw .failed(command: "quote", error)
      }
    case .amount(let text):
      let amount: Money
      do {
        amount = try Money(parsing: text, currency: subtotal.currency)
      } catch {
        throw .badValue(
          command: "quote", .discountAmount(subtotal.currency, error), value: text)
      }
      guard amount.minorUnits <= subtotal.minorUnits else {
        throw .invalid(command: "quote", .discountPastSubtotal(amount, subtotal: subtotal))
      }
      return Quote.Discount(percent: nil, amount: amount)
    }
  }

  /// A quote line before its amount in the quote currency.
  struct QuoteItem {
    let label: String
    let isIncluded: Bool
    let usd: Price
  }

  /// A build's lines: the base price, then every value by its name, each package followed by
  /// what it includes (indented, adding nothing).
  static func lines(of view: BuildView) -> [QuoteItem] {
    let line = view.line
    let held = Set(view.selected)
    // A value a held package includes goes under the first such package.
    var under: [Int: [Int]] = [:]
    var included: Set<Int> = []
    for value in view.selected {
      if let package = line.values[value].coveredBy.first(where: { held.contains($0) }) {
        under[package, default: []].append(value)
        included.insert(value)
      }
    }
    func label(_ value: Int) -> String {
      let entry = line.values[value]
      let group = line.groups[entry.group]
      switch group.kind {
      case .slot, .one: return Self.capitalized(group.name) + ": " + entry.name
      case .any, .feature: return entry.name
      }
    }
    // A base price of nothing (a UVL model priced by its features) says nothing either.
    var items =
      line.basePrice == .zero
      ? [] : [QuoteItem(label: "Base price", isIncluded: false, usd: line.basePrice)]
    func add(_ value: Int, depth: Int) {
      items.append(
        QuoteItem(
          label: label(value), isIncluded: depth > 0,
          usd: depth > 0 ? .zero : line.values[value].surcharge))
      // Packages include no packages that include them, so this ends; the depth caps it too.
      guard depth < 8 else { return }
      for inner in under[value] ?? [] { add(inner, depth: depth + 1) }
    }
    for value in view.selected where !included.contains(value) {
      let entry = line.values[value]
      // A feature that adds nothing says nothing on a price document.
      if case .feature = line.groups[entry.group].kind, entry.surcharge == .zero,
        under[value] == nil
      {
        continue
      }
      add(value, depth: 0)
    }
    return items
  }

  /// `suspension` as a label: `Suspension`.
  private static func capitalized(_ name: String) -> String {
    name.prefix(1).uppercased() + name.dropFirst()
  }
}
