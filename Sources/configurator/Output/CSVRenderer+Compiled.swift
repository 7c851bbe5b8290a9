internal import CarFactory
internal import Dealership

/// `count … by=value` and `sample` as CSV tables (SPEC §17): one row per value, or per
/// drawn build, each row whole in itself.
extension CSVRenderer {
  /// `model,group,value,atom,name,builds,percent,counted_by`: `unknown` where a count was not
  /// made in time, an empty percent with no valid build; `counted_by` is `circuit` (the
  /// compiled form) or `sharp-sat` (the fallback).
  func valueCounts(_ result: ValueCountsResult) {
    let line = result.line
    let counts = result.counts
    header(
      CSV.row(["model", "group", "value", "atom", "name", "builds", "percent", "counted_by"]))
    let model = line.model.rawValue
    let method: String
    switch counts.status {
    case .compiled: method = "circuit"
    case .unfinished: method = "sharp-sat"
    }
    let cells = CountCells(counts, decimals: CompiledAnswerWords.machineDecimals)
    var row: [String] = []
    for (index, value) in line.values.enumerated() {
      let count = cells.digits[index]
      let percentage = cells.percentages[index]
      row.removeAll(keepingCapacity: true)
      row.append(model)
      row.append(line.buildsAreFeatures ? "" : line.groups[value.group].name)
      row.append(line.buildsAreFeatures ? "" : line.valueName(of: index))
      row.append(value.atom)
      row.append(value.name)
      row.append(count ?? "unknown")
      row.append(
        percentage?.digits ?? (count == nil || counts.total == nil ? "unknown" : ""))
      row.append(method)
      out.line(CSV.row(row))
    }
  }

  /// `model,sample,seed,valid_builds,choices,values`: `choices` are the words after `build
  /// MODEL` that make the build again, `values` the atoms it holds, `;`-separated.
  func samples(_ result: SamplesResult) {
    header(CSV.row(["model", "sample", "seed", "valid_builds", "choices", "values"]))
    let samples = result.samples
    rows(result.drawn, of: result.line, [String(samples.seed), samples.total.description])
  }

  /// `model,sample,seed,feasible_pairs,covered_pairs,lower_bound,choices,values`: the fleet's
  /// figures on every row, then the build as `sample` rows are.
  func fleet(_ result: FleetResult) {
    header(
      CSV.row([
        "model", "sample", "seed", "feasible_pairs", "covered_pairs", "lower_bound", "choices",
        "values",
      ]))
    let fleet = result.fleet
    rows(
      result.drawn, of: result.line,
      [
        String(result.seed), String(fleet.feasiblePairs), String(fleet.coveredPairs),
        String(fleet.lowerBound),
      ])
  }

  /// One row per build: the model, its number, the figures, its choices and values.
  private func rows(_ drawn: DrawnBuilds, of line: ProductLine, _ figures: [String]) {
    let model = line.model.rawValue
    for (index, build) in zip(drawn.builds, drawn.choices).enumerated() {
      let choices = build.1.map { CompiledAnswerWords.scriptWord(line.atom(of: $0)) }
      out.line(
        CSV.row(
          [model, String(index + 1)] + figures
            + [
              choices.joined(separator: " "),
              build.0.map { line.values[$0].atom }.joined(separator: ";"),
            ]))
    }
  }
}
