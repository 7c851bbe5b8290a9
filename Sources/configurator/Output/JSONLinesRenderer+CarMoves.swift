internal import CarFactory
internal import Dealership

/// What a working car's change moved, as data (SPEC §14): each value with its cause and its
/// exact price difference; group rules and the numbers of rules that compare a total.
extension JSONLinesRenderer {
  /// One moved value: `{"atom":"suspension=air","name":"Air","group":"suspension",
  /// "price":{…},"cause":{"kind":"defaultGaveWay","reason":{"choices":[…],"rules":[…]}},
  /// "replaces":"suspension=standard"}`; `price` is the value's difference to the running
  /// price (exact, negative when cheaper), absent for a model without prices; `replaces`
  /// (entered) or `replacedBy` (left) names the other side of a slot's or `one` group's
  /// swap; `settles` the members a package's move covers or pays again.
  func move(_ change: CarChange, _ move: CarMove) -> JSONObject {
    let line = change.line
    var object = JSONObject()
    object.add("atom", line.values[move.value].atom)
    object.add("name", line.values[move.value].name)
    object.add("group", line.groups[line.values[move.value].group].name)
    if line.pricesBuilds { object.add("price", Self.usd(Price(cents: move.difference))) }
    object.add("cause", cause(move.cause, entered: move.entered, line: line))
    if let partner = move.partner {
      object.add(move.entered ? "replaces" : "replacedBy", line.values[partner].atom)
    }
    if !move.settles.isEmpty {
      object.add("settles", strings: move.settles.map { line.values[$0].atom })
    }
    return object
  }

  /// A cause as data: `{"kind":…}` — `chosen` (entered), `ruledOut` (left), `unchosen`,
  /// `forced` and `excluded` with their `reason` (`null`: not explained in time), `package`
  /// with its `package` atom, `defaultGaveWay` with its `reason`, `defaultAgain`,
  /// `notNeeded`, `completion`.
  private func cause(_ cause: CarMove.Cause, entered: Bool, line: ProductLine) -> JSONObject {
    var object = JSONObject()
    func add(_ kind: String, _ reason: Explanation?) {
      object.add("kind", kind)
      if let reason {
        object.add("reason", self.reason(reason, line: line))
      } else {
        object.add("reason", nil as String?)
      }
    }
    switch cause {
    case .chosen: object.add("kind", entered ? "chosen" : "ruledOut")
    case .unchosen: object.add("kind", "unchosen")
    case .forced(let reason): add("forced", reason)
    case .excluded(let reason): add("excluded", reason)
    case .package(let package):
      object.add("kind", "package")
      object.add("package", line.values[package].atom)
    case .gaveWay(let reason): add("defaultGaveWay", reason)
    case .defaultAgain: object.add("kind", "defaultAgain")
    case .notNeeded: object.add("kind", "notNeeded")
    case .completion: object.add("kind", "completion")
    }
    return object
  }

  /// Why a value is the default: `{"kind":"usual"}`, `{"kind":"usualExcluded","usual":atom,
  /// "reason":{…},"pick":"cheapest"|"first"}`, `usualGivesWay` likewise, `{"kind":"needed",
  /// "reason":{…}}`, `{"kind":"firstPossible","group":{…},"excludedBefore":[{atom,reason}]}`,
  /// `{"kind":"completion"}`.
  func defaultReason(_ why: DefaultReason, line: ProductLine) -> JSONObject {
    var object = JSONObject()
    func add(_ reason: Explanation?) {
      if let reason { object.add("reason", self.reason(reason, line: line)) }
    }
    switch why {
    case .usual: object.add("kind", "usual")
    case .usualExcluded(let usual, let reason, let pick),
      .usualGivesWay(let usual, let reason, let pick):
      if case .usualExcluded = why {
        object.add("kind", "usualExcluded")
      } else {
        object.add("kind", "usualGivesWay")
      }
      object.add("usual", line.values[usual].atom)
      add(reason)
      object.add("pick", pick == .cheapest ? "cheapest" : "first")
    case .needed(let reason):
      object.add("kind", "needed")
      add(reason)
    case .firstPossible(let group, let excluded, let reasons):
      object.add("kind", "firstPossible")
      object.add("group", Self.groupRule(group, line: line))
      object.add(
        "excludedBefore",
        zip(excluded, reasons).map { value, reason in
          var entry = JSONObject()
          entry.add("atom", line.values[value].atom)
          if let reason { entry.add("reason", self.reason(reason, line: line)) }
          return entry
        })
      object.add("pick", "first")
    case .completion: object.add("kind", "completion")
    }
    return object
  }

  /// A group rule as a rule of a reason: `{"id":"group paint","expression":null,
  /// "message":null,"group":{"kind":"exactlyOne"|"atLeastOne"|"range","minimum":1,
  /// "maximum":1,"parent":atom|null,"members":[…]}}`.
  static func groupRule(_ index: Int, line: ProductLine) -> JSONObject {
    var object = JSONObject()
    guard line.groupRules.indices.contains(index) else { return object }
    let rule = line.groupRules[index]
    object.add("id", rule.id)
    object.add("expression", nil as String?)
    object.add("message", nil as String?)
    var group = JSONObject()
    switch rule.kind {
    case .exactlyOne: group.add("kind", "exactlyOne")
    case .atLeastOne: group.add("kind", "atLeastOne")
    case .range: group.add("kind", "range")
    }
    group.add("minimum", rule.kind.minimum)
    if let maximum = rule.kind.maximum {
      group.add("maximum", maximum)
    } else {
      group.add("maximum", nil as String?)
    }
    group.add("parent", rule.parent.map { line.values[$0].atom })
    group.add("members", strings: rule.members.map { line.values[$0].atom })
    object.add("group", group)
    return object
  }

  /// A rule's numbers as exact decimals: `{"rule":"payload","attribute":"weight",
  /// "total":"1605.5","value":"32.0","sum":"1637.5","bound":"1680","relation":"<=",
  /// "holding":">"}`; `value` is null for a value the build holds.
  static func numbers(_ numbers: RuleNumbers, line: ProductLine) -> JSONObject {
    let scale = line.displayScale(of: numbers.attribute)
    var object = JSONObject()
    object.add("rule", numbers.rule)
    object.add("attribute", numbers.attribute)
    object.add("total", numbers.total.text(scale: scale))
    object.add("value", numbers.value?.text(scale: scale))
    object.add("sum", numbers.sum.text(scale: scale))
    object.add("bound", numbers.bound.text(scale: 6).exactDecimal)
    object.add("relation", numbers.relation.rawValue)
    object.add("holding", numbers.holding.rawValue)
    return object
  }
}

extension String {
  /// A decimal with its trailing zeros (and a bare point) taken off: `1680.000000` → `1680`.
  fileprivate var exactDecimal: String {
    guard contains(".") else { return self }
    var text = Substring(self)
    while text.hasSuffix("0") { text = text.dropLast() }
    if text.hasSuffix(".") { text = text.dropLast() }
    return String(text)
  }
}
