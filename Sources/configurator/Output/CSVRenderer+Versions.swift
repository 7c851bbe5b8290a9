import CarFactory
import Dealership

/// `catalog diff` as CSV (SPEC §16): one row per change, `model,change,name,old,new`, the
/// builds' counts and kind as rows of their own.
extension CSVRenderer {
  func catalogDiff(_ result: CatalogDiffResult) {
    header(CSV.row(["model", "change", "name", "old", "new"]))
    for model in result.modelsAdded {
      out.line(CSV.row([model.rawValue, "model-added", "", "", ""]))
    }
    for model in result.modelsRemoved {
      out.line(CSV.row([model.rawValue, "model-removed", "", "", ""]))
    }
    for diff in result.models {
      let model = diff.new.rawValue
      func row(_ change: String, _ name: String, _ old: String = "", _ new: String = "") {
        out.line(CSV.row([model, change, name, old, new]))
      }
      for atom in diff.valuesAdded { row("value-added", atom) }
      for atom in diff.valuesRemoved { row("value-removed", atom) }
      for renaming in diff.valuesRenamed {
        row("value-renamed", renaming.new, renaming.old, renaming.new)
      }
      for rule in diff.rulesAdded { row("rule-added", rule.id, "", rule.text) }
      for rule in diff.rulesRemoved { row("rule-removed", rule.id, rule.text, "") }
      for change in diff.rulesChanged { row("rule-changed", change.id, change.old, change.new) }
      for change in diff.pricesChanged {
        row("price-changed", change.atom ?? "", Self.decimal(change.old), Self.decimal(change.new))
      }
      for change in diff.attributesChanged {
        row(
          "attribute-changed", (change.atom.map { $0 + " " } ?? "") + change.attribute,
          change.old?.description ?? "", change.new?.description ?? "")
      }
      switch diff.builds {
      case .unfinished(let limit):
        row("builds-unfinished", "time limit " + CompiledAnswerWords.text(of: limit))
      case .counted(let counts):
        row("builds-only-old", counts.onlyOld.description)
        row("builds-only-new", counts.onlyNew.description)
        row("builds-both", counts.both.description)
        row("kind", counts.kind.rawValue)
        if let example = counts.exampleOld { row("example-old", example.joined(separator: " ")) }
        if let example = counts.exampleNew { row("example-new", example.joined(separator: " ")) }
      }
    }
  }
}
