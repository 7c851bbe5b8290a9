internal import Dealership

/// The arguments of `build`, `options`, `count`, `configure` and `why MODEL`, of the stock
/// report and of the commands that take a build number.
extension Completer {
  /// `SLOT=` names not given yet, or `SLOT=VALUE` once the slot is typed, offering only values
  /// still possible given the choices already on the line; after a comma (`extras=heated,`),
  /// the group's other values still possible with those listed. A UVL model's possible
  /// features, quoted when they hold a blank. A leading `-` or `+` is kept.
  func options(
    model: String, given: [String], typed: String, openQuote: Character?
  ) -> [Completion.Candidate] {
    let sign = typed.first.map { $0 == "-" || $0 == "+" ? String($0) : "" } ?? ""
    let typed = String(typed.dropFirst(sign.count))
    guard let equals = typed.firstIndex(of: "=") else {
      let used = Set(given.compactMap { $0.split(separator: "=").first?.lowercased() })
      let slots = words(
        vocabulary.slots(model).filter { !used.contains($0.lowercased()) }, matching: typed
      ).map {
        Completion.Candidate(
          replacement: sign + $0.replacement, terminator: "=", display: $0.display + "=")
      }
      // Feature names keep their own case: UVL names are case-sensitive.
      let features = names(
        vocabulary.features(model, given), matching: typed, after: sign, openQuote: openQuote)
      return slots + features
    }
    let slot = String(typed[..<equals])
    let listed = typed[typed.index(after: equals)...]
    // The values before the last comma are choices already made: `extras=heated,`.
    let lastComma = listed.lastIndex(of: ",")
    let earlier = lastComma.map { String(listed[..<$0]) } ?? ""
    let value = String(lastComma.map { listed[listed.index(after: $0)...] } ?? listed)
    let lead = sign + slot + "=" + (lastComma == nil ? "" : earlier + ",")
    let made = Set(earlier.split(separator: ",").map { $0.lowercased() })
    let words = earlier.isEmpty ? given : given + [sign + slot + "=" + earlier]
    let offered = vocabulary.values(model, slot, words).filter { !made.contains($0.lowercased()) }
    return self.words(offered, matching: value, caseOf: typed).map {
      Completion.Candidate(
        replacement: lead + $0.replacement, terminator: " ", display: $0.display)
    }
  }

  /// After `stock`: currency codes not given yet, the subcommands first, and `category=`
  /// until one is given; after `category=`, the stock's categories, quoted when they hold a
  /// blank.
  func stockReport(given: [String], typed: String, openQuote: Character?)
    -> [Completion.Candidate]
  {
    let key = "category="
    if typed.lowercased().hasPrefix(key) {
      let lead = String(typed.prefix(key.count))
      return names(
        vocabulary.categories(), matching: String(typed.dropFirst(key.count)), after: lead,
        openQuote: openQuote)
    }
    let codes = Set(given.map { $0.uppercased() })
    let currencies = vocabulary.currencies.filter { !codes.contains($0.uppercased()) }
    let extra = given.isEmpty ? CompletionVocabulary.stockActions : []
    let hasCategory = given.contains { $0.lowercased().hasPrefix(key) }
    let category =
      hasCategory || !key.hasPrefix(typed.lowercased())
      ? []
      : [
        Completion.Candidate(
          replacement: Self.matchingCase(key, typed: typed), terminator: "", display: key)
      ]
    return (words(currencies + extra, matching: typed) + category).sorted {
      $0.replacement < $1.replacement
    }
  }

  /// The session's build numbers starting with `typed`, in order, but those already given.
  func buildNumbers(excluding given: [String], typed: String) -> [Completion.Candidate] {
    let given = Set(given)
    return vocabulary.builds().lazy.map(String.init)
      .filter { $0.hasPrefix(typed) && !given.contains($0) }
      .map { Completion.Candidate(replacement: $0, terminator: " ", display: $0) }
  }
}
