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
    var choices: [Choice] = []
    var given: Set<Choice> = []
    func add(_ choice: Choice) {
      if given.insert(choice).inserted { choices.append(choice) }
    }
    var chosenGroups: Set<Int> = []
    for word in words {
      var text = Substring(word)
      var isChosen = true
      if let sign = text.first, sign == "+" || sign == "-" {
        isChosen = sign == "+"
        text = text.dropFirst()
      }
      if let value = featureValue(named: text) {
        add(Choice(value: value, isChosen: isChosen))
        continue
      }
      guard let equals = text.firstIndex(of: "=") else { throw malformed(word) }
      let name = String(text[..<equals])
      let listed = text[text.index(after: equals)...]
      guard let group = groupIndex(named: name), groups[group].kind != .feature else {
        throw unknownGroup(name)
      }
      let groupName = groups[group].name
      let allowed = groups[group].values.map { valueName(of: $0) }
      let items = listed.split(separator: ",", omittingEmptySubsequences: false)
      guard !listed.isEmpty, !items.contains(where: \.isEmpty) else {
        throw .missingValue(group: groupName, allowed: allowed)
      }
      if items.count > 1, groups[group].kind != .any {
        throw .oneValueOnly(group: groupName, given: String(listed))
      }
      if isChosen, groups[group].kind != .any {
        guard chosenGroups.insert(group).inserted else { throw .repeated(groupName) }
      }
      for item in items {
        guard let value = valueIndex(forAtom: "\(groupName)=\(item)") else {
          throw .notOffered(group: groupName, value: String(item), model: model, allowed: allowed)
        }
        add(Choice(value: value, isChosen: isChosen))
      }
    }
    return choices
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

  /// The value of a feature named `name` (exactly, else case-insensitively), on UVL models.
  private func featureValue(named name: Substring) -> Int? {
    guard isFeatureModel else { return nil }
    if let exact = exactAtomIndex[String(name)] { return exact }
    return valueIndex(forAtom: String(name)).flatMap {
      groups[values[$0].group].kind == .feature ? $0 : nil
    }
  }

  private var slotNames: [String] {
    groups.compactMap { if case .slot = $0.kind { $0.name } else { nil } }
  }

  private var groupNames: [String] {
    groups.compactMap { $0.kind == .one || $0.kind == .any ? $0.name : nil }
  }

  private func malformed(_ word: String) -> ChoiceError {
    if isFeatureModel {
      return .unknownFeature(word, model: model, features: values.map(\.atom))
    }
    return .malformed(word, slots: slotNames, groups: groupNames)
  }

  private func unknownGroup(_ name: String) -> ChoiceError {
    if isFeatureModel {
      return .unknownFeature(name, model: model, features: values.map(\.atom))
    }
    return .unknownGroup(name, slots: slotNames, groups: groupNames)
  }
}
