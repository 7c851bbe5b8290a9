/// Builds the VW Golf family. One instance per process, made on first use.
final class CompactCarFactory: PrototypeFactory {
  static let shared = CompactCarFactory()

  let definition = BuiltInModels.compact
  let family = BuiltInModels.compactFamily

  private init() {}
}
