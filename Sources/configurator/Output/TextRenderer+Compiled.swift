internal import CarFactory
internal import Dealership
import Support

/// `count … by=value` and `sample` for people (SPEC §17): a table of every value's count and
/// share, and drawn builds as `build` lines under a `#` comment, so the output is a script.
extension TextRenderer {
  /// Every value's count and share, then the number of valid builds and where the counts
  /// came from: the compiled form, or #SAT within its time limit (`?`: not counted in time).
  func valueCounts(_ result: ValueCountsResult, money: MoneySettings) {
    let line = result.line
    let counts = result.counts
    var table =
      line.buildsAreFeatures
      ? TextTable([("FEATURE", .left), ("BUILDS", .right), ("SHARE", .right)])
      : TextTable([
        ("GROUP", .left), ("VALUE", .left), ("NAME", .left), ("BUILDS", .right),
        ("SHARE", .right),
      ])
    let cells = CountCells(counts, decimals: CompiledAnswerWords.textDecimals)
    var previousGroup = -1
    var row: [String] = []
    for (index, value) in line.values.enumerated() {
      row.removeAll(keepingCapacity: true)
      if line.buildsAreFeatures {
        row.append(value.atom)
      } else {
        row.append(value.group == previousGroup ? "" : line.groups[value.group].name)
        previousGroup = value.group
        row.append(line.valueName(of: index))
        row.append(value.name)
      }
      row.append(cells.digits[index].map(CountText.compact) ?? "?")
      row.append(Self.share(cells.percentages[index], counts, of: index))
      table.append(row)
    }
    table.write(to: out, width: width)
    out.line(Self.countsSummary(result, money: money))
  }

  /// A share in the table: `36.17%`, rounded half to even; `<0.01%` and `>99.99%` for a share
  /// that is neither none nor all but rounds to it; `?` when a count is unknown, `-` when
  /// there is no valid build.
  static func share(_ percentage: Percentage?, _ counts: ValueCounts, of value: Int) -> String {
    guard let count = counts.counts[value], let total = counts.total else { return "?" }
    guard let percentage else { return total.uint64Value == 0 ? "-" : "?" }
    let full = percentage.scaled == 100 * 100
    if !percentage.isExact, percentage.scaled == 0, count.uint64Value != 0 { return "<0.01%" }
    if !percentage.isExact, full { return ">99.99%" }
    return percentage.digits + "%"
  }

  /// `24 valid builds; counted from the compiled form (37 nodes, 120 entries)`, or what the
  /// #SAT fallback did.
  private static func countsSummary(_ result: ValueCountsResult, money: MoneySettings) -> String {
    let counts = result.counts
    let builds = counts.total.map {
      "\(CountText.compact($0.description)) valid \($0.uint64Value == 1 ? "build" : "builds")"
    }
    switch counts.status {
    case .compiled(let size):
      return (builds ?? "valid builds not counted")
        + "; counted from the compiled form (\(money.count(Int64(size.nodes))) nodes, "
        + "\(money.count(Int64(size.entries))) entries)"
    case .unfinished(let stop):
      let values = result.line.values.count
      let counted = result.countedValues
      let limit = counts.fallbackLimit.map { CompiledAnswerWords.text(of: $0) } ?? "?"
      return (builds ?? "the valid builds were not counted within the time limit")
        + "; not compiled: \(CompiledAnswerWords.text(of: stop)); counted by #SAT instead, "
        + "one value at a time within \(limit): \(money.count(Int64(counted))) of "
        + "\(money.count(Int64(values))) values" + (counted < values ? " ('?': not counted)" : "")
    }
  }

  /// Drawn builds as a script: a `#` line saying what they are, then one `build` line each.
  func samples(_ result: SamplesResult, money: MoneySettings) {
    let samples = result.samples
    let model = result.line.model.rawValue
    let total = samples.total
    let with = Self.withChoices(samples.choices, of: result.line)
    let draws = money.count(Int64(samples.builds.count))
    out.line(
      ("# \(draws) \(samples.builds.count == 1 ? "draw" : "draws"), uniformly at random, "
        + "from the \(total) valid \(total.uint64Value == 1 ? "build" : "builds") of \(model)"
        + "\(with) (seed \(samples.seed))").escapingControlCharacters)
    buildLines(result.drawn, of: result.line)
  }

  /// A covering fleet as a script: a `#` line with the pairs covered and the lower bound,
  /// then one `build` line per build.
  func fleet(_ result: FleetResult, money: MoneySettings) {
    let fleet = result.fleet
    let model = result.line.model.rawValue
    let builds = fleet.builds.count
    let with = Self.withChoices(fleet.choices, of: result.line)
    let feasible = money.count(Int64(fleet.feasiblePairs))
    let covered =
      fleet.isComplete
      ? "covering all \(feasible) \(fleet.feasiblePairs == 1 ? "pair" : "pairs")"
      : "covering \(money.count(Int64(fleet.coveredPairs))) of the \(feasible) pairs"
    var text =
      "# \(money.count(Int64(builds))) \(builds == 1 ? "build" : "builds") of \(model) "
      + "\(covered) of values that valid builds\(with) hold together (seed \(result.seed))"
    if !fleet.isComplete {
      text += ", cut short at the time limit of \(CompiledAnswerWords.text(of: result.timeLimit))"
    }
    text += "; any such set has at least \(money.count(Int64(fleet.lowerBound))) "
    text += fleet.lowerBound == 1 ? "build" : "builds"
    if fleet.isComplete, fleet.lowerBound > 0 {
      text += ": this one is \(Self.above(builds, fleet.lowerBound)) above"
    }
    out.line(text.escapingControlCharacters)
    buildLines(result.drawn, of: result.line)
  }

  /// How far a fleet is above its bound, to one decimal rounded half up: `21.8%`.
  static func above(_ builds: Int, _ bound: Int) -> String {
    guard bound > 0, builds >= bound else { return "0.0%" }
    let (excess, overflow) = (builds - bound).multipliedReportingOverflow(by: 2000)
    guard !overflow else { return "?" }
    let tenths = (excess / bound + 1) / 2
    return "\(tenths / 10).\(tenths % 10)%"
  }

  /// ` with drive=4wd -paint=red`, or nothing without choices.
  private static func withChoices(_ choices: [Choice], of line: ProductLine) -> String {
    choices.isEmpty ? "" : " with " + choices.map { line.atom(of: $0) }.joined(separator: " ")
  }

  /// One `build MODEL ATOM…` line per build.
  private func buildLines(_ drawn: DrawnBuilds, of line: ProductLine) {
    for choices in drawn.choices {
      out.line(CompiledAnswerWords.buildLine(choices, of: line).escapingControlCharacters)
    }
  }
}
