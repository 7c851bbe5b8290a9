import CarFactory
import CatalogFixtures
import Foundation
import Testing

@testable import Dealership
@testable import configurator

/// Every working-car change names all it changed (SPEC §14), checked on random walks over
/// generated catalogs against the brute-force enumeration of ``CatalogReference``: the build
/// before a change with the values it lists as added and removed is a build closest to the
/// defaults of the choices after it (fewest values away, then the cheapest); each listed
/// price difference is what SPEC §7's prices give that value (a package's taking off or
/// adding back its members' surcharges); the differences add up to the change of the running
/// price, in JSON and in the text block alike; and each cause holds in the enumeration — a
/// chosen value is a choice, a forced one is in every build, an excluded one in none, each
/// with a reason whose rules and choices alone decide it, a default that gave way is in no
/// build with the choices and the defaults the build keeps.
@Suite struct CarMovesDifferentialTests {
  private static let seeds: [UInt64] = Array(1...60)

  private enum CaseError: Error { case unregistered }

  /// One generated model in a JSON session and a text session, with its reference.
  private struct Case {
    let json: SessionHarness
    let text: SessionHarness
    let definition: ModelDefinition
    let line: ProductLine
    let reference: CatalogReference

    init(definition: ModelDefinition) throws {
      self.definition = definition
      let registries = (CarRegistry(), CarRegistry())
      for registry in [registries.0, registries.1] {
        guard try registry.register(builtInDefinition: definition) else {
          throw CaseError.unregistered
        }
      }
      json = SessionHarness(format: .json, registry: registries.0)
      text = SessionHarness(format: .text, registry: registries.1)
      line = try registries.0.productLine(for: definition.id)
      reference = CatalogReference(definition: definition, line: line)
    }

    func choices(_ atoms: [String]) -> [Choice] {
      atoms.compactMap { atom in
        let negative = atom.hasPrefix("-")
        let name = negative ? String(atom.dropFirst()) : atom
        return line.valueIndex(forAtom: name).map { Choice(value: $0, isChosen: !negative) }
      }
    }

    /// The closest-build key of SPEC §7: values away from the defaults, then the price.
    func key(_ selected: [Bool]) -> (Int, Int64) {
      (
        reference.distance(selected),
        reference.builds.first { $0.selected == selected }?.cents ?? -1
      )
    }

    /// What a value costs in a build by the catalog's words: its surcharge, unless a package
    /// the build holds includes it, directly or through another package.
    func charge(_ value: Int, _ selected: [Bool]) -> Int64 {
      guard selected[value] else { return 0 }
      return covering(value).contains { selected[$0] } ? 0 : line.values[value].surcharge.cents
    }

    /// The packages that include a value, directly or through others, from the definition.
    func covering(_ value: Int) -> Set<Int> {
      var direct: [Int: [Int]] = [:]
      for group in definition.equipment {
        for choice in group.choices {
          guard let package = line.valueIndex(forAtom: "\(group.id)=\(choice.id)") else { continue }
          for member in choice.includes {
            let atom = member.contains("=") ? member : "\(group.id)=\(member)"
            if let target = line.valueIndex(forAtom: atom) {
              direct[target, default: []].append(package)
            }
          }
        }
      }
      var found: Set<Int> = []
      var stack = direct[value] ?? []
      while let next = stack.popLast() {
        if found.insert(next).inserted { stack += direct[next] ?? [] }
      }
      return found
    }

    /// The defaults a build keeps, as the closest build prefers them: a slot's or `one`
    /// group's default held, an `any` value not held.
    func keptDefaults(_ selected: [Bool]) -> [Choice] {
      line.values.indices.compactMap { index in
        switch line.groups[line.values[index].group].kind {
        case .slot, .one:
          line.values[index].isDefault && selected[index]
            ? Choice(value: index, isChosen: true) : nil
        case .any, .feature:
          selected[index] ? nil : Choice(value: index, isChosen: false)
        }
      }
    }
  }

  private static func object(_ text: String) -> [String: Any] {
    let first = text.split(separator: "\n").first.map(String.init) ?? ""
    return (try? JSONSerialization.jsonObject(with: Data(first.utf8))) as? [String: Any] ?? [:]
  }

  private static func cents(_ value: Any?) -> Int64? {
    ((value as? [String: Any])?["minorUnits"] as? NSNumber)?.int64Value
  }

  @Test(arguments: seeds)
  func changesNameEveryValueTheyMove(seed: UInt64) throws {
    let definition = RandomCatalog.definition(seed: seed)
    guard let test = try? Case(definition: definition), !test.reference.builds.isEmpty else {
      return
    }
    _ = try Self.walk(test, seed: seed)
  }

