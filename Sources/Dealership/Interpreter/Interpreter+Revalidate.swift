internal import CarFactory
internal import StockValuation

/// `revalidate` (SPEC §16): every record made from a model's choices checked against the
/// catalogs in force: builds, stock lines stocked from a build, quotes still open, orders not
/// sold or cancelled, the working car. A record stands when its choices still make a build; one that does not is given the
/// conflict and its smallest, cheapest ways out, as `build` gives them. Records with the same
/// model and choices are checked once.
extension Interpreter {
  func revalidate(_ state: SessionState) throws(CommandError) -> Reply {
    // The day the catalogs are in force for (`--as-of`, else today) also says which quotes
    // are still open.
    let asOf = state.catalogs.asOf.flatMap { CalendarDate($0.description) }
    let today: CalendarDate
    if let asOf {
      today = asOf
    } else {
      today = try Today.date(for: "revalidate", in: environment)
    }
    var checker = RecordChecker(state: state)
    var items: [RevalidationResult.Item] = []
    for record in state.builds.records {
      items.append(checker.item(.build(record.number), record))
    }
    for index in state.stock.lines.indices {
      guard let number = state.stock.lines[index].stockNumber,
        let specification = state.stock.specification(ofLine: index)
      else { continue }
      items.append(
        checker.item(.stock(number, build: specification.build), specification.record))
    }
    for quote in state.quotes.entries where quote.validUntil >= today {
      items.append(
        checker.item(.quote(quote.number, build: quote.build), ofBuild: quote.build))
    }
    // Open orders, whatever their quotes' validity: the car is owed.
    for order in state.orders.openOrders(soldBy: state.sales) {
      guard let quote = state.quotes.entry(order.quote) else { continue }
      items.append(
        checker.item(.order(order.number, build: quote.build), ofBuild: quote.build))
    }
    if let car = state.car {
      items.append(
        RevalidationResult.Item(
          record: .car, model: car.model, choices: car.choices,
          verdict: checker.verdict(model: car.model, choices: car.choices, recorded: nil)))
    }
    let result = RevalidationResult(items: items, date: today)
    let invalid = result.invalidCount
    return Reply(
      [.revalidation(result)],
      failure: invalid == 0 ? nil : .recordsInvalid(invalid, of: items.count))
  }
}

/// Checks records against the catalogs in force, each model and list of choices once.
private struct RecordChecker {
  let state: SessionState
  private var known: [Key: RevalidationResult.Verdict] = [:]

  private struct Key: Hashable {
    let model: ModelID
    let choices: [String]
    let held: [String]
    let options: PartChoices
    let price: Price?
  }

  init(state: SessionState) {
    self.state = state
  }

  /// The check of a record made from build `number`: unchecked when the build was removed.
  mutating func item(_ record: RevalidationResult.Record, ofBuild number: Int)
    -> RevalidationResult.Item
  {
    guard let build = state.builds.record(number) else {
      return RevalidationResult.Item(
        record: record, model: ModelID(""), choices: [], verdict: .buildRemoved)
    }
    return item(record, build)
  }

  /// A recorded build's check: its choices (the values it holds, for a build from an older
  /// file that kept no choices).
  mutating func item(_ record: RevalidationResult.Record, _ build: BuildRecord)
    -> RevalidationResult.Item
  {
    let choices = build.choices ?? build.values
    return RevalidationResult.Item(
      record: record, model: build.model, choices: choices,
      verdict: verdict(
        model: build.model, choices: choices, recorded: build, options: build.options))
  }

  /// What the catalogs in force say of a model's choices; a recorded build's price is
  /// compared with the price of the same values now.
  mutating func verdict(
    model: ModelID, choices atoms: [String], recorded: BuildRecord?,
    options: PartChoices = PartChoices()
  ) -> RevalidationResult.Verdict {
    let key = Key(
      model: model, choices: atoms, held: recorded?.values ?? [], options: options,
      price: recorded?.price)
    if let verdict = known[key] { return verdict }
    let verdict = Self.check(model: model, atoms: atoms, recorded: recorded, state: state)
    known[key] = verdict
    return verdict
  }

  private static func check(
    model: ModelID, atoms: [String], recorded: BuildRecord?, state: SessionState
  ) -> RevalidationResult.Verdict {
    guard let configurator = try? state.catalogs.configurator(named: model.rawValue) else {
      return .modelGone
    }
    let line = configurator.line
    for atom in atoms {
      let bare = atom.hasPrefix("-") ? String(atom.dropFirst()) : atom
      if line.valueIndex(forAtom: bare) == nil { return .valueGone(atom) }
    }
    let choices: [Choice]
    do {
      choices = try line.choices(from: atoms)
    } catch {
      return .valueGone(atoms.first ?? "")
    }
    let built: Configuration
    do {
      built = try configurator.build(choices)
    } catch .conflict(let conflict) {
      return .invalid(RuleConflict(line: line, conflict: conflict, money: state.money))
    } catch {
      return .unanswered(error)
    }
    // The values the record holds, where they still make a build (a build priced by an
    // objective holds more than its choices say), else the choices' build now.
    var price = built.price
    var asRecorded = recorded == nil
    if let recorded,
      let held = line.selection(options: recorded.options, atoms: recorded.values),
      let again = try? configurator.build(held.map { Choice(value: $0, isChosen: true) }),
      Set(again.selected.indices.filter { again.selected[$0] }) == Set(held)
    {
      price = again.price
      asRecorded = true
    }
    guard line.pricesBuilds else { return .valid(price: nil, was: nil, asRecorded: asRecorded) }
    let was = recorded.map(\.price)
    return .valid(price: price, was: was == price ? nil : was, asRecorded: asRecorded)
  }
}
