/// Builds the Cadillac Escalade family. One instance per process, made on first use.
final class SUVFactory: PrototypeFactory {
  static let shared = SUVFactory()

  let definition = BuiltInModels.suv
  let family = BuiltInModels.suvFamily

  private init() {}
}
