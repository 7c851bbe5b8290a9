package import CarFactory

/// The working car's commands read into invocations (SPEC §11): choice lines, `drop`, `why`,
/// `rules`, `fix`, and `options` without a model.
extension InvocationParser {
  /// The working car's model and choices, or the error saying there is none.
  func carRequest(for command: Command) throws(CommandError) -> ModelRequest {
    guard let car else { throw .noWorkingCar(command: command.rawValue) }
    let configurator = try catalogs.configurator(named: car.model.rawValue)
    do {
      return ModelRequest(
        configurator: configurator,
        choices: try Interpreter.kept(car.choices, of: configurator.line).choices)
    } catch {
      throw .failed(command: command.rawValue, error)
    }
  }

  /// A change of the working car: the words from `first` on, read as choices of its model.
  func change(from first: Int) throws(CommandError) -> Invocation {
    let request = try carRequest(for: .choose)
    let choices = try self.choices(of: request.configurator, from: first)
    return .change(choices)
  }

  /// `drop ATOM…`.
  func drop() throws(CommandError) -> Invocation {
    guard argumentCount >= 1 else {
      throw .missingArgument(command: "drop", .atom(.command(.drop)))
    }
    let request = try carRequest(for: .drop)
    return .drop(try choices(of: request.configurator, from: 1))
  }

  /// `why [MODEL] ATOM [CHOICE…]`: with a model when the first word names one, else on the
  /// working car.
  func why() throws(CommandError) -> Invocation {
    guard argumentCount >= 1 else {
      throw .missingArgument(command: "why", .atom(.command(.why)))
    }
    if argumentCount >= 2 || car == nil,
      let configurator = try catalogs.configurator(word: 1, of: words)
    {
      guard argumentCount >= 2 else {
        throw .missingArgument(command: "why", .atom(.command(.why)))
      }
      let asked = try choices(of: configurator, from: 2, count: 1)
      let request = ModelRequest(
        configurator: configurator, choices: try choices(of: configurator, from: 3))
      return try why(request, asked)
    }
    guard car != nil else {
      throw .missingArgument(command: "why", .modelWithoutCar(known: catalogs.modelIDs))
    }
    try expectArguments(upTo: 1, for: .why)
    let request = try carRequest(for: .why)
    return try why(request, try choices(of: request.configurator, from: 1, count: 1))
  }

  /// The value `why` asks about: the first of the words read, which must name one value.
  private func why(_ request: ModelRequest, _ asked: [Choice]) throws(CommandError)
    -> Invocation
  {
    guard let value = asked.first?.value else {
      throw .missingArgument(command: "why", .atom(.command(.why)))
    }
    return .why(request, value: value)
  }

  /// `rules [MODEL]`.
  func rules() throws(CommandError) -> Invocation {
    try expectArguments(upTo: 1, for: .rules)
    if argumentCount == 1 { return .rules(try configurator(word: 1)) }
    return .rules(try carRequest(for: .rules).configurator)
  }

  /// `N`, the only argument, a way out's number from 1 (`fix`).
  func onlyWayOutNumber(for command: Command) throws(CommandError) -> Int {
    guard argumentCount >= 1 else {
      throw .missingArgument(command: command.rawValue, .wayOutNumber(.command(command)))
    }
    try expectArguments(upTo: 1, for: command)
    guard let number = words.withWord(1, ASCII.positiveNumber) else {
      throw .badValue(command: command.rawValue, .wayOutNumber, value: argument(0))
    }
    return number
  }
}
