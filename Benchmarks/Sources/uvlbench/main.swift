// The configuration engine on UVL models, for `scripts/bench --uvl FILE...`: per model its size,
// load time, lint time, a propagation step over a scripted sequence of 20 choices (median and
// 95th percentile), count time, and `options` (states with reasons) on a fresh configurator with
// no choices and then with the first 3 choices of the sequence: its time without counting
// (countLimit zero: propagation, completion, reasons, price range), its time with the default
// limits, and how many forced or excluded values it left unexplained; and a working car
// (firstStep, then step(from:to:) per choice, reasons included: median and 95th percentile).
// Choices are drawn from
// values shown free at each step, from a fixed seed, so runs are repeatable.
import CarFactory
import Foundation

struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

func measure<T>(_ body: () throws -> T) rethrows -> (T, Double) {
  let start = ContinuousClock.now
  let result = try body()
  return (result, milliseconds(ContinuousClock.now - start))
}

func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let rank = Int((p * Double(sorted.count - 1)).rounded(.up))
  return sorted[min(rank, sorted.count - 1)]
}

let files = Array(CommandLine.arguments.dropFirst())
guard !files.isEmpty else {
  FileHandle.standardError.write(Data("usage: uvlbench FILE.uvl...\n".utf8))
  exit(64)
}
print(
  "model                features  constraints   load ms   lint ms  step p50 ms  step p95 ms"
    + "  options ms (unexplained): none, +3 without count / none, +3 default limits  count")
for file in files {
  do {
    var loads: [Double] = []
    var line: ProductLine?
    for _ in 0..<5 {
      let registry = CarRegistry(includingBuiltIns: false)
      let (id, ms) = try measure { try registry.loadFeatureModel(contentsOf: file) }
      loads.append(ms)
      line = try registry.productLine(for: id)
    }
    guard let line else { continue }
    let configurator = ProductConfigurator(line)
    configurator.timeLimit = .seconds(120)
    let (findings, lintMS) = try measure { try configurator.lint() }
    var random = SplitMix(state: 20_261_123)
    var choices: [Choice] = []
    var steps: [Double] = []
    var states = try configurator.propagate(choices)
    for _ in 0..<20 {
      let open = states.indices.filter { states[$0] == .available }
      guard let pick = open.randomElement(using: &random) else { break }
      choices.append(Choice(value: pick, isChosen: Bool.random(using: &random)))
      let (next, ms) = try measure { try configurator.propagate(choices) }
      states = next
      steps.append(ms)
    }
    let optionsText = try optionsFigures(line, choices: Array(choices.prefix(3)))
    // The working car: the same choices one change at a time, reasons included (SPEC §11).
    let car = ProductConfigurator(line)
    var step = try car.firstStep()
    var changes: [Double] = []
    for count in 1...max(choices.count, 1) where count <= choices.count {
      let (change, ms) = try measure { try car.step(from: step, to: Array(choices.prefix(count))) }
      step = change.step
      changes.append(ms)
    }
    let carText = String(
      format: "car change p50 %.1f ms, p95 %.1f ms", percentile(changes, 0.5),
      percentile(changes, 0.95))
    let countText: String
    do {
      let (count, ms) = try measure { try configurator.count([], timeLimit: .seconds(60)) }
      let digits = count.description.count
      countText = String(format: "%.0f ms (%d digits)", ms, digits)
    } catch {
      countText = "not within 60 s"
    }
    let name = (file as NSString).lastPathComponent
    print(
      String(
        format: "%-20@ %8d %12d %9.1f %9.1f %12.1f %12.1f  %@  %@  %@", name as NSString,
        line.values.count, line.rules.count, percentile(loads, 0.5), lintMS,
        percentile(steps, 0.5), percentile(steps, 0.95), optionsText as NSString,
        countText as NSString, carText as NSString))
    _ = findings
  } catch {
    print("\(file): \(error)")
  }
}

/// `options` on fresh configurators: with no choices, then the given choices on the same
/// configurator (as in a session), each once without counting and once with the default limits.
func optionsFigures(_ line: ProductLine, choices: [Choice]) throws -> String {
  var parts: [String] = []
  for countLimit in [Duration.zero, nil] {
    let configurator = ProductConfigurator(line)
    var row: [String] = []
    for asked in [[], choices] {
      let (report, ms) = try measure {
        if let countLimit {
          try configurator.options(asked, countLimit: countLimit)
        } else {
          try configurator.options(asked)
        }
      }
      let open = report.entries.filter {
        ($0.state == .forced || $0.state == .excluded) && $0.reason == nil
      }.count
      row.append(String(format: "%.0f ms (%d)", ms, open))
    }
    parts.append(row.joined(separator: " "))
  }
  return parts.joined(separator: " / ")
}
