internal import CarFactory
internal import StockValuation

extension CompletionVocabulary {
  /// The vocabulary of a session: its commands, its registry's models and their options, the
  /// ISO 4217 codes, and the file system for file arguments.
  init(session: Session) {
    let registry = session.registry
    self.init(
      commands: Command.allCases.map(\.rawValue),
      models: { registry.modelIDs.map(\.rawValue) },
      slots: PartSlot.allCases.map(\.rawValue),
      values: { model, slot in
        guard let slot = PartSlot(rawValue: slot.lowercased()),
          let factory = try? registry.factory(for: ModelID(model.lowercased()))
        else { return [] }
        return factory.definition.allowedParts(for: slot).map(\.rawValue)
      },
      currencies: Currency.all.map(\.code),
      files: FolderListing.entries(of:))
  }
}
