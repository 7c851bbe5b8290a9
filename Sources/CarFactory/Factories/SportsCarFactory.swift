/// Builds the Porsche Boxster family. One instance per process, made on first use.
final class SportsCarFactory: PrototypeFactory {
  static let shared = SportsCarFactory()

  let definition = BuiltInModels.sports
  let family = BuiltInModels.sportsFamily

  private init() {}
}
