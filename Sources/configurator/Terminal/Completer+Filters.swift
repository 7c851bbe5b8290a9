internal import Dealership

/// The arguments of `options` and `tree` for large models (SPEC §14): the table's filters
/// `find=`, `state=` and `group=` beside a model's choices (alone on the working car), the
/// state names after `state=` (a list after a comma: `state=forced,ex`), a model's groups
/// or UVL features after `group=`; after `tree`, a model and its groups or features (the
/// working car's when no model is named) and `depth=`.
extension Completer {
  /// The filter keys of `options`.
  static let filterKeys = ["find=", "state=", "group="]

  /// What an `options` argument is: with the model first, or the working car's filters.
  static func optionsKind(_ previous: [String]) -> ArgumentKind {
    let words = Array(previous.dropFirst())
    guard let first = words.first, !isFilter(first) else {
      return .options(model: nil, given: words)
    }
    return .options(model: first, given: Array(words.dropFirst()))
  }

  /// Whether a word is one of the filters (`find=…`), in any case.
  private static func isFilter(_ word: String) -> Bool {
    let lowered = word.lowercased()
    return filterKeys.contains { lowered.hasPrefix($0) }
  }

  /// After `options`: model ids first (with the filter keys on the working car); after the
  /// model, its choices and the keys not given yet; the value of a `state=` or `group=`.
  func optionsArgument(model: String?, given: [String], typed: String, openQuote: Character?)
    -> [Completion.Candidate]
  {
    let carModel = vocabulary.car()?.model
    if let value = filterValue(model: model ?? carModel, typed: typed, openQuote: openQuote) {
      return value
    }
    let keys = filterKeys(given: given, typed: typed)
    guard let model else {
      // `options ` offers the models, and the working car's filters when one is open.
      let models = given.isEmpty ? words(vocabulary.models(), matching: typed) : []
      return models + (carModel == nil ? [] : keys)
    }
    return options(model: model, given: given, typed: typed, openQuote: openQuote) + keys
  }

  /// The keys not given yet that `typed` starts, in the case typed.
  private func filterKeys(given: [String], typed: String) -> [Completion.Candidate] {
    let used = Set(given.compactMap { $0.split(separator: "=").first?.lowercased() })
    let prefix = typed.lowercased()
    return Self.filterKeys.filter { key in
      !used.contains(String(key.dropLast())) && key.hasPrefix(prefix)
    }.map {
      Completion.Candidate(
        replacement: Self.matchingCase($0, typed: typed), terminator: "", display: $0)
    }
  }

  /// The value after `state=` or `group=`, or `nil` when `typed` is neither (`find=` takes
  /// any text: nothing is offered).
  private func filterValue(model: String?, typed: String, openQuote: Character?)
    -> [Completion.Candidate]?
  {
    let lowered = typed.lowercased()
    if lowered.hasPrefix("find=") { return [] }
    if lowered.hasPrefix("state=") {
      let listed = typed.dropFirst("state=".count)
      let lastComma = listed.lastIndex(of: ",")
      let earlier = lastComma.map { listed[..<$0] } ?? ""
      let made = Set(earlier.split(separator: ",").map { $0.lowercased() })
      let lead = String(typed[..<(lastComma.map { listed.index(after: $0) } ?? listed.startIndex)])
      let value = String(lastComma.map { listed[listed.index(after: $0)...] } ?? listed)
      return words(
        OptionsFilter.stateNames.filter { !made.contains($0) }, matching: value, caseOf: typed
      ).map {
        Completion.Candidate(
          replacement: lead + $0.replacement, terminator: " ", display: $0.display)
      }
    }
    guard lowered.hasPrefix("group=") else { return nil }
    guard let model else { return [] }
    let lead = String(typed.prefix("group=".count))
    return names(
      vocabulary.groups(model), matching: String(typed.dropFirst(lead.count)), after: lead,
      openQuote: openQuote)
  }

  /// After `tree`: model ids and the working car's groups or features; after a model, its
  /// groups or features; `depth=` until one is given.
  func treeArgument(given: [String], typed: String, openQuote: Character?)
    -> [Completion.Candidate]
  {
    if typed.lowercased().hasPrefix("depth=") { return [] }
    let hasDepth = given.contains { $0.lowercased().hasPrefix("depth=") }
    let words = given.filter { !$0.lowercased().hasPrefix("depth=") }
    let carModel = vocabulary.car()?.model
    let models = Set(vocabulary.models().map { $0.lowercased() })
    var candidates: [Completion.Candidate] = []
    var depthFits = true
    switch words.first {
    case nil:
      candidates = self.words(vocabulary.models(), matching: typed)
      if let carModel {
        candidates += names(
          vocabulary.groups(carModel), matching: typed, after: "", openQuote: openQuote)
      } else {
        depthFits = false
      }
    case let model? where models.contains(model.lowercased()) && words.count == 1:
      candidates = names(vocabulary.groups(model), matching: typed, after: "", openQuote: openQuote)
    default:
      break
    }
    if !hasDepth, depthFits, "depth=".hasPrefix(typed.lowercased()) {
      candidates.append(
        Completion.Candidate(
          replacement: Self.matchingCase("depth=", typed: typed), terminator: "",
          display: "depth="))
    }
    return candidates
  }
}
