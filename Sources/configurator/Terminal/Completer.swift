/// Works out the completions of the word before the cursor from what the line says so far.
///
/// - First word: command names.
/// - `build MODEL` (and `options`, `count`): model ids; then `SLOT=` names not yet given and,
///   after `SLOT=`, the values still possible given the choices already on the line; a UVL
///   model's possible features.
/// - `stock`, `currency`, `rate`: currency codes (and `add`, `clear`, `load` after `stock`).
/// - `load`, `save`, `read`, `stock load`: file paths, quoted when they hold blanks.
/// - `help`: command names.
///
/// Words match whatever their case and complete in the case typed: upper case when every
/// letter typed is, lower case otherwise (`gb` → `gbp`, `GB` → `GBP`). File names match exactly.
struct Completer {
  let vocabulary: CompletionVocabulary

  /// The completions at `cursor` in a line.
  func complete(_ line: [Character], cursor: Int) -> Completion {
    let before = line[..<min(cursor, line.count)]
    var start = 0
    var openQuote: Character?
    for (index, character) in before.enumerated() {
      if let quote = openQuote {
        if character == quote { openQuote = nil }
      } else if character == " " || character == "\t" {
        start = index + 1
      } else if character == "\"" || character == "'" {
        openQuote = character
      }
    }
    let word = String(before[start...])
    let typed = word.filter { $0 != "\"" && $0 != "'" }
    guard let previous = try? Tokenizer.words(Substring(String(before[..<start]))) else {
      return Completion(start: start, candidates: [])
    }
    let candidates: [Completion.Candidate]
    switch Self.argumentKind(previous) {
    case .command:
      candidates = words(vocabulary.commands, matching: typed)
    case .model:
      candidates = words(vocabulary.models(), matching: typed)
    case .option(let model, let given):
      candidates = options(model: model, given: given, typed: typed)
    case .currency(let extra):
      candidates = words(vocabulary.currencies + extra, matching: typed)
    case .file:
      candidates = files(typed, openQuote: openQuote)
    case .none:
      candidates = []
    }
    return Completion(start: start, candidates: candidates)
  }

  private enum ArgumentKind: Equatable {
    case command
    case model
    case option(model: String, given: [String])
    case currency(extra: [String])
    case file
    case none
  }

  /// What the next word of a command is, from the words before it.
  private static func argumentKind(_ previous: [String]) -> ArgumentKind {
    guard let first = previous.first?.lowercased() else { return .command }
    let position = previous.count
    switch (first, position) {
    case ("help", 1): return .command
    case ("build", 1), ("options", 1), ("count", 1), ("lint", 1): return .model
    case ("build", _), ("options", _), ("count", _):
      return .option(model: previous[1], given: Array(previous.dropFirst(2)))
    case ("stock", 1): return .currency(extra: CompletionVocabulary.stockActions)
    case ("stock", 2) where previous[1].lowercased() == "load": return .file
    case ("currency", 1), ("rate", 1): return .currency(extra: [])
    case ("load", 1), ("save", 1), ("read", 1): return .file
    default: return .none
    }
  }

  /// The words starting with `typed` whatever their case, in the case typed, each once.
  private func words(
    _ list: [String], matching typed: String, caseOf word: String? = nil
  ) -> [Completion.Candidate] {
    let prefix = typed.lowercased()
    var seen = Set<String>()
    return list.map { Self.matchingCase($0, typed: word ?? typed) }
      .filter { $0.lowercased().hasPrefix(prefix) && seen.insert($0).inserted }
      .sorted()
      .map { Completion.Candidate(replacement: $0, terminator: " ", display: $0) }
  }

  /// `SLOT=` names not given yet, or `SLOT=VALUE` once the slot is typed, offering only values
  /// still possible given the choices already on the line; a UVL model's possible features. A
  /// leading `-` or `+` is kept.
  private func options(model: String, given: [String], typed: String) -> [Completion.Candidate] {
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
      let prefix = typed.lowercased()
      let features = vocabulary.features(model, given)
        .filter { $0.lowercased().hasPrefix(prefix) }.sorted()
        .map { Completion.Candidate(replacement: sign + $0, terminator: " ", display: $0) }
      return slots + features
    }
    let slot = String(typed[..<equals])
    let value = String(typed[typed.index(after: equals)...])
    return words(vocabulary.values(model, slot, given), matching: value, caseOf: typed).map {
      Completion.Candidate(
        replacement: sign + slot + "=" + $0.replacement, terminator: " ", display: $0.display)
    }
  }

  /// The paths starting with `typed`: folders end in `/`; blanks make the words quoted.
  private func files(_ typed: String, openQuote: Character?) -> [Completion.Candidate] {
    let folder = typed.lastIndex(of: "/").map { String(typed[...$0]) } ?? ""
    let base = String(typed.dropFirst(folder.count))
    let matches = vocabulary.files(folder)
      .filter { $0.name.hasPrefix(base) && (base.hasPrefix(".") || !$0.name.hasPrefix(".")) }
      .sorted { $0.name < $1.name }
    let paths = matches.map { folder + $0.name + ($0.isFolder ? "/" : "") }
    let needsQuotes = paths.contains { $0.contains { " \t\"'".contains($0) } }
    let quote =
      openQuote ?? (needsQuotes ? (paths.contains { $0.contains("\"") } ? "'" : "\"") : nil)
    return zip(matches, paths).compactMap { entry, path in
      if let quote, path.contains(quote) { return nil }
      let opening = quote.map(String.init) ?? ""
      return Completion.Candidate(
        replacement: opening + path,
        terminator: entry.isFolder ? "" : opening + " ",
        display: entry.name + (entry.isFolder ? "/" : ""))
    }
  }

  /// Upper case when every letter typed is upper case (and there is one), lower case otherwise.
  static func matchingCase(_ word: String, typed: String) -> String {
    let letters = typed.filter(\.isLetter)
    if !letters.isEmpty, letters.allSatisfy(\.isUppercase) { return word.uppercased() }
    return word.lowercased()
  }
}
