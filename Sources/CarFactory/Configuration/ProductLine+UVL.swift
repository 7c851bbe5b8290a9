internal import ConfigurationEngine

extension ProductLine {
  /// A UVL feature model as a product line (SPEC §8): every feature is a value of its own
  /// group, its name is its atom, its `price` attribute its surcharge, and each cross-tree
  /// constraint a rule (`constraint N`, N its line).
  ///
  /// - Parameters:
  ///   - featureModel: The compiled UVL model.
  ///   - model: The model id users type (the file name without `.uvl`, lower-cased).
  package init(featureModel: FeatureModel, model: ModelID) {
    var groups: [Group] = []
    var values: [Value] = []
    var charges: [(literal: Literal, cents: Int64)] = []
    var atomIndex: [String: Int] = [:]
    var exactAtomIndex: [String: Int] = [:]
    groups.reserveCapacity(featureModel.features.count)
    values.reserveCapacity(featureModel.features.count)
    for (index, feature) in featureModel.features.enumerated() {
      let surcharge = feature.price ?? .zero
      groups.append(Group(name: feature.name, kind: .feature, values: index..<index + 1))
      values.append(
        Value(
          atom: feature.name, name: feature.name, group: index, surcharge: surcharge,
          isDefault: featureModel.defaults[index] == .selected, coveredBy: [],
          variable: feature.variable))
      if surcharge.cents != 0 { charges.append((feature.variable.positive, surcharge.cents)) }
      if atomIndex[feature.name.lowercased()] == nil {
        atomIndex[feature.name.lowercased()] = index
      }
      exactAtomIndex[feature.name] = index
    }
    self.init(
      model: model, title: featureModel.features.first?.name ?? model.rawValue,
      basePrice: .zero, groups: groups, values: values,
      rules: featureModel.constraints.map { Rule(id: $0.id, text: $0.text, message: nil) },
      completion: .greedy, constraints: featureModel.engine, charges: charges, preferred: [],
      atomIndex: atomIndex, exactAtomIndex: exactAtomIndex, featureModel: featureModel)
  }
}
