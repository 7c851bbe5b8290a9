/// Builds a model defined by a catalog file. The registry makes one per model, on first use,
/// and hands out that instance from then on.
final class CatalogCarFactory: PrototypeFactory {
  let definition: ModelDefinition
  let family: PartFamily

  init(definition: ModelDefinition, family: PartFamily) {
    self.definition = definition
    self.family = family
  }
}
