internal import ConfigurationEngine
internal import Support

extension ProductLine {
  /// Compiles a catalog (or built-in) model: one exactly-one group per part slot, one group
  /// per equipment group, packages as implications, and the model's rules.
  ///
  /// - Parameters:
  ///   - factory: The model's factory; it names the parts of each slot.
  ///   - date: The day whose choices and rules are in force (SPEC §16); `nil` for every one,
  ///     as the catalog's own checks compile it. A choice out of force on the day is excluded
  ///     by a rule of its own (``Rule/offered``); a rule out of force does not apply.
  /// - Throws: ``ProductLineError`` for an unknown atom, a bad expression, an unknown or cyclic
  ///   package member, or a duplicate id. Whether any valid build exists is checked by the
  ///   caller with the engine (``ProductLine/lint()``).
  init(factory: any CarPartsFactory, asOf date: CatalogDate? = nil) throws(ProductLineError) {
    var compiler = CatalogCompiler(definition: factory.definition, date: date)
    try compiler.addSlots(naming: factory)
    try compiler.addEquipment()
    try compiler.addPackages()
    compiler.addCharges()
    try compiler.addRules()
    compiler.addEffectivity()
    self = compiler.finish()
    self.factory = factory
    self.names = ValueNames(self)
  }
}

/// The state of compiling one catalog model; see ``ProductLine/init(factory:)``.
private struct CatalogCompiler {
  let definition: ModelDefinition
  var constraints = ConstraintModel()
  var groups: [ProductLine.Group] = []
  var values: [ProductLine.Value] = []
  var atomIndex: [String: Int] = [:]
  var preferred: [Literal] = []
  /// Direct package members by value index.
  var members: [Int: [Int]] = [:]
  var rules: [ProductLine.Rule] = []
  /// The price as literals with their cents (see ``ProductLine/charges``).
  var charges: [(literal: Literal, cents: Int64)] = []

  /// The day whose choices and rules are in force; `nil` for all of them.
  let date: CatalogDate?

  init(definition: ModelDefinition, date: CatalogDate?) {
    self.definition = definition
    self.date = date
  }

  /// Excludes each value out of force on ``date`` by a rule of its own, which reasons cite
  /// with the value's dates (SPEC §16).
  mutating func addEffectivity() {
    guard let date else { return }
    for value in values where !value.effectivity.isInForce(on: date) {
      let id = "\(value.atom) offered"
      _ = constraints.addRule(id: id, .not(.literal(value.variable.positive)))
      var rule = ProductLine.Rule(id: id, text: "!\(value.atom)", message: nil)
      rule.mentions = atomIndex[value.atom.lowercased()].map { [$0] } ?? []
      rule.offered = value.effectivity.standing(on: date)
      rules.append(rule)
    }
  }

  private mutating func addValue(
    atom: String, name: String, group: Int, surcharge: Price, isDefault: Bool,
    attributes: AttributeValues
  ) -> Variable {
    let variable = constraints.newVariable()
    atomIndex[atom.lowercased()] = values.count
    values.append(
      ProductLine.Value(
        atom: atom, name: name, group: group, surcharge: surcharge, isDefault: isDefault,
        coveredBy: [], variable: variable, attributes: attributes))
    return variable
  }

  mutating func addSlots(naming factory: any CarPartsFactory) throws(ProductLineError) {
    for slot in PartSlot.allCases {
      let parts = definition.allowedParts(for: slot)
      let defaultPart = definition.defaultPart(for: slot)
      let first = values.count
      var literals: [Literal] = []
      for part in parts {
        let name: String
        do {
          switch slot {
          case .floorplan: name = try factory.makeFloorplan(part).name
          case .suspension: name = try factory.makeSuspension(part).name
          case .drive: name = try factory.makeDrivetrain(part).name
          }
        } catch {
          throw ProductLineError(path: slot.rawValue, reason: error.description)
        }
        let isDefault = part == defaultPart
        let variable = addValue(
          atom: "\(slot)=\(part)", name: name, group: groups.count,
          surcharge: definition.surcharge(for: part, in: slot) ?? .zero, isDefault: isDefault,
          attributes: definition.alternatives.first { $0.slot == slot && $0.part == part }?
            .attributes ?? [:])
        literals.append(variable.positive)
        if isDefault { preferred.append(variable.positive) }
      }
      constraints.addExactlyOne(literals)
      groups.append(.init(name: slot.rawValue, kind: .slot(slot), values: first..<values.count))
    }
  }

