// Issue 26's "done when": a UVL model with a total over a generated attribute, `sum(weight) <=
// K`, against the same model without it: `scripts/bench --sum [--percent P] [--seed N] [--time-limit S]
// FILE.uvl` (Automotive01). Every
// feature gets a whole weight from a fixed seed (1–200); K is the total of a light valid
// build plus PERCENT (default 40) of the way to a heavy one (both greedy), so the rule binds.
// The rule is added through CarFactory's benchmark interface (UVL import of arithmetic is another branch),
// encoded by the engine's own choice and with each encoding forced (the diagram only when its
// estimated size is within reach). Per variant: the engine's size and the time to add the
// rule; the working car (configure = firstStep, then one `+ATOM` from the opened car for 10
// values shown available, and a walk of 20 changes, reasons included, as uvlbench); `options`
// (states with reasons, no count) on a fresh configurator; count within 60 s. Wall time and
// this thread's CPU time, in ms (the machine is shared: CPU time is the steadier one).
@_spi(Benchmarks) import CarFactory
import BenchTiming
import Foundation

func spread(_ times: [Time]) -> String {
  let walls = times.map(\.wall)
  let cpus = times.map(\.cpu)
  return String(
    format: "p50 %.1f ms, max %.1f ms (cpu p50 %.1f, max %.1f)", percentile(walls, 0.5),
    walls.max() ?? .nan, percentile(cpus, 0.5), cpus.max() ?? .nan)
}

/// The engine's upper bound on the diagram's nodes (ConstraintModel.estimatedDiagramNodes),
/// computed here on the same terms: weights largest first, level i at most 2^i nodes and at
/// most one per bound in 0..<min(K + 1, suffix).
func estimatedDiagramNodes(_ weights: [Int64], bound: Int64) -> Double {
  let sorted = weights.filter { $0 > 0 }.sorted(by: >)
  var suffix = sorted.reduce(0, +)
  var nodes = 0.0
  for (level, weight) in sorted.enumerated() {
    let paths = level < 62 ? Double(Int64(1) << Int64(level)) : .infinity
    nodes += min(paths, Double(min(bound + 1, suffix)))
    suffix -= weight
  }
  return nodes
}

var arguments = Array(CommandLine.arguments.dropFirst())
var percent: Int64 = 40
var seed: UInt64 = 26
var diagramLimit = 2_000_000.0
var timeLimit = 10
var dimacs: String?
while let first = arguments.first, first.hasPrefix("--") {
  arguments.removeFirst()
  guard let value = arguments.first else { break }
  arguments.removeFirst()
  switch first {
  case "--percent": percent = Int64(value) ?? percent
  case "--seed": seed = UInt64(value) ?? seed
  case "--diagram-limit": diagramLimit = Double(value) ?? diagramLimit
  case "--time-limit": timeLimit = Int(value) ?? timeLimit
  case "--dimacs": dimacs = value
  default: break
  }
}
guard let file = arguments.first else {
  FileHandle.standardError.write(
    Data(
      "usage: sumbench [--percent P] [--seed N] [--diagram-limit NODES] FILE.uvl\n".utf8))
  exit(64)
}

