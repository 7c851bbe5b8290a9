// The configuration engine on UVL models, for `scripts/bench --uvl FILE...`, timed in-process,
// each figure as wall time and as this thread's CPU time (the machine is shared: CPU time is
// the steadier one under load). Per model: its size and load time; lint; a propagation step
// over a scripted sequence of 20 choices (median and 95th percentile); `options` on a fresh
// configurator with no choices and then with the first 3 choices of the sequence, once without
// counting (countLimit zero: propagation, completion, reasons, price range — the engine's own
// part) and once with the default limits (counting included), with how many forced or excluded
// values it left unexplained; count; a working car (firstStep, then per change step(from:to:),
// the build after it and the values it moved: the whole block); and whether lint and options stop at a time limit of a quarter of what
// they took. Choices are drawn from values shown free at each step, from a fixed seed, so runs
// are repeatable.
import CarFactory
import BenchTiming
import Foundation

func unexplained(_ report: OptionsReport) -> Int {
  report.entries.filter { ($0.state == .forced || $0.state == .excluded) && $0.reason == nil }
    .count
}

/// `options` on a fresh configurator: with no choices, then the given choices on the same
/// configurator (as in a session).
func optionsFigures(_ line: ProductLine, choices: [Choice], countLimit: Duration?) throws
  -> String
{
  let configurator = ProductConfigurator(line)
  var parts: [String] = []
  for asked in [[], choices] {
    let (report, time) = try measure {
      try configurator.options(asked, countLimit: countLimit)
    }
    parts.append("\(asked.isEmpty ? "none" : "+\(asked.count)") \(time.text), "
      + "\(unexplained(report)) unexplained")
  }
  return parts.joined(separator: "; ")
}

/// How long a question ran, as a multiple of its time limit, when given a quarter of what it
/// took without one (at least 50 ms: scheduling on a loaded machine is coarser than that), on
/// a fresh configurator (nothing remembered).
func limitFigure(
  _ line: ProductLine, took: Double, _ question: (ProductConfigurator) throws -> Void
) -> String {
  let limit = max(took / 4, 50)
  let configurator = ProductConfigurator(line)
  configurator.timeLimit = .microseconds(Int64(limit * 1000))
  let start = ContinuousClock.now
  let outcome: String
  do {
    try question(configurator)
    outcome = "finished"
  } catch {
    outcome = "stopped"
  }
  let ran = milliseconds(ContinuousClock.now - start)
  return String(format: "%@ at %.2fx its limit of %.0f ms", outcome, ran / limit, limit)
}

let files = Array(CommandLine.arguments.dropFirst())
guard !files.isEmpty else {
  FileHandle.standardError.write(Data("usage: uvlbench FILE.uvl...\n".utf8))
  exit(64)
}
for file in files {
  do {
    var loads: [Double] = []
    var line: ProductLine?
    for _ in 0..<5 {
      let registry = CarRegistry(includingBuiltIns: false)
      let (id, time) = try measure { try registry.loadFeatureModel(contentsOf: file) }
      loads.append(time.wall)
      line = try registry.productLine(for: id)
    }
    guard let line else { continue }
    let name = (file as NSString).lastPathComponent
    print(
      String(
        format: "%@: %d features, %d constraints; load %.1f ms", name, line.values.count,
        line.rules.count, percentile(loads, 0.5)))
    let configurator = ProductConfigurator(line)
    configurator.timeLimit = .seconds(120)
    let (_, lintTime) = try measure { try configurator.lint() }
    print("  lint                     \(lintTime.text)")
    var random = SplitMix(state: 20_261_123)
    var choices: [Choice] = []
    var steps: [Double] = []
    var states = try configurator.propagate(choices)
    for _ in 0..<20 {
      let open = states.indices.filter { states[$0] == .available }
      guard let pick = open.randomElement(using: &random) else { break }
      choices.append(Choice(value: pick, isChosen: Bool.random(using: &random)))
      let (next, time) = try measure { try configurator.propagate(choices) }
      states = next
      steps.append(time.wall)
    }
    print(
      String(
        format: "  propagation step         p50 %.1f ms, p95 %.1f ms", percentile(steps, 0.5),
        percentile(steps, 0.95)))
    let first = Array(choices.prefix(3))
    print("  options without count    \(try optionsFigures(line, choices: first, countLimit: .zero))")
    print("  options, default limits  \(try optionsFigures(line, choices: first, countLimit: nil))")
    do {
      let (count, time) = try measure { try configurator.count([], timeLimit: .seconds(60)) }
      print("  count                    \(time.text), \(count.description.count) digits")
    } catch {
      print("  count                    not within 60 s")
    }
    // The working car: the same choices one change at a time, the whole block as a change
    // shows it (SPEC §11, §14): the step's states and reasons, the build after the change
    // (the one before is the change before's), and every value it moved with its cause.
    let car = ProductConfigurator(line)
    let (opened, firstTime) = try measure { try car.firstStep() }
    var step = opened
    var build = try car.runningBuild(of: [])
    var walls: [Double] = []
    var cpus: [Double] = []
    var moved: [Int] = []
    for count in choices.indices {
      let before = step.choices
      let ((change, after, moves), time) = try measure {
        let change = try car.step(from: step, to: Array(choices.prefix(count + 1)))
        let after = try car.runningBuild(of: change.step.choices)
        let moves = car.moves(from: build, to: after, before: before, step: change.step)
        return (change, after, moves)
      }
      step = change.step
      build = after
      moved.append(moves.count)
      walls.append(time.wall)
      cpus.append(time.cpu)
    }
    print(
      "  working car              first \(firstTime.text); change "
        + String(
          format: "p50 %.1f ms, p95 %.1f ms, max %.1f ms (cpu p50 %.1f, max %.1f)",
          percentile(walls, 0.5), percentile(walls, 0.95), walls.max() ?? .nan,
          percentile(cpus, 0.5), cpus.max() ?? .nan)
        + "; \(moved.max() ?? 0) values moved at most")
    // Time limits (SPEC §10), against what each took on a fresh configurator.
    let lintLimit = limitFigure(line, took: lintTime.wall) { _ = try $0.lint() }
    let fresh = ProductConfigurator(line)
    let (_, optionsTime) = try measure { try fresh.options([], countLimit: .zero) }
    let optionsLimit = limitFigure(line, took: optionsTime.wall) {
      _ = try $0.options([], countLimit: .zero)
    }
    print("  time limits              lint \(lintLimit); options \(optionsLimit)")
  } catch {
    print("\(file): \(error)")
  }
}
