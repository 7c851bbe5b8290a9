/// One choice a user made on a command line: a value chosen (`drive=4wd`, `+paint=red`) or
/// ruled out (`-drive=4wd`).
public struct Choice: Hashable, Sendable {
  /// The value, as an index into ``ProductLine/values``.
  public let value: Int
  /// Whether the value is chosen (`true`) or ruled out (`false`).
  public let isChosen: Bool

  /// Creates a choice.
  ///
  /// - Parameters:
  ///   - value: The value's index in ``ProductLine/values``.
  ///   - isChosen: Whether it is chosen or ruled out.
  public init(value: Int, isChosen: Bool) {
    self.value = value
    self.isChosen = isChosen
  }
}

extension ProductLine {
  /// Reads the choices of a command line (SPEC §7): `ATOM` or `+ATOM` chooses, `-ATOM` rules a
  /// value out, and an `any` group takes a list (`extras=tow,winter`). Names and values are
  /// case-insensitive. A UVL model's atoms are its feature names.
  ///
  /// A value named twice the same way (`extras=tow,tow`, `heated heated`, `-drive=4wd
  /// -drive=4wd`) counts once, so reasons and corrections cite it once; `+x -x` stays two
  /// choices, a conflict the engine reports.
  ///
  /// - Parameter words: The words after the model.
  /// - Returns: The choices, in the order first given.
  /// - Throws: ``ChoiceError`` naming the first word that is not a choice of this model.
  public func choices(from words: some Sequence<String>) throws(ChoiceError) -> [Choice] {
    var reader = ChoiceReader(count: words.underestimatedCount)
    for word in words {
      var word = word
      let read: Result<Void, ChoiceError> = word.withUTF8 { bytes in
        Result { () throws(ChoiceError) in try reader.read(bytes, of: self) }
      }
      try read.get()
    }
    return reader.choices
  }

  /// Reads the choices of a command line from its words' UTF-8 bytes: the same grammar as
  /// ``choices(from:)``, with no `String` made unless a word is refused (a script's hot path).
  ///
  /// - Parameters:
  ///   - count: How many words there are.
  ///   - word: Word `index`'s bytes, valid for the duration of the call.
  /// - Returns: The choices, in the order given.
  /// - Throws: ``ChoiceError`` naming the first word that is not a choice of this model.
  public func choices(count: Int, word: (Int) -> UnsafeBufferPointer<UInt8>)
    throws(ChoiceError) -> [Choice]
  {
    var storage: [Choice] = []
    return try choices(count: count, reusing: &storage, word: word)
  }

  /// Reads the choices of a command line from its words' UTF-8 bytes, as
  /// ``choices(count:word:)``, into `storage`'s memory: a script that reads a line after
  /// line with the same storage allocates nothing once the choices of the last line are
  /// let go (the array is shared with `storage`, and copied on write as any array is).
  ///
  /// - Parameters:
  ///   - count: How many words there are.
  ///   - storage: Memory kept from line to line; left holding the choices read.
  ///   - word: Word `index`'s bytes, valid for the duration of the call.
  /// - Returns: The choices, in the order given.
  /// - Throws: ``ChoiceError`` naming the first word that is not a choice of this model.
  public func choices(
    count: Int, reusing storage: inout [Choice], word: (Int) -> UnsafeBufferPointer<UInt8>
  ) throws(ChoiceError) -> [Choice] {
    try ChoiceReader.choices(count: count, reusing: &storage, word: word, of: self)
  }

  /// What users type after `GROUP=` for a value (`4wd`), or a feature's name.
  public func valueName(of value: Int) -> String {
    let atom = values[value].atom
    guard groups[values[value].group].kind != .feature, let equals = atom.firstIndex(of: "=")
    else { return atom }
    return String(atom[atom.index(after: equals)...])
  }

  /// The atom of a choice as users type it: `drive=4wd`, or `-drive=4wd` when ruled out.
  public func atom(of choice: Choice) -> String {
    (choice.isChosen ? "" : "-") + values[choice.value].atom
  }

  var slotNames: [String] {
    groups.compactMap { if case .slot = $0.kind { $0.name } else { nil } }
  }

  var groupNames: [String] {
    groups.compactMap { $0.kind == .one || $0.kind == .any ? $0.name : nil }
  }

  func malformed(_ word: String) -> ChoiceError {
    if names.areFeatures {
      // The name without the sign that chose or ruled it out (`+Heated Seats`).
      let name = word.first == "+" || word.first == "-" ? String(word.dropFirst()) : word
      return .unknownFeature(name, model: model, features: values.map(\.atom))
    }
    return .malformed(word, slots: slotNames, groups: groupNames)
  }

  func unknownGroup(_ name: String) -> ChoiceError {
    if names.areFeatures {
      return .unknownFeature(name, model: model, features: values.map(\.atom))
    }
    return .unknownGroup(name, slots: slotNames, groups: groupNames)
  }
}
