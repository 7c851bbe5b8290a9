package import CarFactory
import ConfigurationEngine

/// The reference the engine is checked against: every build of a catalog model enumerated
/// straight from the catalog's meaning (SPEC §7) — one part per slot, one choice per `one`
/// group, any subset of an `any` group, packages hold their members, rules evaluated on the
/// build — with no clauses involved.
package struct CatalogReference {
  /// One valid build: which values it holds (indexed like the product line's values) and
  /// its price.
  package struct Build: Hashable {
    package let selected: [Bool]
    package let cents: Int64
  }

  package let line: ProductLine
  package let builds: [Build]

  /// Enumerates the valid builds of a model compiled to `line`, with every rule in force or
  /// only those named in `rules`.
  package init(definition: ModelDefinition, line: ProductLine, rules only: Set<String>? = nil) {
    self.line = line
    var builds: [Build] = []
    let rules: [Expression] = definition.rules.filter { only?.contains($0.id) ?? true }.compactMap {
      rule in
      guard let tokens = try? RuleLexer.tokens(rule.text) else { return nil }
      return try? ExpressionParser.parse(tokens, endColumn: rule.text.utf8.count + 1)
    }
    var selected = [Bool](repeating: false, count: line.values.count)
    func visit(group: Int) {
      guard group < line.groups.count else {
        if Self.isValid(selected, definition: definition, line: line, rules: rules) {
          let cents = Self.price(selected, definition: definition, line: line)
          builds.append(Build(selected: selected, cents: cents))
        }
        return
      }
      let range = line.groups[group].values
      switch line.groups[group].kind {
      case .slot, .one:
        for value in range {
          selected[value] = true
          visit(group: group + 1)
          selected[value] = false
        }
      case .any, .feature:
        let count = range.count
        for mask in 0..<(1 << count) {
          for (offset, value) in range.enumerated() { selected[value] = mask & (1 << offset) != 0 }
          visit(group: group + 1)
        }
        for value in range { selected[value] = false }
      }
    }
    visit(group: 0)
    self.builds = builds
  }

  /// The builds that hold every choice.
  package func builds(with choices: [Choice]) -> [Build] {
    builds.filter { build in choices.allSatisfy { build.selected[$0.value] == $0.isChosen } }
  }

  /// The number of values a build is away from the defaults, the closest-build distance of
  /// SPEC §7: a slot or `one` group not on its default counts one, and so does each `any`
  /// choice held.
  package func distance(_ selected: [Bool]) -> Int {
    line.groups.reduce(0) { total, group in
      switch group.kind {
      case .slot, .one:
        total + (group.values.contains { selected[$0] && line.values[$0].isDefault } ? 0 : 1)
      case .any, .feature:
        total + group.values.filter { selected[$0] }.count
      }
    }
  }

  /// The build `build` must make of choices: the closest to the defaults, then the cheapest
  /// (its price is what counts; two such builds cost the same), or nil if none holds them.
  package func closest(with choices: [Choice]) -> Build? {
    builds(with: choices).min { a, b in
      (distance(a.selected), a.cents) < (distance(b.selected), b.cents)
    }
  }

  private static func index(of atom: String, in line: ProductLine) -> Int? {
    line.values.firstIndex { $0.atom == atom.lowercased() }
  }

  private static func isValid(
    _ selected: [Bool], definition: ModelDefinition, line: ProductLine, rules: [Expression]
  ) -> Bool {
    for group in definition.equipment {
      for choice in group.choices where !choice.includes.isEmpty {
        guard let package = index(of: "\(group.id)=\(choice.id)", in: line), selected[package]
        else { continue }
        for member in choice.includes {
          let atom = member.contains("=") ? member : "\(group.id)=\(member)"
          guard let target = index(of: atom, in: line), selected[target] else { return false }
        }
      }
    }
    let numbers = ReferenceNumbers(
      selected: selected, line: line,
      prices: prices(selected, definition: definition, line: line))
    return rules.allSatisfy { evaluate($0, selected, line, numbers) }
  }

  private static func evaluate(
    _ expression: Expression, _ selected: [Bool], _ line: ProductLine, _ numbers: ReferenceNumbers
  ) -> Bool {
    func evaluate(_ expression: Expression, _ selected: [Bool], _ line: ProductLine) -> Bool {
      Self.evaluate(expression, selected, line, numbers)
    }
    return switch expression {
    case .atom(let name, _): index(of: name, in: line).map { selected[$0] } ?? false
    case .constant(let value): value
    case .not(let inner): !evaluate(inner, selected, line)
    case .and(let parts): parts.allSatisfy { evaluate($0, selected, line) }
    case .or(let parts): parts.contains { evaluate($0, selected, line) }
    case .implies(let a, let b): !evaluate(a, selected, line) || evaluate(b, selected, line)
    case .equivalent(let a, let b): evaluate(a, selected, line) == evaluate(b, selected, line)
    case .comparison(let a, let comparator, let b, _): numbers.compare(a, comparator, b)
    }
  }

  /// The price by the catalog's words: base, plus each held value's surcharge unless a held
  /// package includes it (directly or through another package).
  private static func price(_ selected: [Bool], definition: ModelDefinition, line: ProductLine)
    -> Int64
  {
    prices(selected, definition: definition, line: line).reduce(0, +)
  }

  /// The numbers that make up a build's price, as `avg(price)` averages them (SPEC §13: over
  /// the base and the held values that carry a price): the base price, then what each held
  /// alternative and choice adds — its surcharge, or nothing while a held package covers it.
  /// Default parts carry no price of their own (theirs is the base's).
  private static func prices(_ selected: [Bool], definition: ModelDefinition, line: ProductLine)
    -> [Int64]
  {
    var covered = Set<Int>()
    var changed = true
    var packages: [(Int, [Int])] = []
    for group in definition.equipment {
      for choice in group.choices where !choice.includes.isEmpty {
        guard let package = index(of: "\(group.id)=\(choice.id)", in: line) else { continue }
        let members = choice.includes.compactMap { member in
          index(of: member.contains("=") ? member : "\(group.id)=\(member)", in: line)
        }
        packages.append((package, members))
      }
    }
    // Packages held cover their members, and covered packages cover theirs too.
    while changed {
      changed = false
      for (package, members) in packages where selected[package] {
        for member in members where covered.insert(member).inserted { changed = true }
      }
    }
    var carriers = Set(
      definition.alternatives.compactMap { index(of: "\($0.slot)=\($0.part)", in: line) })
    for group in definition.equipment {
      for choice in group.choices {
        if let value = index(of: "\(group.id)=\(choice.id)", in: line) { carriers.insert(value) }
      }
    }
    var numbers = [definition.basePrice.cents]
    for (index, value) in line.values.enumerated() where selected[index] && carriers.contains(index)
    {
      numbers.append(covered.contains(index) ? 0 : value.surcharge.cents)
    }
    return numbers
  }
}
