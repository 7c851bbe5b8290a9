import Support

/// Why a car could not be built. The description is the one-line message users see.
public enum BuildError: Error, Hashable, Sendable {
  /// No model has this identifier.
  case unknownModel(String, known: [ModelID])
  /// No slot has this option name.
  case unknownOption(String)
  /// The option was given more than once in one build.
  case repeatedOption(PartSlot)
  /// The model does not offer this part in the slot.
  case optionNotOffered(slot: PartSlot, value: String, model: ModelID, allowed: [PartID])
  /// The price does not fit in the money type.
  case priceOverflow(ModelID)
  /// The model is a UVL feature model: it has features, not parts to make.
  case noParts(ModelID)
  /// The model's definition does not compile for the configuration engine.
  case invalidModel(ModelID, String)
  /// The model is not offered on the day (`--as-of`, SPEC §16): its dates and the day.
  case notOffered(ModelID, Effectivity, asOf: CatalogDate)
}

extension BuildError: CustomStringConvertible {
  /// The one-line message users see, naming the bad value and the valid ones.
  ///
  /// Control characters in quoted values are escaped (`\n`), so it stays one line.
  public var description: String { unescapedDescription.escapingControlCharacters }

  private var unescapedDescription: String {
    switch self {
    case .unknownModel(let name, let known):
      let names = known.map(\.rawValue)
      guard !names.isEmpty else {
        return "unknown model '\(name)' (no models are loaded; add them with --catalog FILE)"
      }
      let hint = Suggestion.hint(for: name, in: names)
      return "unknown model '\(name)'\(hint) (models: \(names.joined(separator: ", ")))"
    case .unknownOption(let name):
      let names = PartSlot.allCases.map(\.rawValue)
      let hint = Suggestion.hint(for: name, in: names)
      return "unknown option '\(name)'\(hint) (options: \(names.joined(separator: ", ")))"
    case .repeatedOption(let slot):
      return "option '\(slot)' is given more than once"
    case .optionNotOffered(let slot, let value, let model, let allowed):
      let names = allowed.map(\.rawValue)
      let hint =
        Suggestion.hint(for: value, in: names)
      return
        "\(slot) '\(value)' is not available for model '\(model)'\(hint) "
        + "(allowed: \(names.joined(separator: ", ")))"
    case .priceOverflow(let model):
      return "the price of model '\(model)' is too large"
    case .noParts(let model):
      return "model '\(model)' is a feature model; it has features, not parts"
    case .invalidModel(let model, let reason):
      return "model '\(model)' cannot be configured: \(reason)"
    case .notOffered(let model, let effectivity, let date):
      let dates =
        switch (effectivity.validFrom, effectivity.validTo) {
        case (let from?, let to?): "offered from \(from) to \(to)"
        case (let from?, nil): "offered from \(from)"
        case (nil, let to?): "offered until \(to)"
        case (nil, nil): "offered always"
        }
      return "model '\(model)' is not offered on \(date) (\(dates); see --as-of DATE)"
    }
  }
}