  @Test(arguments: seeds.prefix(30))
  func changesOnModelsWithNumbersNameEveryValueTheyMove(seed: UInt64) throws {
    let definition = RandomCatalog.numericDefinition(seed: seed)
    guard let test = try? Case(definition: definition), !test.reference.builds.isEmpty else {
      return
    }
    _ = try Self.walk(test, seed: seed)
  }

  /// The walks move values of every kind of cause, so each check above is exercised.
  @Test func walksMeetEveryKindOfCause() throws {
    var kinds: Set<String> = []
    for seed in Self.seeds {
      guard let test = try? Case(definition: RandomCatalog.definition(seed: seed)),
        !test.reference.builds.isEmpty
      else { continue }
      kinds.formUnion(try Self.walk(test, seed: seed))
    }
    for kind in [
      "chosen", "ruledOut", "unchosen", "forced", "excluded", "package",
      "defaultGaveWay", "defaultAgain", "notNeeded",
    ] {
      #expect(kinds.contains(kind), "no move of kind \(kind)")
    }
  }

  /// A walk of 30 random changes; returns the kinds of cause it met.
  private static func walk(_ test: Case, seed: UInt64) throws -> Set<String> {
    var random = SeededGenerator(state: seed &* 7_919)
    let atoms = test.line.values.map(\.atom)
    _ = try test.json.run("configure \(test.definition.id)")
    _ = try test.text.run("configure \(test.definition.id)")
    guard let configurator = try? test.json.session.state.catalogs.configurator(named: "random")
    else { return [] }
    var selected = try configurator.runningBuild(of: []).selected
    var choices: [String] = []
    var kinds: Set<String> = []
    for step in 0..<30 {
      let roll = Int.random(in: 0..<20, using: &random)
      let command: String
      switch roll {
      case 0..<10: command = "+" + (atoms.randomElement(using: &random) ?? "")
      case 10..<13: command = "-" + (atoms.randomElement(using: &random) ?? "")
      case 13..<15 where !choices.isEmpty:
        command = "drop " + (choices.randomElement(using: &random) ?? "")
      case 15..<18: command = "undo"
      default: command = "redo"
      }
      let context = "seed \(seed) step \(step): \(command) on \(choices)"
      guard let reply = try? test.json.run(command) else { continue }
      let words = (try? test.text.run(command)) ?? ""
      let object = Self.object(reply)
      guard object["event"] as? String == "changed" else { continue }
      let after = object["choices"] as? [String] ?? []
      let added = object["added"] as? [[String: Any]] ?? []
      let removed = object["removed"] as? [[String: Any]] ?? []
      // The build after: the build before with the moves.
      var next = selected
      for (entries, entered) in [(added, true), (removed, false)] {
        for entry in entries {
          guard let atom = entry["atom"] as? String, let value = test.line.valueIndex(forAtom: atom)
          else {
            Issue.record("\(context): an entry without a known atom: \(entry)")
            continue
          }
          #expect(selected[value] != entered, "\(context): \(atom) moved where it was")
          next[value] = entered
        }
      }
      let closest = test.reference.closest(with: test.choices(after))
      let builds = test.reference.builds(with: test.choices(after))
      #expect(builds.contains { $0.selected == next }, "\(context): not a build of the choices")
      if let closest {
        let expected = (test.reference.distance(closest.selected), closest.cents)
        #expect(test.key(next) == expected, "\(context): not the closest build")
      }
      // Each difference is the value's charge change, plus its package's settling.
      let moved = (added + removed).compactMap {
        ($0["atom"] as? String).flatMap(test.line.valueIndex(forAtom:))
      }
      var settled: [Int] = []
      var total: Int64 = 0
      for entry in added + removed {
        guard let atom = entry["atom"] as? String, let value = test.line.valueIndex(forAtom: atom),
          let cents = Self.cents(entry["price"])
        else { continue }
        let settles = (entry["settles"] as? [String] ?? []).compactMap(
          test.line.valueIndex(forAtom:))
        var expected = test.charge(value, next) - test.charge(value, selected)
        for member in settles {
          #expect(test.covering(member).contains(value), "\(context): \(atom) settles \(member)")
          expected += test.charge(member, next) - test.charge(member, selected)
        }
        settled += settles
        #expect(cents == expected, "\(context): \(atom) costs \(cents), expected \(expected)")
        total += cents
      }
      // Every unmoved value whose charge changed is settled by exactly one moved package.
      let changedCharges = test.line.values.indices.filter {
        !moved.contains($0) && test.charge($0, next) != test.charge($0, selected)
      }
      #expect(settled.sorted() == changedCharges.sorted(), "\(context): settling")
      let price = Self.cents(object["price"]) ?? 0
      let previous = Self.cents(object["previousPrice"]) ?? 0
      #expect(total == price - previous, "\(context): the differences add up")
      kinds.formUnion(
        try checkCauses(
          test, added: added, removed: removed, before: selected, after: next,
          choicesBefore: choices, choicesAfter: after, context: context))
      checkText(
        words, moves: added.count + removed.count, difference: price - previous,
        context: context)
      selected = next
      choices = after
    }
    _ = try? test.json.run("discard")
    _ = try? test.text.run("discard")
    return kinds
  }

