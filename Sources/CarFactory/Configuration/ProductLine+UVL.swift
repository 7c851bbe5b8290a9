internal import ConfigurationEngine

extension ProductLine {
  /// A UVL feature model as a product line (SPEC §8): every feature is a value of its own
  /// group, its name is its atom, its `price` attribute its surcharge — the root's is the
  /// model's base price (SPEC §11), as every build has the root —, its other numeric
  /// attributes its attribute values (SPEC §13; the root's are the base values, id and name
  /// the attribute's name, no unit), and each cross-tree constraint a rule (`constraint N`, N
  /// its line).
  ///
  /// - Parameters:
  ///   - featureModel: The compiled UVL model.
  ///   - model: The model id users type (the file name without `.uvl`, lower-cased).
  ///   - digest: The digest of the file's bytes (see ``digest(of:)``), recorded with builds.
  package init(featureModel: FeatureModel, model: ModelID, digest: String = "") {
    var groups: [Group] = []
    var values: [Value] = []
    var charges: [(literal: Literal, cents: Int64)] = []
    groups.reserveCapacity(featureModel.features.count)
    values.reserveCapacity(featureModel.features.count)
    for (index, feature) in featureModel.features.enumerated() {
      let surcharge = index == 0 ? .zero : feature.price ?? .zero
      groups.append(Group(name: feature.name, kind: .feature, values: index..<index + 1))
      values.append(
        Value(
          atom: feature.name, name: feature.name, group: index, surcharge: surcharge,
          isDefault: featureModel.defaults[index] == .selected, coveredBy: [],
          variable: feature.variable,
          // The root's numbers are the model's base values (as its price is the base price).
          attributes: index == 0 ? [:] : feature.numbers))
      if surcharge.cents != 0 { charges.append((feature.variable.positive, surcharge.cents)) }
    }
    // The first feature of a lower-cased name keeps it; one lookup a feature.
    var atomIndex = [String: Int](minimumCapacity: featureModel.features.count)
    atomIndex.merge(
      featureModel.features.enumerated().lazy.map { ($1.name.lowercased(), $0) },
      uniquingKeysWith: { first, _ in first })
    self.init(
      model: model, title: featureModel.features.first?.name ?? model.rawValue,
      basePrice: featureModel.features.first?.price ?? .zero, groups: groups, values: values,
      rules: Self.rules(of: featureModel),
      completion: .greedy, constraints: featureModel.engine, charges: charges, preferred: [],
      atomIndex: atomIndex, featureModel: featureModel, digest: digest)
    attributes = featureModel.attributeNames.map { Attribute(id: $0, name: $0) }
    baseAttributes = featureModel.features.first?.numbers ?? [:]
    declaresPrices = featureModel.features.contains { $0.price != nil }
    setGroupRules(Self.featureGroupRules(featureModel))
    names = ValueNames(self)
  }

  /// The rules of a UVL model: each constraint, with its comparisons of a single total.
  private static func rules(of featureModel: FeatureModel) -> [Rule] {
    // Made for the first comparison, so Boolean models never build it.
    var arithmetic: RuleArithmetic?
    return featureModel.constraints.map { constraint in
      var rule = Rule(id: constraint.id, text: constraint.text, message: nil)
      rule.mentions = constraint.expression.atoms.compactMap {
        featureModel.feature(named: $0.name)
      }
      if constraint.expression.hasComparison {
        if arithmetic == nil {
          arithmetic = FeatureModel.arithmetic(
            features: featureModel.features, attributes: featureModel.attributeNames)
        }
        rule.comparisons = arithmetic?.comparisons(in: constraint.expression) ?? []
      }
      return rule
    }
  }

  /// A digest of a model file's bytes (FNV-1a, 64 bits, in hex): a saved build of a UVL model
  /// records it and is refused against a file with another digest. It tells versions of a
  /// model apart; it is not a cryptographic hash.
  package static func digest(of bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    let text = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }
}
