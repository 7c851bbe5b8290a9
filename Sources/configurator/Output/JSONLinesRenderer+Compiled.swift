internal import CarFactory
internal import Dealership

/// `count … by=value` and `sample` for programs (SPEC §17): counts as decimal strings,
/// shares as percentages in decimal strings (six places, rounded half to even), never floats.
extension JSONLinesRenderer {
  /// `{"type":"valueCounts",…}`: the total, where the counts came from, and every value with
  /// its count and percentage (`null` where not counted in time, or with no valid build).
  func valueCounts(_ result: ValueCountsResult) -> JSONObject {
    let line = result.line
    let counts = result.counts
    var object = JSONObject()
    object.add("type", "valueCounts")
    object.add("model", line.model.rawValue)
    object.add("choices", strings: counts.choices.map { line.atom(of: $0) })
    object.add("builds", counts.total?.description)
    switch counts.status {
    case .compiled(let size):
      object.add("compiled", true)
      var circuit = JSONObject()
      circuit.add("nodes", size.nodes)
      circuit.add("entries", size.entries)
      object.add("circuit", circuit)
    case .unfinished(let stop):
      object.add("compiled", false)
      object.add("stop", CompiledAnswerWords.object(of: stop))
      var fallback = JSONObject()
      fallback.add("method", "sharp-sat")
      if let limit = counts.fallbackLimit {
        fallback.add("milliseconds", CompiledAnswerWords.milliseconds(limit))
      }
      fallback.add("countedValues", result.countedValues)
      fallback.add("values", line.values.count)
      object.add("fallback", fallback)
    }
    let cells = CountCells(counts, decimals: CompiledAnswerWords.machineDecimals)
    object.add(
      "values",
      line.values.indices.map { index in
        let value = line.values[index]
        var item = JSONObject()
        if !line.buildsAreFeatures {
          item.add("group", line.groups[value.group].name)
          item.add("value", line.valueName(of: index))
        }
        item.add("atom", value.atom)
        item.add("name", value.name)
        item.add("builds", cells.digits[index])
        item.add("percent", cells.percentages[index]?.digits)
        return item
      })
    return object
  }

  /// `{"type":"samples",…}` (the draw), then one `{"type":"sample",…}` line per build.
  func samples(_ result: SamplesResult) {
    let samples = result.samples
    var object = JSONObject()
    object.add("type", "samples")
    object.add("model", result.line.model.rawValue)
    object.add("choices", strings: samples.choices.map { result.line.atom(of: $0) })
    object.add("seed", String(samples.seed))
    object.add("validBuilds", samples.total.description)
    object.add("count", samples.builds.count)
    out.line(object.rendered)
    builds(result.drawn, of: result.line)
  }

  /// `{"type":"pairs",…}` (the fleet: its pairs, bound and the bound's pairs), then one
  /// `{"type":"sample",…}` line per build.
  func fleet(_ result: FleetResult) {
    let fleet = result.fleet
    let line = result.line
    var object = JSONObject()
    object.add("type", "pairs")
    object.add("model", line.model.rawValue)
    object.add("choices", strings: fleet.choices.map { line.atom(of: $0) })
    object.add("seed", String(result.seed))
    object.add("coversAbsentValues", fleet.coversAbsentValues)
    object.add("count", fleet.builds.count)
    object.add("feasiblePairs", fleet.feasiblePairs)
    object.add("coveredPairs", fleet.coveredPairs)
    object.add("complete", fleet.isComplete)
    if !fleet.isComplete {
      object.add("timeLimitMilliseconds", CompiledAnswerWords.milliseconds(result.timeLimit))
    }
    object.add("lowerBound", fleet.lowerBound)
    object.add(
      "boundPairs",
      rawValues: fleet.boundPairs.map { pair in
        var text = "["
        JSONObject.appendString(line.atom(of: pair.first), to: &text)
        text += ","
        JSONObject.appendString(line.atom(of: pair.second), to: &text)
        return text + "]"
      })
    out.line(object.rendered)
    builds(result.drawn, of: line)
  }

  /// One line per build: its number in the answer, the values it holds, and the choices
  /// of the `build` line that makes it again.
  private func builds(_ drawn: DrawnBuilds, of line: ProductLine) {
    for (index, build) in zip(drawn.builds, drawn.choices).enumerated() {
      var object = JSONObject()
      object.add("type", "sample")
      object.add("model", line.model.rawValue)
      object.add("sample", index + 1)
      object.add("values", strings: build.0.map { line.values[$0].atom })
      object.add("choices", strings: build.1.map { line.atom(of: $0) })
      out.line(object.rendered)
    }
  }
}
