package import StockValuation

/// Where each line of the stock is, kept by `stock add` so that it finds a car's line at the
/// same cost however large the stock is: by the configuration whose car the line holds (an
/// array index), else by the line's key (a hash of its name, category, price and
/// specification). Any other change to the stock forgets it (see ``Stock``).
struct StockPositions {
  private var byKey: [StockLineKey: Int] = [:]
  /// By configuration index; `-1` where not known yet.
  private var byConfiguration: [Int] = []

  /// The positions of a stock's lines by their keys (the first of equal keys).
  init(_ keys: [StockLineKey]) {
    for (position, key) in keys.enumerated() where byKey[key] == nil {
      byKey[key] = position
    }
  }

  /// The position of the line with `key`, if there is one.
  ///
  /// - Parameters:
  ///   - key: The line's key.
  ///   - configuration: The configuration index of the build whose car the line holds.
  /// - Returns: The line's position in the stock.
  mutating func position(of key: StockLineKey, configuration: Int?) -> Int? {
    if let known = position(configuration: configuration) { return known }
    guard let position = byKey[key] else { return nil }
    remember(position, configuration: configuration)
    return position
  }

  /// The position of the line holding the car of a configuration, if it was found before.
  ///
  /// - Parameter configuration: The configuration index of the build whose car it is.
  /// - Returns: The line's position in the stock.
  func position(configuration: Int?) -> Int? {
    guard let configuration, configuration < byConfiguration.count,
      byConfiguration[configuration] >= 0
    else { return nil }
    return byConfiguration[configuration]
  }

  /// Records a line appended at `position`.
  mutating func appended(_ key: StockLineKey, at position: Int, configuration: Int?) {
    byKey[key] = position
    remember(position, configuration: configuration)
  }

  private mutating func remember(_ position: Int, configuration: Int?) {
    guard let configuration else { return }
    if configuration >= byConfiguration.count {
      byConfiguration.append(
        contentsOf: repeatElement(-1, count: configuration + 1 - byConfiguration.count))
    }
    byConfiguration[configuration] = position
  }
}
