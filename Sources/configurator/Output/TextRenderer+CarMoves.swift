internal import CarFactory
internal import Dealership

/// What a working car's change moved, in words (SPEC §14), and why a value is the default.
extension TextRenderer {
  /// One line per value that entered or left the car, in the line's order, a slot's or `one`
  /// group's swap on one line: `Suspension: Air instead of Standard (+$1,750.00), because
  /// tow-needs-air: …`, `Extras: Tow hitch (+$890.00), your choice`, `Extras: Roof rails out
  /// (+$0.00), left with Family package`. Without prices, no amounts.
  func moveLines(_ change: CarChange, money: MoneySettings) -> [String] {
    let line = change.line
    let moves = Dictionary(
      change.moves.map { ($0.value, $0) }, uniquingKeysWith: { first, _ in first })
    // A package's members right after it, the rest in the line's order.
    var order: [CarMove] = []
    var members: [Int: [CarMove]] = [:]
    for move in change.moves {
      if case .package(let package) = move.cause, moves[package] != nil {
        members[package, default: []].append(move)
      } else {
        order.append(move)
      }
    }
    // Packages in packages: members after members, each move once.
    var placed: [CarMove] = []
    var seen: Set<Int> = []
    func place(_ move: CarMove) {
      guard seen.insert(move.value).inserted else { return }
      placed.append(move)
      for member in members[move.value] ?? [] { place(member) }
    }
    for move in order { place(move) }
    for move in change.moves { place(move) }
    order = placed
    var lines: [String] = []
    for move in order {
      // A swap is written once, at the value that entered.
      if !move.entered, let partner = move.partner, moves[partner]?.entered == true { continue }
      let other = move.partner.flatMap { moves[$0] }
      let value = line.values[move.value]
      var subject = Self.label(of: move.value, line: line) + value.name
      if let other, move.entered {
        subject += " instead of \(line.values[other.value].name)"
      } else if !move.entered {
        subject += " out"
      }
      var amounts: [String] = []
      if line.pricesBuilds {
        let cents = move.difference &+ (other?.difference ?? 0)
        amounts.append(Self.signed(cents, money: money))
      }
      if !move.settles.isEmpty {
        let names = move.settles.map { line.values[$0].name }.joined(separator: ", ")
        amounts.append(move.entered ? "covering \(names)" : "\(names) paid again")
      }
      if !amounts.isEmpty { subject += " (\(amounts.joined(separator: ", ")))" }
      let cause: (cause: CarMove.Cause, entered: Bool) =
        other.map { pairCause(move, $0) } ?? (move.cause, move.entered)
      lines.append(subject + ", " + causeText(cause.cause, entered: cause.entered, line: line))
    }
    return lines
  }

  /// `Suspension: ` for a catalog value (its slot or group, capitalized); nothing for a UVL
  /// feature, which is its own group.
  private static func label(of value: Int, line: ProductLine) -> String {
    guard !line.buildsAreFeatures else { return "" }
    let group = line.groups[line.values[value].group].name
    return group.prefix(1).uppercased() + group.dropFirst() + ": "
  }

  /// `+$890.00`, `-$1,750.00`, `+$0.00`.
  static func signed(_ cents: Int64, money: MoneySettings) -> String {
    difference(Price(cents: cents), from: .zero, money: money)
  }

  /// The cause a swap is told by: the entered value's, unless it only came back as the
  /// default or by the completion, when the value that left says why.
  private func pairCause(_ entered: CarMove, _ left: CarMove) -> (
    cause: CarMove.Cause, entered: Bool
  ) {
    switch entered.cause {
    case .defaultAgain, .completion, .notNeeded:
      switch left.cause {
      case .chosen, .unchosen, .excluded, .package, .gaveWay: return (left.cause, false)
      default: return (entered.cause, true)
      }
    default:
      return (entered.cause, true)
    }
  }

  /// A cause in words, for a value that entered or left.
  private func causeText(_ cause: CarMove.Cause, entered: Bool, line: ProductLine) -> String {
    let unexplained = "not explained in time"
    switch cause {
    case .chosen: return entered ? "your choice" : "you ruled it out"
    case .unchosen: return entered ? "no longer ruled out" : "your choice taken back"
    case .forced(let reason):
      return reason.map { line.text(of: $0, after: "forced") } ?? "forced, \(unexplained)"
    case .excluded(let reason):
      return reason.map { line.text(of: $0, after: "excluded") } ?? "excluded, \(unexplained)"
    case .package(let package):
      return (entered ? "in " : "left with ") + line.values[package].name
    case .gaveWay(let reason):
      guard let reason else { return "for the build closest to the defaults" }
      return Self.because(reason, line: line)
    case .defaultAgain: return "the default again"
    case .notNeeded: return "no longer needed"
    case .completion: return entered ? "taken by default" : "no longer taken by default"
    }
  }

  /// `because tow-needs-air: … (you chose extras=tow)`, `because you chose drive=4wd`.
  private static func because(_ reason: Explanation, line: ProductLine) -> String {
    let rules = line.rulesText(of: reason)
    let choices = reason.choices.map { line.atom(of: $0) }.joined(separator: ", ")
    switch (rules.isEmpty, choices.isEmpty) {
    case (true, true): return "by the model"
    case (true, false): return "because you chose \(choices)"
    case (false, true): return "because \(rules)"
    case (false, false): return "because \(rules) (you chose \(choices))"
    }
  }

  /// Why a value is the default, after `X is the default: ` (SPEC §14).
  func defaultText(_ reason: DefaultReason, line: ProductLine) -> String {
    func name(_ value: Int) -> String { line.values[value].atom }
    func pick(_ pick: DefaultReason.Pick) -> String {
      switch pick {
      case .cheapest:
        "the build closest to the defaults (fewest values away, then the lowest price)"
      case .first: "the first possible in file order"
      }
    }
    switch reason {
    case .usual:
      return line.buildsAreFeatures
        ? "the model takes it with its parent" : "the model's default"
    case .usualExcluded(let usual, let why, let picked):
      let because = why.map { line.text(of: $0) } ?? "not explained in time"
      return "\(name(usual)) is excluded (\(because)), and \(pick(picked)) picks it"
    case .usualGivesWay(let usual, let why, let picked):
      let because = why.map { Self.because($0, line: line) } ?? "(not explained in time)"
      return "\(name(usual)) gives way \(because), and \(pick(picked)) picks it"
    case .needed(let why):
      let because = why.map { Self.because($0, line: line) } ?? "(not explained in time)"
      return "the build closest to the defaults needs it, \(because)"
    case .firstPossible(let group, let excluded, let reasons):
      var text = "\(line.groupText(group)) and it is \(pick(.first))"
      if !excluded.isEmpty {
        let before = zip(excluded, reasons).prefix(3).map { value, why in
          "\(name(value)) is excluded (\(why.map { line.text(of: $0) } ?? "not explained in time"))"
        }
        text += "; " + before.joined(separator: "; ")
        if excluded.count > 3 { text += "; and \(excluded.count - 3) more before it are excluded" }
      }
      return text
    case .completion:
      return "the build takes it unless you choose otherwise"
    }
  }
}
