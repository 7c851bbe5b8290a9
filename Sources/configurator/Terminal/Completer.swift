internal import Dealership

/// Works out the completions of the word before the cursor from what the line says so far.
///
/// - First word: command names; a word starting with `+` or `-` or holding `=` changes the
///   working car, so it completes the car's atoms.
/// - `build MODEL` (and `options`, `count`, `configure`): model ids; then `SLOT=` names not
///   yet given and, after `SLOT=` or after a comma in `GROUP=A,B,`, the values still possible
///   given the choices already on the line; a UVL model's possible features.
/// - `options`: also `find=`, `state=` and `group=` (alone on the working car), the state
///   names after `state=` (a list after a comma), the groups or features after `group=`;
///   `tree`: model ids, then the model's groups or features and `depth=` (see
///   `Completer+Filters.swift`).
/// - `lint`, `rules`: model ids; `why`: the working car's atoms and model ids, then a model's
///   choices.
/// - `+`, `-`, `choose`, `drop`: the working car's atoms (see `Completer+Car.swift`); `fix`:
///   the numbers of the last conflict's ways out.
/// - `show`, `quote`, `compare`, `remove`, `edit`, `stock add`: the session's build numbers.
/// - `stock sell`, `stock show`, `stock remove`: the stock numbers in stock (`S-3`).
/// - `stock`, `currency`, `rate`: currency codes (and `add`, `clear`, `load`, `category=`
///   after `stock`); after `category=`, the stock's categories.
/// - `load`, `save`, `read`, `stock load`: file paths, quoted when they hold blanks.
/// - `help`: command names.
///
/// Words match whatever their case and complete in the case typed: upper case when every
/// letter typed is, lower case otherwise (`gb` → `gbp`, `GB` → `GBP`). Names that are the
/// model's or the stock's own (UVL features, categories) keep their case, and are written in
/// double quotes when they hold a blank (`+"Heated Seats"`); a quote the user opened is kept.
/// File names match exactly.
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
    switch Self.argumentKind(previous, typed: typed) {
    case .command:
      candidates = words(vocabulary.commands, matching: typed)
    case .model:
      candidates = words(vocabulary.models(), matching: typed)
    case .option(let model, let given):
      candidates = options(model: model, given: given, typed: typed, openQuote: openQuote)
    case .currency(let extra):
      candidates = words(vocabulary.currencies + extra, matching: typed)
    case .stockReport(let given):
      candidates = stockReport(given: given, typed: typed, openQuote: openQuote)
    case .build(let given):
      candidates = buildNumbers(excluding: given, typed: typed)
    case .stockLine:
      // `S-3` as `stock` shows it, unless `s-` was typed.
      candidates = words(vocabulary.stockNumbers(), matching: typed, caseOf: typed + "S")
    case .file:
      candidates = files(typed, openQuote: openQuote)
    case .car(let use):
      candidates = carAtoms(use, typed: typed, openQuote: openQuote)
    case .why:
      candidates =
        carAtoms(.ask, typed: typed, openQuote: openQuote)
        + words(vocabulary.models(), matching: typed)
    case .fix:
      candidates = waysOut(typed: typed)
    case .options(let model, let given):
      candidates = optionsArgument(model: model, given: given, typed: typed, openQuote: openQuote)
    case .tree(let given):
      candidates = treeArgument(given: given, typed: typed, openQuote: openQuote)
    case .none:
      candidates = []
    }
    return Completion(start: start, candidates: candidates)
  }

  enum ArgumentKind: Equatable {
    case command
    case model
    case option(model: String, given: [String])
    case currency(extra: [String])
    /// After `stock` or `stock CODE…`: the words given so far after `stock`.
    case stockReport(given: [String])
    /// A build number; the numbers already given are not offered again.
    case build(given: [String])
    /// A stock number, after `stock sell`, `stock show` and `stock remove`.
    case stockLine
    case file
    /// An atom of the working car.
    case car(CarUse)
    /// The working car's atoms or a model id.
    case why
    /// The number of a way out of the last conflict.
    case fix
    /// An argument of `options`: the model named (`nil` on the working car) and the words
    /// given after it.
    case options(model: String?, given: [String])
    /// An argument of `tree`: the words given after it (a model first, or not on the
    /// working car).
    case tree(given: [String])
    case none
  }

  /// What an atom of the working car is typed for.
  enum CarUse: Equatable {
    /// `+ATOM`, `ATOM` after `choose`, `NAME=VALUE`, `-ATOM`.
    case change
    /// `drop ATOM`: only the user's own choices.
    case drop
    /// `why ATOM`: any value.
    case ask
  }

  /// What the next word of a command is, from the words before it and what is typed of it.
  static func argumentKind(_ previous: [String], typed: String) -> ArgumentKind {
    guard let first = previous.first?.lowercased() else {
      return isChange(typed) ? .car(.change) : .command
    }
    if isChange(first) { return .car(.change) }
    let position = previous.count
    switch (first, position) {
    case ("help", 1): return .command
    case ("build", 1), ("count", 1), ("lint", 1), ("configure", 1), ("rules", 1), ("sample", 1):
      return .model
    case ("options", _): return optionsKind(previous)
    case ("tree", _): return .tree(given: Array(previous.dropFirst()))
    case ("build", _), ("count", _), ("configure", _), ("sample", _):
      return .option(model: previous[1], given: Array(previous.dropFirst(2)))
    case ("why", 1): return .why
    case ("why", _): return .option(model: previous[1], given: Array(previous.dropFirst(2)))
    case ("choose", _): return .car(.change)
    case ("drop", _): return .car(.drop)
    case ("fix", 1): return .fix
    case ("show", 1), ("remove", 1), ("edit", 1), ("quote", 1), ("compare", 1), ("compare", 2):
      return .build(given: Array(previous.dropFirst()))
    case ("quote", 2): return .currency(extra: [])
    case ("stock", 1): return .stockReport(given: [])
    case ("stock", 2) where previous[1].lowercased() == "add": return .build(given: [])
    case ("stock", 2) where previous[1].lowercased() == "load": return .file
    case ("stock", 2) where ["sell", "show", "remove"].contains(previous[1].lowercased()):
      return .stockLine
    case ("stock", _) where !CompletionVocabulary.stockActions.contains(previous[1].lowercased()):
      return .stockReport(given: Array(previous.dropFirst()))
    case ("currency", 1), ("rate", 1): return .currency(extra: [])
    case ("sales", _): return .currency(extra: ["from=", "to="])
    case ("load", 1), ("save", 1), ("read", 1): return .file
    default: return .none
    }
  }

  /// Whether a first word changes the working car: `+ATOM`, `-ATOM` or `NAME=VALUE`.
  private static func isChange(_ word: String) -> Bool {
    word.hasPrefix("+") || word.hasPrefix("-") || word.contains("=")
  }

  /// The words starting with `typed` whatever their case, in the case typed, each once.
  func words(
    _ list: [String], matching typed: String, caseOf word: String? = nil
  ) -> [Completion.Candidate] {
    let prefix = typed.lowercased()
    var seen = Set<String>()
    return list.map { Self.matchingCase($0, typed: word ?? typed) }
      .filter { $0.lowercased().hasPrefix(prefix) && seen.insert($0).inserted }
      .sorted()
      .map { Completion.Candidate(replacement: $0, terminator: " ", display: $0) }
  }

  /// Names that keep their own case (UVL features, categories) starting with `typed` whatever
  /// its case, sorted, each once, after `lead` (`+`, `category=`): in double quotes when one
  /// holds a blank or a quote was opened (``quoted(_:after:openQuote:)``).
  func names(
    _ list: [String], matching typed: String, after lead: String, openQuote: Character?
  ) -> [Completion.Candidate] {
    let prefix = typed.lowercased()
    return Set(list).filter { $0.lowercased().hasPrefix(prefix) }.sorted()
      .compactMap { Self.quoted($0, after: lead, openQuote: openQuote) }
  }

  /// A name as a word after `lead`: as it is, or in quotes when it holds a blank, a quote or
  /// `#`, or when the user opened a quote (`+"Heated Seats"`: the replacement ends before the
  /// closing quote, which the terminator adds, so several names share their common prefix).
  /// `nil` for a name holding the quote it would need.
  static func quoted(_ name: String, after lead: String, openQuote: Character?)
    -> Completion.Candidate?
  {
    let needsQuotes = name.contains { " \t\"'#".contains($0) }
    guard let quote = openQuote ?? (needsQuotes ? (name.contains("\"") ? "'" : "\"") : nil)
    else {
      return Completion.Candidate(replacement: lead + name, terminator: " ", display: name)
    }
    if name.contains(quote) { return nil }
    return Completion.Candidate(
      replacement: lead + String(quote) + name, terminator: String(quote) + " ", display: name)
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
