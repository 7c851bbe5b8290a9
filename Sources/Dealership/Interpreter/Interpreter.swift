package import CarFactory
package import StockValuation

/// Runs invocations against a session's state: each command is a function of its invocation
/// and the state, returning its results (and changing the state in place). Nothing here
/// writes output; the session hands the results to its renderer.
///
/// `read` and `quit` steer the mode running the lines, so the ``Session`` takes them before
/// they get here.
package struct Interpreter {
  /// The clock, the environment variables and the files commands reach.
  let environment: any SessionEnvironment
  /// The working car's last step, so a change is worked out from it.
  package let carSteps = CarStepMemo()

  /// An interpreter whose commands reach the world through `environment`.
  package init(environment: any SessionEnvironment) {
    self.environment = environment
  }

  /// What running a command came to.
  package struct Reply {
    /// What the command produced first (most commands produce one result).
    package let first: CommandResult?
    /// What it produced after that, in order.
    package let more: [CommandResult]
    /// A failure to report after the results (`lint` of a model with no valid build shows
    /// its findings, then fails).
    package let failure: CommandError?

    init(_ result: CommandResult) {
      first = result
      more = []
      failure = nil
    }

    init(_ results: [CommandResult], failure: CommandError? = nil) {
      first = results.first
      more = Array(results.dropFirst())
      self.failure = failure
    }
  }

  /// The working car's model and choices, or the error saying no car is open.
  package func carRequest(_ state: SessionState, for command: String = "car") throws(CommandError)
    -> ModelRequest
  {
    guard let car = state.car else { throw .noWorkingCar(command: command) }
    return try carRequest(for: car, state)
  }

  /// A working car's model and choices (a car not open yet, or one `undo` brings back).
  package func carRequest(for car: WorkingCar, _ state: SessionState) throws(CommandError)
    -> ModelRequest
  {
    let configurator = try state.catalogs.configurator(named: car.model.rawValue)
    return ModelRequest(
      configurator: configurator, choices: try Self.choices(car.choices, of: configurator.line))
  }

  /// Runs one invocation.
  ///
  /// - Parameters:
  ///   - invocation: What the line asks for.
  ///   - state: The session's state, changed by commands that change it.
  /// - Returns: The results.
  /// - Throws: ``CommandError`` naming what is wrong; the state is then unchanged.
  package func run(_ invocation: Invocation, on state: inout SessionState) throws(CommandError)
    -> Reply
  {
    switch invocation {
    case .help(let command): return Reply(help(command, state))
    case .models: return Reply(models(state))
    case .build(let request): return Reply(try build(request, &state))
    case .optimalBuild(let request, let objective):
      return try build(request, optimising: objective, &state)
    case .options(let request, let attribute, let filter):
      return Reply(try options(request, by: attribute, filter: filter, state))
    case .count(let request): return Reply(try count(request))
    case .valueCounts(let request): return Reply(valueCounts(request))
    case .samples(let request, let count, let seed):
      return Reply(try samples(request, count: count, seed: seed, state))
    case .pairs(let request, let seed): return Reply(try pairs(request, seed: seed, state))
    case .lint(let configurators): return try lint(configurators, state)
    case .catalogLoad(let path): return Reply(try loadCatalog(path, &state))
    case .catalogDiff(let old, let new, let map):
      return Reply(try diffCatalogs(old, new, map: map))
    case .builds: return Reply(listBuilds(state))
    case .show(let number): return Reply(try show(number, state))
    case .remove(let number): return Reply(try remove(number, &state))
    case .quote(let request): return Reply(try recordQuote(request, &state))
    case .quotes: return Reply(listQuotes(state))
    case .revalidate: return try revalidate(state)
    case .cancelOrder(let order, let refund):
      return Reply(try cancelOrder(order, refund: refund, &state))
    case .order(let quote, let deposit):
      return Reply(try placeOrder(quote, deposit: deposit, &state))
    case .orders: return Reply(listOrders(state))
    case .showQuote(let number): return Reply(try showQuote(number, state))
    case .dealer(let change): return Reply(try setDealer(change, &state))
    case .floorPlan(let rate): return Reply(try setFloorPlan(rate, &state))
    case .exportJournal(let path): return Reply(try exportJournal(to: path, state))
    case .compare(let first, let second): return Reply(try compare(first, second, state))
    case .stockReport(let currencies, let category):
      return Reply(try stockReport(currencies, category: category, state))
    case .stockAdd(let number, let quantity, let arrival):
      return Reply(try addToStock(number, quantity: quantity, arrival: arrival, &state))
    case .stockRemove(let target, let quantity):
      return Reply(try removeFromStock(target, quantity: quantity, &state))
    case .stockSell(let target, let quantity, let price, let customer, let order, let trade):
      return Reply(
        try sell(
          target, quantity: quantity, price: price, customer: customer, order: order,
          trade: trade, &state))
    case .stockVoid(let target, let sale): return Reply(try voidSale(target, sale: sale, &state))
    case .stockShow(let target): return Reply(try showStockLine(target, state))
    case .sales(let from, let to, let currencies):
      return Reply(try salesReport(from: from, to: to, currencies: currencies, state))
    case .stockLoad(let path, let replacing):
      return Reply(try loadStock(path, replacing: replacing, &state))
    case .stockClear: return Reply(clearStock(&state))
    case .stockAging: return Reply(try stockAging(state))
    case .currency(let currency): return Reply(try setCurrency(currency, &state))
    case .rates: return Reply(.rates(state.money.rates.rates + state.money.rates.overrides))
    case .ratesReset: return Reply(try resetRates(state.money.rates.overrides, &state))
    case .rate(let rate): return Reply(try setRate(rate, &state))
    case .rateReset(let currency): return Reply(try resetRate(currency, &state))
    case .save(let path): return Reply(try save(path, state))
    case .load(let path): return Reply(try load(path, &state))
    case .read, .quit: return Reply([])
    case .configure(let request): return Reply(try configure(request, &state))
    case .change(let choices):
      return Reply(try change(choices, on: try carRequest(state, for: "choose"), &state))
    case .drop(let choices):
      return Reply(try drop(choices, on: try carRequest(state, for: "drop"), &state))
    case .undo: return Reply(try step(back: true, on: try carRequest(state, for: "undo"), &state))
    case .redo: return Reply(try step(back: false, on: try carRequest(state, for: "redo"), &state))
    case .fix(let number):
      return Reply(try fix(number, on: try carRequest(state, for: "fix"), &state))
    case .why(let request, let value): return Reply(try why(request, value: value))
    case .rules(let configurator): return Reply(.rules(configurator.line))
    case .car: return Reply(try showCar(state, request: try carRequest(state)))
    case .done:
      return Reply(try done(try carRequest(state, for: "done"), &state))
    case .discard:
      guard let car = state.car else { throw .noWorkingCar(command: "discard") }
      state.car = nil
      return Reply(.event(.carDiscarded(car.model)))
    case .edit(let number): return Reply(try edit(number, &state))
    case .carOptions(let request, let filter):
      return Reply(try carOptions(request, filter: filter, state))
    case .tree(let request, let top, let depth):
      return Reply(try tree(request, from: top, depth: depth, state))
    }
  }
}
