internal import CarFactory
internal import Dealership

extension ProductLine {
  /// A rule as people read it, named by id and shown by its message, or by its expression
  /// when it has none (SPEC §11): `tow-needs-4wd: A tow hitch needs four-wheel drive.`,
  /// `constraint 29: Electric => !Sport_Package`.
  ///
  /// - Parameter id: The rule's id.
  /// - Returns: The id with the rule's words; the id alone for a rule the line lacks.
  func ruleText(_ id: String) -> String {
    guard let rule = rule(id: id) else { return id }
    if let offered = rule.offered { return Self.offeredText(offered) }
    return "\(id): \(rule.message ?? rule.text)"
  }

  /// A value's dates in words (SPEC §16): `offered from 2027-01-01`, `offered until
  /// 2026-06-30`.
  static func offeredText(_ standing: Effectivity.Standing) -> String {
    switch standing {
    case .inForce: "offered"
    case .offeredFrom(let date): "offered from \(date)"
    case .offeredUntil(let date, _): "offered until \(date)"
    }
  }

  /// The note of a value still offered that stops being offered (`offered until
  /// 2026-06-30`), or `nil`.
  func offeredNote(of value: Int) -> String? {
    values[value].effectivity.validTo.map { Self.offeredText(.offeredUntil($0, ended: false)) }
  }

  /// A rule of a reason with the numbers behind it when it compares a total (SPEC §14):
  /// `payload: The estate must carry … (1,605.5 kg + 32.0 kg = 1,637.5 kg > 1,680 kg)`.
  func ruleText(_ id: String, numbers: [RuleNumbers]) -> String {
    let shown = numbers.filter { $0.rule == id }.map(numbersText)
    return ruleText(id) + (shown.isEmpty ? "" : " (\(shown.joined(separator: "; ")))")
  }

  /// A rule's numbers in words: `1,910.0 kg + 60.0 kg = 1,970.0 kg > 1,950 kg`, or, for a
  /// value the build holds, `1,910.0 kg <= 1,950 kg` (the relation that holds).
  func numbersText(_ numbers: RuleNumbers) -> String {
    let isPrice = numbers.attribute == Attribute.priceID
    let unit = attributes.first { $0.id == numbers.attribute }?.unit ?? ""
    let scale = displayScale(of: numbers.attribute)
    func amount(_ total: AttributeTotal, exactScale: Bool = false) -> String {
      if isPrice { return "$" + total.text(scale: 2, grouped: true) }
      let text = total.text(scale: exactScale ? Self.decimals(of: total) : scale, grouped: true)
      return unit.isEmpty ? text : text + " " + unit
    }
    let bound = amount(numbers.bound, exactScale: !isPrice)
    let relation = numbers.holding.rawValue == "==" ? "=" : numbers.holding.rawValue
    guard let value = numbers.value else {
      return "\(amount(numbers.total)) \(relation) \(bound)"
    }
    let sign = value.millionths < 0 ? "-" : "+"
    // Numbers are below 10^18 millionths: the magnitude fits.
    let magnitude = AttributeTotal(
      millionths: value.millionths < 0 ? -value.millionths : value.millionths)
    return "\(amount(numbers.total)) \(sign) \(amount(magnitude)) = \(amount(numbers.sum)) "
      + "\(relation) \(bound)"
  }

  /// The fewest decimals that write a number exactly (`1950`, `1680.5`).
  private static func decimals(of total: AttributeTotal) -> Int {
    var fraction = total.millionths.magnitude % 1_000_000
    guard fraction != 0 else { return 0 }
    var decimals = 6
    while fraction % 10 == 0 {
      fraction /= 10
      decimals -= 1
    }
    return decimals
  }

  /// A group rule as people read it (SPEC §14): `Winter needs one of Heated_Seats,
  /// Heated_Wheel (group)`, `paint takes one of white, red, black (group)`; past eight
  /// members, the rest counted.
  func groupText(_ index: Int) -> String {
    guard groupRules.indices.contains(index) else { return "a group" }
    let rule = groupRules[index]
    let names = rule.members.prefix(8).map { member -> String in
      let atom = values[member].atom
      guard !buildsAreFeatures, let equals = atom.firstIndex(of: "=") else { return atom }
      return String(atom[atom.index(after: equals)...])
    }
    var members = names.joined(separator: ", ")
    if rule.members.count > names.count { members += ", and \(rule.members.count - 8) more" }
    let wants: String
    switch rule.kind {
    case .exactlyOne: wants = "takes one of"
    case .atLeastOne: wants = "needs one of"
    case .range(let minimum, let maximum):
      switch maximum {
      case minimum?: wants = "takes \(minimum) of"
      case let maximum?: wants = "takes \(minimum) to \(maximum) of"
      case nil: wants = "needs at least \(minimum) of"
      }
    }
    return "\(rule.name) \(wants) \(members) (group)"
  }

  /// The rules of a reason in words, groups after rules, `; `-separated; empty for none.
  func rulesText(of reason: Explanation) -> String {
    (reason.rules.map { ruleText($0, numbers: reason.numbers) } + reason.groups.map(groupText))
      .joined(separator: "; ")
  }

  /// A reason in words, each rule with its text: `tow-needs-4wd: A tow hitch needs four-wheel
  /// drive. (because you chose extras=tow)`, `by the model` when the structure alone decides.
  func text(of reason: Explanation) -> String {
    let choices = reason.choices.map { atom(of: $0) }.joined(separator: ", ")
    let rules = rulesText(of: reason)
    switch (rules.isEmpty, choices.isEmpty) {
    case (true, true): return "by the model"
    case (true, false): return "because you chose \(choices)"
    case (false, true): return rules
    case (false, false): return "\(rules) (because you chose \(choices))"
    }
  }

  /// A reason after a verb (`forced`, `excluded`): `forced by tow-needs-4wd: … (because you
  /// chose extras=tow)`, `forced because you chose extras=family`, `forced by the model`.
  func text(of reason: Explanation, after verb: String) -> String {
    let text = text(of: reason)
    return reason.rules.isEmpty && reason.groups.isEmpty && !reason.choices.isEmpty
      ? "\(verb) \(text)" : "\(verb) by \(text)"
  }

  /// Choices that conflict, in words: `paint=red and drive=4wd conflict (no-red-4wd:
  /// !(paint=red & drive=4wd))`.
  func conflictText(_ reason: Explanation) -> String {
    let choices = reason.choices.map { atom(of: $0) }
    var text =
      choices.isEmpty
      ? "the model has no valid build"
      : choices.count == 1
        ? "\(choices[0]) is not possible" : "\(choices.joined(separator: " and ")) conflict"
    let rules = rulesText(of: reason)
    if !rules.isEmpty { text += " (\(rules))" }
    return text
  }
}
