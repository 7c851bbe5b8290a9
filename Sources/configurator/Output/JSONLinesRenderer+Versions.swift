import CarFactory
import Dealership

/// `catalog diff` as JSON Lines (SPEC §16): one object per model both versions have, then
/// one for the models only one has.
extension JSONLinesRenderer {
  func catalogDiff(_ result: CatalogDiffResult) -> [JSONObject] {
    var objects: [JSONObject] = []
    for diff in result.models {
      var object = JSONObject()
      object.add("type", "catalogDiff")
      object.add("old", result.oldFile)
      object.add("new", result.newFile)
      object.add("oldModel", diff.old.rawValue)
      object.add("newModel", diff.new.rawValue)
      object.add("valuesAdded", strings: diff.valuesAdded)
      object.add("valuesRemoved", strings: diff.valuesRemoved)
      object.add(
        "valuesRenamed",
        diff.valuesRenamed.map { renaming in
          var entry = JSONObject()
          entry.add("old", renaming.old)
          entry.add("new", renaming.new)
          return entry
        })
      object.add("rulesAdded", diff.rulesAdded.map(Self.rule))
      object.add("rulesRemoved", diff.rulesRemoved.map(Self.rule))
      object.add(
        "rulesChanged",
        diff.rulesChanged.map { change in
          var entry = JSONObject()
          entry.add("id", change.id)
          entry.add("old", change.old)
          entry.add("new", change.new)
          return entry
        })
      object.add(
        "pricesChanged",
        diff.pricesChanged.map { change in
          var entry = JSONObject()
          entry.add("atom", change.atom)
          entry.add("old", CSVRenderer.decimal(change.old))
          entry.add("new", CSVRenderer.decimal(change.new))
          return entry
        })
      object.add(
        "attributesChanged",
        diff.attributesChanged.map { change in
          var entry = JSONObject()
          entry.add("atom", change.atom)
          entry.add("attribute", change.attribute)
          entry.add("old", change.old?.description)
          entry.add("new", change.new?.description)
          return entry
        })
      switch diff.builds {
      case .unfinished(let limit):
        object.add("counted", false)
        object.add("reason", "time limit " + CompiledAnswerWords.text(of: limit))
      case .counted(let counts):
        object.add("counted", true)
        // Counts of any size, as digits (JSON numbers lose precision past 2^53).
        object.add("onlyOld", counts.onlyOld.description)
        object.add("onlyNew", counts.onlyNew.description)
        object.add("both", counts.both.description)
        object.add("kind", counts.kind.rawValue)
        if let example = counts.exampleOld { object.add("exampleOld", strings: example) }
        if let example = counts.exampleNew { object.add("exampleNew", strings: example) }
      }
      objects.append(object)
    }
    if !result.modelsAdded.isEmpty || !result.modelsRemoved.isEmpty {
      var object = JSONObject()
      object.add("type", "catalogDiffModels")
      object.add("modelsAdded", strings: result.modelsAdded.map(\.rawValue))
      object.add("modelsRemoved", strings: result.modelsRemoved.map(\.rawValue))
      objects.append(object)
    }
    return objects
  }

  private static func rule(_ rule: ProductLineDiff.RuleText) -> JSONObject {
    var entry = JSONObject()
    entry.add("id", rule.id)
    entry.add("text", rule.text)
    return entry
  }
}
