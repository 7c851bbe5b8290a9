import CarFactory
import Dealership

/// `catalog diff` in words (SPEC §16): each model's changes, one kind a line, then its builds.
extension TextRenderer {
  func catalogDiff(_ result: CatalogDiffResult) {
    out.line("catalog diff \(result.oldFile) -> \(result.newFile)")
    if let map = result.map {
      out.line("map \(map.file): \(map.renamings) \(map.renamings == 1 ? "renaming" : "renamings")")
    }
    if !result.modelsAdded.isEmpty {
      out.line("models added: " + result.modelsAdded.map(\.rawValue).joined(separator: ", "))
    }
    if !result.modelsRemoved.isEmpty {
      out.line("models removed: " + result.modelsRemoved.map(\.rawValue).joined(separator: ", "))
    }
    for diff in result.models { modelDiff(diff) }
  }

  private func modelDiff(_ diff: ProductLineDiff) {
    let name =
      diff.old == diff.new ? diff.old.rawValue : "\(diff.old.rawValue) -> \(diff.new.rawValue)"
    out.line("model \(name):")
    func list(_ label: String, _ items: [String]) {
      guard !items.isEmpty else { return }
      out.line("  \(label) (\(items.count)): " + Self.capped(items, separator: ", "))
    }
    list("values added", diff.valuesAdded)
    list("values removed", diff.valuesRemoved)
    list("values renamed", diff.valuesRenamed.map { "\($0.old) -> \($0.new)" })
    list("rules added", diff.rulesAdded.map { "\($0.id): \($0.text)" })
    list("rules removed", diff.rulesRemoved.map { "\($0.id): \($0.text)" })
    list("rules changed", diff.rulesChanged.map { "\($0.id): \($0.old) -> \($0.new)" })
    list(
      "prices changed",
      diff.pricesChanged.map { "\($0.atom ?? "base price") \($0.old) -> \($0.new)" })
    list(
      "attributes changed",
      diff.attributesChanged.map { change in
        "\(change.atom.map { $0 + " " } ?? "")\(change.attribute) "
          + "\(change.old.map(\.description) ?? "none") -> \(change.new.map(\.description) ?? "none")"
      })
    if diff.isUnchanged { out.line("  no value, rule, price or attribute changed") }
    switch diff.builds {
    case .unfinished(let limit):
      out.line("  builds: not counted (time limit \(CompiledAnswerWords.text(of: limit)))")
    case .counted(let counts):
      let counted = [counts.onlyOld, counts.onlyNew, counts.both].map {
        CountText.compact($0.description)
      }
      out.line(
        "  builds: \(counted[0]) only in old, \(counted[1]) only in new, "
          + "\(counted[2]) in both: \(counts.kind.rawValue)")
      for (side, example, count) in [
        ("old", counts.exampleOld, counts.onlyOld), ("new", counts.exampleNew, counts.onlyNew),
      ] {
        if let example {
          out.line("  only in \(side), e.g.: " + Self.capped(example, separator: " "))
        } else if count.uint64Value != 0 {
          out.line("  only in \(side): no example found within the time limit")
        }
      }
    }
  }

  /// The most items a line of the diff names: Automotive02's versions add and remove
  /// thousands of features, which JSON and CSV list in full.
  static let diffItemLimit = 12

  /// Items joined, the first ``diffItemLimit`` of them and how many more there are.
  private static func capped(_ items: [String], separator: String) -> String {
    guard items.count > diffItemLimit else { return items.joined(separator: separator) }
    return items.prefix(diffItemLimit).joined(separator: separator)
      + "\(separator)… and \(items.count - diffItemLimit) more (--format json or csv lists all)"
  }
}