  /// Each move's cause holds in the enumeration; returns the kinds met.
  private static func checkCauses(
    _ test: Case, added: [[String: Any]], removed: [[String: Any]], before: [Bool],
    after: [Bool], choicesBefore: [String], choicesAfter: [String], context: String
  ) throws -> Set<String> {
    var kinds: Set<String> = []
    let builds = test.reference.builds(with: test.choices(choicesAfter))
    for (entry, entered) in added.map({ ($0, true) }) + removed.map({ ($0, false) }) {
      guard let atom = entry["atom"] as? String, let value = test.line.valueIndex(forAtom: atom),
        let cause = entry["cause"] as? [String: Any], let kind = cause["kind"] as? String
      else { continue }
      let here = "\(context): \(atom) \(kind)"
      kinds.insert(kind)
      let reason = cause["reason"] as? [String: Any]
      let cited = (reason?["choices"] as? [String] ?? [])
      let rules = Set(
        (reason?["rules"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
          .filter { !$0.hasPrefix("group ") })
      switch kind {
      case "chosen": #expect(entered && choicesAfter.contains(atom), "\(here)")
      case "ruledOut": #expect(!entered && choicesAfter.contains("-" + atom), "\(here)")
      case "unchosen":
        let own = entered ? "-" + atom : atom
        #expect(choicesBefore.contains(own) && !choicesAfter.contains(own), "\(here)")
      case "forced", "excluded":
        #expect(builds.allSatisfy { $0.selected[value] == entered }, "\(here): not decided")
        #expect(kind == (entered ? "forced" : "excluded"), "\(here)")
        // The reason alone decides it.
        let only = CatalogReference(definition: test.definition, line: test.line, rules: rules)
        #expect(
          only.builds(with: test.choices(cited)).allSatisfy { $0.selected[value] == entered },
          "\(here): \(cited) \(rules) do not decide it")
      case "package":
        guard let package = (cause["package"] as? String).flatMap(test.line.valueIndex(forAtom:))
        else {
          Issue.record("\(here): no package")
          continue
        }
        #expect(test.covering(value).contains(package), "\(here)")
        #expect(entered ? after[package] : before[package] && !after[package], "\(here)")
      case "defaultGaveWay":
        // The default that left (this value, or the default of its group) is in no build
        // with the choices and the defaults the build keeps; the reason with them decides it.
        let group = test.line.groups[test.line.values[value].group]
        let isOne = group.kind != .any
        let usual = isOne ? group.values.first { test.line.values[$0].isDefault } : value
        guard let usual else { continue }
        let wanted = isOne
        let kept = test.keptDefaults(after)
        #expect(
          !builds.contains { build in
            build.selected[usual] == wanted
              && kept.allSatisfy { build.selected[$0.value] == $0.isChosen }
          }, "\(here): the default could stay")
        let only = CatalogReference(definition: test.definition, line: test.line, rules: rules)
        #expect(
          !only.builds(with: test.choices(cited) + kept).contains { $0.selected[usual] == wanted },
          "\(here): \(cited) \(rules) do not make it give way")
      case "defaultAgain":
        #expect(entered && test.line.values[value].isDefault, "\(here)")
      case "notNeeded":
        #expect(!entered && !test.line.values[value].isDefault, "\(here)")
      default:
        Issue.record("\(here): unexpected kind")
      }
    }
    return kinds
  }

  /// The text block lists the moves, a swap on one line, with amounts adding up to the
  /// running difference.
  private static func checkText(_ text: String, moves: Int, difference: Int64, context: String) {
    let lines = text.split(separator: "\n").dropFirst()
    let moved = lines.filter { line in
      line.hasPrefix("  ") && !line.hasPrefix("  forced ") && !line.hasPrefix("  excluded ")
        && line.contains(" (") && (line.contains("(+$") || line.contains("(-$"))
    }
    let swaps = moved.filter { $0.contains(" instead of ") }.count
    #expect(moved.count + swaps == moves, "\(context): \(moved.count) lines for \(moves) moves")
    var total: Int64 = 0
    for line in moved {
      guard let open = line.range(of: " (+$") ?? line.range(of: " (-$") else { continue }
      let negative = line[open].contains("-")
      let digits = line[open.upperBound...].prefix { $0.isNumber || $0 == "," || $0 == "." }
        .filter { $0 != "," && $0 != "." }
      total += (negative ? -1 : 1) * (Int64(String(digits)) ?? 0)
    }
    #expect(total == difference, "\(context): text amounts add to \(total), not \(difference)")
  }
}
