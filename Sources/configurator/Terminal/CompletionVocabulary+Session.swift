internal import CarFactory
internal import Dealership
internal import StockValuation

extension CompletionVocabulary {
  /// The vocabulary of a session: its commands, its registry's models, each model's slots and
  /// groups with the values still possible under the choices already typed (asked of the
  /// model's configurator), the ISO 4217 codes, the file system for file arguments, the
  /// numbers of its builds, its stock's categories and its working car.
  init(session: Session) {
    self.init(
      commands: Command.allCases.map(\.rawValue),
      models: { session.state.catalogs.modelIDs.map(\.rawValue) },
      slots: { model in
        guard let line = try? session.state.catalogs.configurator(named: model).line,
          !line.buildsAreFeatures
        else { return [] }
        return line.groups.map(\.name)
      },
      values: { model, slot, given in
        guard let (line, states) = Self.states(session, model: model, given: given),
          let group = line.groupIndex(named: slot), !line.buildsAreFeatures
        else { return [] }
        return line.groups[group].values.filter { states[$0] != .excluded }
          .map { line.valueName(of: $0) }
      },
      features: { model, given in
        guard let (line, states) = Self.states(session, model: model, given: given),
          line.buildsAreFeatures
        else { return [] }
        return line.values.indices.filter { states[$0] == .available }.map { line.values[$0].atom }
      },
      groups: { model in
        (try? session.state.catalogs.configurator(named: model).line.groups.map(\.name)) ?? []
      },
      currencies: Currency.all.map(\.code),
      files: FolderListing.entries(of:),
      builds: { session.state.builds.listing.numbers },
      categories: { Interpreter.categoryNames(session.state.stock) },
      stockNumbers: {
        session.state.stock.lines.prefix(1000).compactMap(\.stockNumber).map(StockNumber.text)
      },
      car: { session.state.car.flatMap { Self.car($0, session) } })
  }

  /// The working car's values and how each stands on it; `nil` when its model is gone.
  private static func car(_ car: WorkingCar, _ session: Session) -> CarVocabulary? {
    guard let configurator = try? session.state.catalogs.configurator(named: car.model.rawValue),
      let choices = try? configurator.line.choices(from: car.choices),
      let states = session.carStep?.states
    else { return nil }
    let line = configurator.line
    var readings: [String: Int] = [:]
    for value in line.values.indices where line.groups[line.values[value].group].kind != .feature {
      readings[line.valueName(of: value).lowercased(), default: 0] += 1
    }
    let reasons = session.carStep?.reasons ?? [:]
    let values = line.values.indices.map { value in
      let group = line.groups[line.values[value].group]
      let name = line.valueName(of: value)
      let isFeature = group.kind == .feature
      return CarVocabulary.Value(
        group: isFeature ? nil : group.name, name: name,
        isBare: isFeature || readings[name.lowercased()] == 1, state: states[value],
        choice: choices.last { $0.value == value }?.isChosen,
        isFreedByChoosing: states[value] == .excluded
          && Self.isFreedByChoosing(value, reason: reasons[value], choices: choices, line: line))
    }
    return CarVocabulary(model: car.model.rawValue, values: values, waysOut: car.waysOut.count)
  }

  /// Whether an excluded value is so only by choices that choosing it takes the place of
  /// (SPEC §11): its own `-ATOM`, or the value chosen in its slot or `one` group. Its reason
  /// names those choices only; unexplained, it is taken as freed when there is such a choice.
  /// Any other excluded value would be refused (a dead value, or one the car's other choices
  /// rule out): Tab does not offer it after `+`.
  private static func isFreedByChoosing(
    _ value: Int, reason: Explanation?, choices: [Choice], line: ProductLine
  ) -> Bool {
    let group = line.values[value].group
    let replacesInGroup = line.groups[group].kind != .any && line.groups[group].kind != .feature
    let replaced = choices.filter { choice in
      choice.value == value
        || (replacesInGroup && choice.isChosen && line.values[choice.value].group == group)
    }
    guard let reason else { return !replaced.isEmpty }
    return !reason.choices.isEmpty && reason.choices.allSatisfy(replaced.contains)
  }

  /// Each value's state under the words already on the line; words that are not choices of
  /// the model are left out, and conflicting choices give no states.
  private static func states(_ session: Session, model: String, given: [String])
    -> (ProductLine, [OptionsReport.State])?
  {
    guard let configurator = try? session.state.catalogs.configurator(named: model) else {
      return nil
    }
    let line = configurator.line
    let choices = given.flatMap { word in (try? line.choices(from: [word])) ?? [] }
    guard let states = try? configurator.propagate(choices) else { return nil }
    return (line, states)
  }
}