do {
  var loads: [Double] = []
  var loaded: ProductLine?
  for _ in 0..<3 {
    let registry = CarRegistry(includingBuiltIns: false)
    let (id, time) = try measure { try registry.loadFeatureModel(contentsOf: file) }
    loads.append(time.wall)
    loaded = try registry.productLine(for: id)
  }
  guard let line = loaded else { exit(1) }
  var random = SplitMix(state: seed)
  let weights = line.values.map { _ in Int64.random(in: 1...200, using: &random) }
  guard let plain = line.addingTotal("weight", weights: weights, atMost: nil) else { exit(1) }
  // K between a light and a heavy valid build, each found greedily (the exact range is an
  // optimisation the engine does not finish within minutes here): choose (or rule out) the
  // heaviest value still free until none is; the heavy build breaks the rule, the light one
  // keeps it, so the rule binds and the model stays satisfiable.
  let ranging = ProductConfigurator(plain)
  ranging.timeLimit = .seconds(120)
  func greedyTotal(heaviest: Bool) throws -> Int64 {
    var choices: [Choice] = []
    while true {
      let states = try ranging.propagate(choices)
      let free = states.indices.filter { states[$0] == .available || states[$0] == .default }
      guard let pick = free.max(by: { weights[$0] < weights[$1] }) else {
        return states.indices.filter { states[$0] == .chosen || states[$0] == .forced }
          .reduce(0) { $0 + weights[$1] }
      }
      choices.append(Choice(value: pick, isChosen: heaviest))
    }
  }
  let ((light, heavy), rangeTime) = try measure {
    (try greedyTotal(heaviest: false), try greedyTotal(heaviest: true))
  }
  let bound = light + (heavy - light) * percent / 100
  let estimate = estimatedDiagramNodes(weights, bound: bound)
  print(
    String(
      format: "%@: %d features, %d constraints; load %.1f ms (median of 3)",
      (file as NSString).lastPathComponent, line.values.count, line.rules.count,
      percentile(loads, 0.5)))
  print(
    "  weights 1–200 (seed \(seed)), all features \(weights.reduce(0, +)); greedy light and "
      + "heavy builds \(light), \(heavy) (\(rangeTime.text)); K = \(bound) (\(percent)%); "
      + String(format: "diagram estimate %.3g nodes", estimate))

  var variants: [(String, LinearRuleEncoding?)] = [
    ("no sum", nil), ("sum, by size", .bySize), ("sum, adder", .adder),
    ("sum, adder as clauses only", .adderClausesOnly),
  ]
  if estimate <= diagramLimit { variants.append(("sum, diagram", .diagram)) }
  for (name, encoding) in variants {
    let (built, encodeTime) = measure {
      line.addingTotal(
        "weight", weights: weights, atMost: encoding == nil ? nil : bound,
        encoding: encoding ?? .bySize)
    }
    guard let variant = built else { continue }
    let size = variant.engineSize
    print(
      "  \(name): \(size.variables) variables (\(size.auxiliaries) auxiliary), "
        + "\(size.clauses) clauses; adding the attribute and rule \(encodeTime.text)")
    if let dimacs {
      let path = "\(dimacs)-\(encoding?.rawValue ?? "none").cnf"
      try variant.engineDIMACS.write(toFile: path, atomically: true, encoding: .utf8)
      let weightsPath = "\(dimacs)-weights.txt"
      let rows = variant.values.indices.map {
        "\(variant.engineVariableIndex(ofValue: $0) + 1) \(weights[$0])"
      }
      try (["K \(bound)"] + rows).joined(separator: "\n").write(
        toFile: weightsPath, atomically: true, encoding: .utf8)
      print("    wrote \(path), \(weightsPath)")
      continue
    }
    do {
      let car = ProductConfigurator(variant)
      car.timeLimit = .seconds(timeLimit)
      let (_, propagateTime) = try measure { try car.propagate([]) }
      print("    propagate (no choices)  \(propagateTime.text)")
      let (opened, openTime) = try measure { try car.firstStep() }
      let open = opened.states.indices.filter { opened.states[$0] == .available }
      var picker = SplitMix(state: 20_261_126)
      var singles: [Time] = []
      for pick in open.shuffled(using: &picker).prefix(10) {
        let (_, time) = try measure {
          try car.step(from: opened, to: [Choice(value: pick, isChosen: true)])
        }
        singles.append(time)
      }
      // A walk of 20 changes, each from the step before (values shown available at each step).
      var step = opened
      var walk: [Time] = []
      var choices: [Choice] = []
      for _ in 0..<20 {
        let free = step.states.indices.filter { step.states[$0] == .available }
        guard let pick = free.randomElement(using: &picker) else { break }
        choices.append(Choice(value: pick, isChosen: Bool.random(using: &picker)))
        let (change, time) = try measure { try car.step(from: step, to: choices) }
        step = change.step
        walk.append(time)
      }
      let forcedOrExcluded = opened.states.filter { $0 == .forced || $0 == .excluded }.count
      print("    configure (first step)  \(openTime.text), \(forcedOrExcluded) forced or excluded")
      print("    one +ATOM from it       \(spread(singles)) over \(singles.count) values")
      print("    walk of \(walk.count) changes     \(spread(walk))")
      let fresh = ProductConfigurator(variant)
      fresh.timeLimit = .seconds(timeLimit)
      let (_, optionsTime) = try measure { try fresh.options([], countLimit: .zero) }
      let (_, optionsThree) = try measure {
        try fresh.options(Array(choices.prefix(3)), countLimit: .zero)
      }
      print("    options (no count)      none \(optionsTime.text); +3 \(optionsThree.text)")
      do {
        let (count, time) = try measure { try car.count([], timeLimit: .seconds(60)) }
        print("    count                   \(time.text), \(count.description.count) digits")
      } catch {
        print("    count                   not within 60 s")
      }
    } catch {
      print("    stopped: \(error) (time limit \(timeLimit) s a question)")
    }
  }
} catch {
  print("\(file): \(error)")
  exit(1)
}
