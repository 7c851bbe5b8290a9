internal import CarFactory
internal import Dealership

/// The working car's atoms (SPEC §11): after `+`, `choose` and `NAME=VALUE`, the values not
/// already on the car that choosing would not make conflict; after `-`, the user's own choices first; after `drop`, the user's own
/// choices; after `why`, every value; after `fix`, the numbers of the last conflict's ways out.
///
/// A catalog car's values are offered as `GROUP=VALUE` and, when no other value has the name,
/// by the name alone (`heated`); after a comma (`extras=heated,`), the group's other values. A
/// UVL car's are its feature names, quoted when they hold a blank (`+"Heated Seats"`).
extension Completer {
  /// The working car's atoms for a change, `drop` or `why`; none without a car.
  func carAtoms(_ use: CarUse, typed: String, openQuote: Character?) -> [Completion.Candidate] {
    guard let car = vocabulary.car() else { return [] }
    let sign =
      use == .change ? typed.first.map { $0 == "+" || $0 == "-" ? String($0) : "" } ?? "" : ""
    let typed = String(typed.dropFirst(sign.count))
    let offer = { (values: [CarVocabulary.Value]) in
      self.carAtoms(values, typed: typed, after: sign, openQuote: openQuote)
    }
    switch use {
    case .ask:
      return offer(car.values)
    case .drop:
      return offer(car.values.filter { $0.choice != nil })
    case .change where sign == "-":
      // What the user chose is what they most likely take out; else anything not yet out.
      let chosen = offer(car.values.filter { $0.choice == true })
      return chosen.isEmpty ? offer(car.values.filter { $0.state != .excluded }) : chosen
    case .change:
      // No dead value: an excluded one only when choosing it takes the place of what
      // excludes it (a slot's other part), else the change would be refused.
      return offer(
        car.values.filter {
          $0.state != .chosen && $0.state != .forced
            && ($0.state != .excluded || $0.isFreedByChoosing)
        })
    }
  }

  /// The numbers of the last conflict's ways out, for `fix`.
  func waysOut(typed: String) -> [Completion.Candidate] {
    let count = vocabulary.car()?.waysOut ?? 0
    return (0..<count).map { String($0 + 1) }.filter { $0.hasPrefix(typed) }
      .map { Completion.Candidate(replacement: $0, terminator: " ", display: $0) }
  }

  /// The atoms of `values` that `typed` starts, after `lead` (a sign or nothing).
  private func carAtoms(
    _ values: [CarVocabulary.Value], typed: String, after lead: String, openQuote: Character?
  ) -> [Completion.Candidate] {
    guard let equals = typed.firstIndex(of: "=") else {
      let spellings =
        values.map(\.atom) + values.filter { $0.isBare && $0.group != nil }.map(\.name)
      return names(spellings, matching: typed, after: lead, openQuote: openQuote)
    }
    // `GROUP=VALUE`, or `GROUP=A,B,` with the values before the last comma already listed.
    let group = typed[..<equals].lowercased()
    let listed = typed[typed.index(after: equals)...]
    let lastComma = listed.lastIndex(of: ",")
    let value = lastComma.map { listed[listed.index(after: $0)...] } ?? listed
    let made = Set(
      listed[..<(lastComma ?? listed.startIndex)].split(separator: ",").map {
        $0.lowercased()
      })
    let start = lastComma.map { listed.index(after: $0) } ?? listed.startIndex
    let offered = values.filter {
      $0.group?.lowercased() == group && !made.contains($0.name.lowercased())
    }.map(\.name)
    return names(
      offered, matching: String(value), after: lead + String(typed[..<start]),
      openQuote: openQuote)
  }
}
