import BenchTiming
// The compiled answers on UVL models (issue 48), for `scripts/bench --compiled FILE...`,
// timed in-process (wall time and this thread's CPU time; the machine is shared): load;
// compile (time, circuit size and memory) and the verifier's check; the total beside the
// #SAT counter's; `count … by=value` a step over a scripted sequence of 10 choices drawn
// from values still free at each step (fixed seed); 1,000 uniform samples, each checked
// valid by the solver; a pairwise fleet (values held or not) beside its lower bound, on
// models of at most 1,000 values. A model that does not compile says so, with the #SAT
// fallback's per-value counts. With `--out DIR`, writes per model the circuit (c2d `.nnf`),
// the engine's DIMACS and our per-value counts under the 3rd step's choices, for
// Benchmarks/References/compiled-check.py (ddnnife and pyganak on the same counts).
@_spi(Benchmarks) import CarFactory
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
var outputDirectory: String?
if let flag = arguments.firstIndex(of: "--out"), flag + 1 < arguments.count {
  outputDirectory = arguments[flag + 1]
  arguments.removeSubrange(flag...(flag + 1))
}
guard !arguments.isEmpty else {
  FileHandle.standardError.write(Data("usage: compilebench [--out DIR] FILE.uvl...\n".utf8))
  exit(64)
}

func megabytes(_ bytes: Int) -> String { String(format: "%.2f MB", Double(bytes) / 1e6) }

/// The choices of a session: ten values drawn one by one among those still free (neither
/// in every build nor in none) under the choices before.
func scriptedChoices(_ configurator: ProductConfigurator, steps: Int) -> [[Choice]] {
  var random = SplitMix(state: 20_261_202)
  var choices: [Choice] = []
  var sequence: [[Choice]] = [[]]
  for _ in 0..<steps {
    let counts = configurator.valueCounts(choices)
    guard let total = counts.total?.description else { break }
    let free = counts.counts.indices.filter {
      let count = counts.counts[$0]?.description
      return count != "0" && count != total
    }
    guard !free.isEmpty else { break }
    let value = free[Int(random.next() % UInt64(free.count))]
    choices.append(Choice(value: value, isChosen: random.next() % 2 == 0))
    sequence.append(choices)
  }
  return sequence
}

for file in arguments {
  let name = (file as NSString).lastPathComponent
  let registry = CarRegistry(includingBuiltIns: false)
  let (id, load) = try measure { try registry.loadFeatureModel(contentsOf: file) }
  let line = try registry.productLine(for: id)
  let configurator = ProductConfigurator(line)
  print("\(name): \(line.values.count) values; load \(load.text)")
  let (status, compileTime) = measure { configurator.compile() }
  guard case .compiled(let size) = status else {
    print("  did not compile within its budget: \(status) after \(compileTime.text)")
    let (counts, fallback) = measure { configurator.valueCounts([]) }
    let counted = counts.counts.filter { $0 != nil }.count
    print(
      "  #SAT fallback: total \(counts.total.map { "\($0)".count.description + " digits" } ?? "unknown"), "
        + "\(counted) of \(line.values.count) values counted in \(fallback.text)")
    continue
  }
  print(
    "  compile \(compileTime.text): \(size.nodes) nodes, \(size.entries) entries, "
      + "\(megabytes(size.bytes))")
  let (verdict, verify) = measure { configurator.verifyCompiled() ?? "-" }
  print("  verifier: \(verdict) in \(verify.text)")
  let (counts, first) = measure { configurator.valueCounts([]) }
  let (sharp, sharpTime) = measure { try? configurator.count([], timeLimit: .seconds(60)) }
  print(
    "  total \(counts.total?.description.count ?? 0) digits; #SAT count "
      + (sharp == counts.total ? "equal" : "DIFFERENT") + " (\(sharpTime.text))")
  let sequence = scriptedChoices(configurator, steps: 10)
  var steps: [Double] = [first.wall]
  var cpu: [Double] = [first.cpu]
  for choices in sequence.dropFirst() {
    let (_, time) = measure { configurator.valueCounts(choices) }
    steps.append(time.wall)
    cpu.append(time.cpu)
  }
  print(
    String(
      format:
        "  count by=value: no choice %.1f ms; %d steps median %.1f ms (cpu %.1f), max %.1f ms",
      first.wall, steps.count, percentile(steps, 0.5), percentile(cpu, 0.5), steps.max() ?? 0))
  let (samples, sampling) = try measure { try configurator.samples([], count: 1000, seed: 7) }
  let (valid, checking) = measure {
    samples.builds.filter { configurator.isValidBuild(holding: $0) }.count
  }
  print(
    "  1000 samples \(sampling.text); \(valid) valid by the solver (\(checking.text)); "
      + "again with seed 7: "
      + (try configurator.samples([], count: 1000, seed: 7) == samples ? "same" : "DIFFERENT"))
  if line.values.count <= 1000 {
    let (fleet, fleetTime) = try measure {
      try configurator.pairwiseFleet([], timeLimit: .seconds(120))
    }
    print(
      String(
        format: "  pairs: %d builds, lower bound %d (%.1f%% above), %d of %d pairs covered, %@",
        fleet.builds.count, fleet.lowerBound,
        100 * (Double(fleet.builds.count) / Double(max(fleet.lowerBound, 1)) - 1),
        fleet.coveredPairs, fleet.feasiblePairs, fleetTime.text))
  }
  if let outputDirectory {
    let stem = (outputDirectory as NSString).appendingPathComponent(
      (name as NSString).deletingPathExtension)
    let choices = sequence[min(3, sequence.count - 1)]
    let chosen = configurator.valueCounts(choices)
    try configurator.compiledC2DText()?.write(
      toFile: stem + ".nnf", atomically: true, encoding: .utf8)
    try line.engineDIMACS.write(toFile: stem + ".cnf", atomically: true, encoding: .utf8)
    var lines = [
      "# value engine-variable count; choices: "
        + choices.map { "\($0.isChosen ? "" : "-")\($0.value)" }.joined(separator: " ")
    ]
    for (index, count) in chosen.counts.enumerated() {
      lines.append(
        "\(index) \(line.engineVariableIndex(ofValue: index)) \(count?.description ?? "?")")
    }
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: stem + ".counts", atomically: true, encoding: .utf8)
  }
}
