internal import CarFactory
internal import StockValuation

extension CompletionVocabulary {
  /// The vocabulary of a session: its commands, its registry's models, each model's slots and
  /// groups with the values still possible under the choices already typed (asked of the
  /// model's configurator), the ISO 4217 codes, and the file system for file arguments.
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
      currencies: Currency.all.map(\.code),
      files: FolderListing.entries(of:))
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
