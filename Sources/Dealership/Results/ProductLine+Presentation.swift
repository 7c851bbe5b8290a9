package import CarFactory

extension ProductLine {
  /// Whether the line's builds are sets of features rather than cars (a UVL model has no
  /// part slots, so no factory): its values are named by themselves, not `GROUP=VALUE`, its
  /// builds are listed by their features, and its prices are shown only when features carry
  /// them.
  package var buildsAreFeatures: Bool { factory == nil }
}
