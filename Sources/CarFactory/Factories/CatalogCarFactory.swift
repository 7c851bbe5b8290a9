/// Builds a model defined by a catalog file. The registry makes one per model, on first use,
/// and hands out that instance from then on.
final class CatalogCarFactory: PrototypeFactory {
  let definition: ModelDefinition
  let family: PartFamily

  init(definition: ModelDefinition, prototypes: PartPrototypes) {
    self.definition = definition
    self.family = PartFamily(definition: definition, prototypes: prototypes)
  }
}
