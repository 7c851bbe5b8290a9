/// `catalog diff`'s comparison of two versions of one product line (SPEC §16): what the files
/// say differently, then how their builds compare (`ProductLine+BuildComparison.swift`).
extension ProductLine {
  /// Compares two versions of a product line.
  ///
  /// Values are matched by atom without case, an old atom first renamed by `renaming`; rules
  /// by id for catalogs and by text for UVL models (whose ids are line numbers).
  ///
  /// - Parameters:
  ///   - old: The old version.
  ///   - new: The new version.
  ///   - renaming: New atoms by old atom, lower-cased (the map file's lines).
  ///   - timeLimit: How long the counts and the examples may take together.
  /// - Returns: What changed, and the builds' counts (or why they did not finish).
  public static func diff(
    _ old: ProductLine, _ new: ProductLine, renaming: [String: String] = [:],
    timeLimit: Duration = .seconds(10)
  ) -> ProductLineDiff {
    var diff = ProductLineDiff(old: old.model, new: new.model)
    let matching = ValueMatching(old: old, new: new, renaming: renaming)
    for (index, value) in new.values.enumerated() where matching.oldOfNew[index] == nil {
      diff.valuesAdded.append(value.atom)
    }
    for (index, value) in old.values.enumerated() {
      guard let partner = matching.newOfOld[index] else {
        diff.valuesRemoved.append(value.atom)
        continue
      }
      let renamed = new.values[partner]
      if value.atom.lowercased() != renamed.atom.lowercased() {
        diff.valuesRenamed.append(Renaming(old: value.atom, new: renamed.atom))
      }
    }
    diff.rulesCompared(old, new)
    diff.pricesCompared(old, new, matching)
    diff.builds = compareBuilds(old, new, matching, timeLimit: timeLimit)
    return diff
  }
}

/// Which value of one version is which of the other's.
struct ValueMatching {
  /// For each old value, the new value of its (renamed) atom, if any.
  let newOfOld: [Int?]
  /// For each new value, the old value renamed to its atom, if any.
  let oldOfNew: [Int?]

  init(old: ProductLine, new: ProductLine, renaming: [String: String]) {
    var newByKey: [String: Int] = [:]
    for (index, value) in new.values.enumerated() { newByKey[value.atom.lowercased()] = index }
    var newOfOld: [Int?] = []
    var oldOfNew = [Int?](repeating: nil, count: new.values.count)
    for (index, value) in old.values.enumerated() {
      let key = value.atom.lowercased()
      let partner = newByKey[renaming[key] ?? key]
      // Two old values renamed to one new value: the first keeps it.
      if let partner, oldOfNew[partner] == nil {
        oldOfNew[partner] = index
        newOfOld.append(partner)
      } else {
        newOfOld.append(nil)
      }
    }
    self.newOfOld = newOfOld
    self.oldOfNew = oldOfNew
  }
}

extension ProductLineDiff {
  init(old: ModelID, new: ModelID) {
    self.old = old
    self.new = new
  }

  /// Rules by id for catalogs; by text for UVL models, each text as often as it is written.
  mutating func rulesCompared(_ old: ProductLine, _ new: ProductLine) {
    func text(_ rule: ProductLine.Rule) -> RuleText { RuleText(id: rule.id, text: rule.text) }
    guard old.featureModel == nil, new.featureModel == nil else {
      var unmatched: [String: Int] = [:]
      for rule in new.rules { unmatched[Self.normalized(rule.text), default: 0] += 1 }
      for rule in old.rules {
        let key = Self.normalized(rule.text)
        if let left = unmatched[key], left > 0 {
          unmatched[key] = left - 1
        } else {
          rulesRemoved.append(text(rule))
        }
      }
      // The new rules past those the old version also has, in the new file's order.
      var matched: [String: Int] = [:]
      for rule in old.rules { matched[Self.normalized(rule.text), default: 0] += 1 }
      for rule in new.rules {
        let key = Self.normalized(rule.text)
        let alsoOld = matched[key, default: 0]
        if alsoOld > 0 {
          matched[key] = alsoOld - 1
        } else {
          rulesAdded.append(text(rule))
        }
      }
      return
    }
    var newByID: [String: ProductLine.Rule] = [:]
    for rule in new.rules where newByID[rule.id] == nil { newByID[rule.id] = rule }
    var oldIDs = Set<String>()
    for rule in old.rules {
      oldIDs.insert(rule.id)
      guard let partner = newByID[rule.id] else {
        rulesRemoved.append(text(rule))
        continue
      }
      if Self.normalized(partner.text) != Self.normalized(rule.text) {
        rulesChanged.append(RuleChange(id: rule.id, old: rule.text, new: partner.text))
      }
    }
    for rule in new.rules where !oldIDs.contains(rule.id) { rulesAdded.append(text(rule)) }
  }

  /// A rule's text with its runs of white space made one space: a rule re-indented is the
  /// same rule.
  static func normalized(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The base price, each shared value's surcharge and attributes.
  mutating func pricesCompared(_ old: ProductLine, _ new: ProductLine, _ matching: ValueMatching) {
    if old.basePrice != new.basePrice {
      pricesChanged.append(PriceChange(atom: nil, old: old.basePrice, new: new.basePrice))
    }
    attributesCompared(nil, old.baseAttributes, new.baseAttributes)
    for (index, value) in old.values.enumerated() {
      guard let partner = matching.newOfOld[index] else { continue }
      let renamed = new.values[partner]
      if value.surcharge != renamed.surcharge {
        pricesChanged.append(
          PriceChange(atom: renamed.atom, old: value.surcharge, new: renamed.surcharge))
      }
      attributesCompared(renamed.atom, value.attributes, renamed.attributes)
    }
  }

  private mutating func attributesCompared(
    _ atom: String?, _ old: AttributeValues, _ new: AttributeValues
  ) {
    guard old != new else { return }
    for name in Set(old.keys).union(new.keys).sorted() where old[name] != new[name] {
      attributesChanged.append(
        AttributeChange(atom: atom, attribute: name, old: old[name], new: new[name]))
    }
  }
}
