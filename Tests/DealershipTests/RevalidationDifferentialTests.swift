import CarFactory
import CatalogFixtures
import Support
import Testing

@testable import Dealership

/// `revalidate` (SPEC §16) on generated catalog pairs, against the brute force of
/// ``CatalogReference``: builds recorded under a generated catalog, the catalog file then
/// superseded by its next version (one rule more, one surcharge changed), and every build
/// checked again. A build stands exactly when some valid build of the new version has its
/// choices; one that does not gets the ways out the enumeration of the new version gives —
/// the fewest choices dropped, then the cheapest, each with the price of the build then made.
@Suite struct RevalidationDifferentialTests {
  /// The catalog JSON of a generated model (SPEC §6's version 2); `replacing` marks it as
  /// the next version of a model loaded already.
  static func json(_ definition: ModelDefinition, replacing: Bool = false) -> String {
    func money(_ price: Price) -> String {
      let cents = price.cents
      let fraction = cents % 100
      return "\"\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)\""
    }
    func text(_ value: String) -> String {
      "\"" + value.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : "\($0)" }.joined() + "\""
    }
    let alternatives = definition.alternatives.map { alternative in
      "{\"slot\": \(text(alternative.slot.rawValue)), \"part\": \(text(alternative.part.rawValue)), "
        + "\"surcharge\": \(money(alternative.surcharge))}"
    }
    let equipment = definition.equipment.map { group in
      let choices = group.choices.map { choice in
        "{\"id\": \(text(choice.id)), \"name\": \(text(choice.name)), "
          + "\"surcharge\": \(money(choice.surcharge)), "
          + "\"includes\": [\(choice.includes.map(text).joined(separator: ", "))]}"
      }
      let preset = group.defaultChoice.map { ", \"default\": \(text($0))" } ?? ""
      return "{\"group\": \(text(group.id)), \"select\": \(text(group.selection.rawValue))"
        + "\(preset), \"choices\": [\(choices.joined(separator: ", "))]}"
    }
    let rules = definition.rules.map { rule in
      "{\"id\": \(text(rule.id)), \"rule\": \(text(rule.text))}"
    }
    let defaults = definition.defaults
    return """
      {"version": 2, "models": [{"id": \(text(definition.id.rawValue)), \
      \(replacing ? "\"replace\": true, " : "")\
      "carType": \(text(definition.carType)), "basePrice": \(money(definition.basePrice)), \
      "floorplan": \(text(defaults.floorplan?.rawValue ?? "standard")), \
      "suspension": \(text(defaults.suspension?.rawValue ?? "standard")), \
      "drive": \(text(defaults.drive?.rawValue ?? "front")), \
      "alternatives": [\(alternatives.joined(separator: ", "))], \
      "equipment": [\(equipment.joined(separator: ", "))], \
      "rules": [\(rules.joined(separator: ", "))]}]}
      """
  }

  /// The next version of a generated model: a rule that forbids two values together, and
  /// the first equipment choice $3.00 dearer. The two are chosen values of one recorded
  /// build where there is one with two (so some records no longer stand), else any two.
  static func nextVersion(
    of old: ModelDefinition, atoms: [String], recorded: [[String]],
    using random: inout SeededGenerator
  ) -> (definition: ModelDefinition, forbidden: [String]) {
    let pairs = recorded.map { $0.filter { !$0.hasPrefix("-") } }.filter { $0.count >= 2 }
    let pool = pairs.randomElement(using: &random) ?? atoms
    let first = pool.randomElement(using: &random) ?? "drive=front"
    let second = pool.filter { $0 != first }.randomElement(using: &random) ?? first
    var equipment = old.equipment
    if let group = equipment.first, let choice = group.choices.first {
      var choices = group.choices
      choices[0] = EquipmentGroup.Choice(
        id: choice.id, name: choice.name, surcharge: Price(cents: choice.surcharge.cents + 300),
        includes: choice.includes)
      equipment[0] = EquipmentGroup(
        id: group.id, selection: group.selection, defaultChoice: group.defaultChoice,
        choices: choices)
    }
    let definition = ModelDefinition(
      id: old.id, carType: old.carType, basePrice: old.basePrice,
      floorplan: old.defaults.floorplan ?? "standard",
      suspension: old.defaults.suspension ?? "standard", drive: old.defaults.drive ?? "front",
      alternatives: old.alternatives, equipment: equipment,
      rules: old.rules + [ModelRule(id: "next", text: "!(\(first) & \(second))")])
    return (definition, [first, second])
  }

  @Test func everyBuildIsJudgedAndCorrectedAsTheEnumerationOfTheNewVersion() throws {
    var invalid = 0
    var valid = 0
    var priced = 0
    var loaded = 0
    for seed in UInt64(1)...150 {
      let old = RandomCatalog.definition(seed: seed)
      let environment = TestEnvironment()
      environment.files["random.json"] = Array(Self.json(old).utf8)
      var state = SessionState(catalogs: Catalogs.starting(clean: true))
      do {
        try state.run("catalog load random.json", in: environment)
      } catch {
        // Random rules sometimes leave no build: the one refusal a generated model may get.
        #expect("\(error)".contains("has no valid build"), "seed \(seed): \(error)")
        continue
      }
      let oldLine = try #require(state.catalogs.line(old.id), "seed \(seed)")
      loaded += 1
      let oldReference = CatalogReference(definition: old, line: oldLine)
      var random = SeededGenerator(state: seed &* 0x4E57_0047)
      var recorded: [[Choice]] = []
      var atomsRecorded: [[String]] = []
      for _ in 0..<6 {
        let choices = oldLine.randomChoices(upTo: 4, using: &random)
        guard !oldReference.builds(with: choices).isEmpty else { continue }
        let atoms = choices.map { ($0.isChosen ? "" : "-") + oldLine.values[$0.value].atom }
        try state.run("build random " + atoms.joined(separator: " "), in: environment)
        recorded.append(choices)
        atomsRecorded.append(atoms)
      }
      guard !recorded.isEmpty else { continue }
      let (new, forbiddenAtoms) = Self.nextVersion(
        of: old, atoms: oldLine.values.map(\.atom), recorded: atomsRecorded, using: &random)
      // A second file defining the same model replaces it, as a store opened with the next
      // version's file does.
      environment.files["random-next.json"] = Array(Self.json(new, replacing: true).utf8)
      // A rule every old build breaks leaves the next version without a build: refused.
      let forbidden = try forbiddenAtoms.map { atom in
        Choice(value: try #require(oldLine.valueIndex(forAtom: atom)), isChosen: true)
      }
      if oldReference.builds(with: forbidden).count == oldReference.builds.count {
        #expect(throws: CommandError.self, "seed \(seed)") {
          try state.run("catalog load random-next.json", in: environment)
        }
        continue
      }
      try state.run("catalog load random-next.json", in: environment)
      let newLine = try #require(state.catalogs.line(new.id), "seed \(seed)")
      let reference = CatalogReference(definition: new, line: newLine)
      guard case .revalidation(let result)? = try state.run("revalidate", in: environment).first
      else {
        Issue.record("seed \(seed): revalidate gave no revalidation")
        continue
      }
      let builds = result.items.filter {
        if case .build = $0.record { true } else { false }
      }
      #expect(builds.count == recorded.count, "seed \(seed)")
      for (item, choices) in zip(builds, recorded) {
        let note = "seed \(seed): \(item.choices) under \(new.rules.map(\.text))"
        // The same atoms name the same values in both versions (only a rule and a price
        // changed), so the recorded choices read the same on the new line.
        let again = try newLine.choices(from: item.choices)
        #expect(again == choices, "\(note)")
        let expected = reference.waysOut(dropping: choices, keeping: [], limit: 3)
        switch item.verdict {
        case .valid(let price, _, _):
          valid += 1
          #expect(!reference.builds(with: choices).isEmpty, "\(note)")
          // The values recorded, where they still make a build, priced now; else the build
          // the choices make now.
          let held = try #require(oldReference.closest(with: choices), "\(note)")
          let cents =
            reference.builds.first { $0.selected == held.selected }?.cents
            ?? reference.closest(with: choices)?.cents
          #expect(price?.cents == cents, "\(note)")
        case .invalid(let conflict):
          invalid += 1
          #expect(reference.builds(with: choices).isEmpty, "\(note)")
          let found = conflict.conflict.corrections.map {
            CatalogReference.WayOut(drop: $0.drop, cents: $0.price?.cents)
          }
          #expect(found == expected, "\(note)")
          if found.contains(where: { $0.cents != nil }) { priced += 1 }
        default:
          Issue.record("\(note): \(item.verdict)")
        }
      }
    }
    // Most generated models load, and there are enough of both verdicts and of priced
    // corrections for the comparison to mean much.
    #expect(loaded > 90, "\(loaded)")
    #expect(invalid > 50 && valid > 200 && priced > 50, "\(invalid) \(valid) \(priced)")
  }
}