  mutating func addEquipment() throws(ProductLineError) {
    var seenGroups: Set<String> = Set(PartSlot.allCases.map(\.rawValue))
    for (groupIndex, group) in definition.equipment.enumerated() {
      let path = "equipment[\(groupIndex)]"
      let groupID = group.id.lowercased()
      guard seenGroups.insert(groupID).inserted else {
        let what = PartSlot(rawValue: groupID) == nil ? "an earlier group" : "a part slot"
        throw ProductLineError(
          path: "\(path).group", reason: "group '\(group.id)' has the same name as \(what)")
      }
      guard !group.choices.isEmpty else {
        throw ProductLineError(
          path: "\(path).choices", reason: "group '\(group.id)' has no choices")
      }
      let first = values.count
      var literals: [Literal] = []
      var seenChoices: Set<String> = []
      for (choiceIndex, choice) in group.choices.enumerated() {
        let choiceID = choice.id.lowercased()
        guard seenChoices.insert(choiceID).inserted else {
          throw ProductLineError(
            path: "\(path).choices[\(choiceIndex)].id",
            reason: "choice '\(choice.id)' appears twice in group '\(group.id)'")
        }
        let isDefault = group.selection == .one && group.defaultChoice?.lowercased() == choiceID
        let variable = addValue(
          atom: "\(groupID)=\(choiceID)", name: choice.name, group: groups.count,
          surcharge: choice.surcharge, isDefault: isDefault, attributes: choice.attributes)
        values[values.count - 1].effectivity = choice.effectivity
        literals.append(variable.positive)
        if group.selection == .one {
          if isDefault { preferred.append(variable.positive) }
        } else {
          preferred.append(variable.negative)
        }
      }
      if group.selection == .one {
        guard let defaultChoice = group.defaultChoice,
          seenChoices.contains(defaultChoice.lowercased())
        else {
          throw ProductLineError(
            path: "\(path).default",
            reason:
              "default '\(group.defaultChoice ?? "")' is not a choice of group '\(group.id)' "
              + "(choices: \(group.choices.map(\.id).joined(separator: ", ")))")
        }
        constraints.addExactlyOne(literals)
      }
      groups.append(
        .init(
          name: groupID, kind: group.selection == .one ? .one : .any, values: first..<values.count))
    }
  }

  /// Resolves a package member: `CHOICE` in the package's own group, or a full atom.
  private func member(_ text: String, inGroup group: String) -> Int? {
    let lowered = text.lowercased()
    if lowered.contains("=") { return atomIndex[lowered] }
    return atomIndex["\(group)=\(lowered)"]
  }

  mutating func addPackages() throws(ProductLineError) {
    for (groupIndex, group) in definition.equipment.enumerated() {
      for (choiceIndex, choice) in group.choices.enumerated() where !choice.includes.isEmpty {
        let path = "equipment[\(groupIndex)].choices[\(choiceIndex)].includes"
        guard let package = atomIndex["\(group.id.lowercased())=\(choice.id.lowercased())"] else {
          continue
        }
        for (memberIndex, text) in choice.includes.enumerated() {
          guard let target = member(text, inGroup: group.id.lowercased()) else {
            throw ProductLineError(
              path: "\(path)[\(memberIndex)]", reason: unknownAtomReason(text))
          }
          guard target != package else {
            throw ProductLineError(
              path: "\(path)[\(memberIndex)]", reason: "package '\(choice.id)' includes itself")
          }
          members[package, default: []].append(target)
          constraints.addImplication(
            values[package].variable.positive, values[target].variable.positive)
        }
      }
    }
    // Coverage is transitive: a package covers its members' members. A cycle of packages
    // including each other is refused.
    for package in members.keys.sorted() {
      var reached: Set<Int> = []
      var stack = members[package] ?? []
      while let next = stack.popLast() {
        if next == package {
          throw ProductLineError(
            path: path(ofChoiceAt: package) + ".includes",
            reason: "packages include each other in a cycle through '\(values[package].atom)'")
        }
        guard reached.insert(next).inserted else { continue }
        stack += members[next] ?? []
      }
      for covered in reached {
        // In place: a member keeps every other field, its dates among them.
        values[covered].coveredBy.append(package)
      }
    }
  }

  /// The catalog path of an equipment choice, for messages.
  private func path(ofChoiceAt index: Int) -> String {
    let value = values[index]
    let equipmentIndex = value.group - PartSlot.allCases.count
    return "equipment[\(equipmentIndex)].choices[\(index - groups[value.group].values.lowerBound)]"
  }

  private func unknownAtomReason(_ text: String) -> String {
    let atoms = values.map(\.atom)
    let hint = Suggestion.nearest(to: text, in: atoms).map { "; did you mean '\($0)'?" } ?? ""
    return "unknown value '\(text)'\(hint)"
  }

  mutating func addRules() throws(ProductLineError) {
    var seen: Set<String> = []
    var terms = 0
    let arithmetic = arithmetic()
    for (index, rule) in definition.rules.enumerated() {
      if let date, !rule.effectivity.isInForce(on: date) { continue }
      let path = "rules[\(index)]"
      guard !rule.id.isEmpty, seen.insert(rule.id).inserted else {
        throw ProductLineError(
          path: "\(path).id",
          reason: rule.id.isEmpty ? "a rule needs an id" : "rule id '\(rule.id)' appears twice")
      }
      let expression: Expression
      do {
        let tokens = try RuleLexer.tokens(rule.text)
        expression = try ExpressionParser.parse(tokens, endColumn: rule.text.utf8.count + 1)
      } catch {
        throw ProductLineError(
          path: "\(path).rule", reason: "column \(error.column): \(error.message)")
      }
      let formula: Formula
      do {
        formula = try expression.formula(
          { (name, column) throws(ProductLineError) in
            guard let value = atomIndex[name.lowercased()] else {
              throw ProductLineError(
                path: "\(path).rule", reason: "column \(column): \(unknownAtomReason(name))")
            }
            return values[value].variable.positive
          },
          compare: { (left, comparator, right, column) throws(ProductLineError) in
            do throws(RuleArithmetic.Failure) {
              return try arithmetic.formula(left, comparator, right, column: column)
            } catch {
              throw ProductLineError(
                path: "\(path).rule", reason: "column \(error.column): \(error.message)")
            }
          })
      }
      if let refusal = RuleArithmetic.sizeRefusal(of: formula, total: &terms) {
        throw ProductLineError(path: "\(path).rule", reason: refusal)
      }
      constraints.addRule(id: rule.id, formula)
      var compiled = ProductLine.Rule(id: rule.id, text: rule.text, message: rule.message)
      compiled.comparisons = arithmetic.comparisons(in: expression)
      compiled.mentions = expression.atoms.compactMap { atomIndex[$0.name.lowercased()] }
      rules.append(compiled)
    }
  }

  /// The price as a sum over literals: a covered surcharge is charged only while no package
  /// covering it is held.
  mutating func addCharges() {
    for value in values where value.surcharge.cents != 0 {
      if value.coveredBy.isEmpty {
        charges.append((value.variable.positive, value.surcharge.cents))
      } else {
        // Charged ⇔ held and no covering package held.
        let charged = constraints.define(
          .and(
            [.literal(value.variable.positive)]
              + value.coveredBy.map { .literal(values[$0].variable.negative) }))
        charges.append((charged, value.surcharge.cents))
      }
    }
  }

  /// Where rules find the numbers of `sum`, `avg` and `ATOM.ATTR` (SPEC §13): each declared
  /// attribute's values, and `price` as the base price and the charged surcharges. Every
  /// alternative and choice carries a price (its surcharge, $0.00 included, and $0.00 while a
  /// package covers it), so `avg(price)` counts each one the build holds, as `avg` of any
  /// attribute counts a value carrying 0; a default part's price is the base price's.
  func arithmetic() -> RuleArithmetic {
    let perCent: Int128 = 10_000
    let carriers = values.filter { value in
      guard case .slot = groups[value.group].kind else { return true }
      return !value.isDefault
    }.map(\.variable.positive)
    var sources: [String: RuleArithmetic.Source] = [
      Attribute.priceID: .init(
        base: Int128(definition.basePrice.cents) * perCent,
        terms: charges.map { ($0.literal, Int128($0.cents) * perCent) }, carriers: carriers)
    ]
    for attribute in definition.attributes {
      sources[attribute.id] = .init(
        base: definition.baseAttributes[attribute.id].map { Int128($0.millionths) },
        terms: values.compactMap { value in
          value.attributes[attribute.id].map { (value.variable.positive, Int128($0.millionths)) }
        })
    }
    let values = values
    let atomIndex = atomIndex
    return RuleArithmetic(
      sources: sources,
      valueNumber: { atom, attribute in
        guard let index = atomIndex[atom.lowercased()] else { return nil }
        if attribute == Attribute.priceID {
          return .some(Int128(values[index].surcharge.cents) * perCent)
        }
        return .some(values[index].attributes[attribute].map { Int128($0.millionths) })
      },
      atoms: values.map(\.atom))
  }

  mutating func finish() -> ProductLine {
    var line = ProductLine(
      model: definition.id, title: definition.carType, basePrice: definition.basePrice,
      groups: groups, values: values, rules: rules, completion: .closest,
      constraints: constraints, charges: charges, preferred: preferred, atomIndex: atomIndex,
      featureModel: nil)
    line.attributes = definition.attributes
    line.baseAttributes = definition.baseAttributes
    line.setGroupRules(ProductLine.catalogGroupRules(groups))
    return line
  }
}
