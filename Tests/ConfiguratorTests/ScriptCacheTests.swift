import CarFactory
import Foundation
import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// Repeated script lines are replayed from a cache; these check the replay prints and records
/// exactly what parsing the line again would.
@Suite struct ScriptCacheTests {
  static let sportsBlock = """
    Car type: Porsche Boxster
    Seats: 2
    Engine: Mid
    Suspension: Firm
    Drive: Rear
    Price: $72,900.00

    """

  @Test func repeatedBuildLinesPrintAndRecordEveryBuild() throws {
    let result = try BinaryRunner.run(
      [], stdin: "build sports\nbuild sports\nbuild sports\nbuilds\n")
    #expect(result.status == 0)
    #expect(
      result.stdout == (1...3).map { "Build #\($0)\n" + Self.sportsBlock }.joined() + """
        #  MODEL   CAR                   PRICE
        1  sports  Porsche Boxster  $72,900.00
        2  sports  Porsche Boxster  $72,900.00
        3  sports  Porsche Boxster  $72,900.00

        """)
  }

  @Test func replayedJSONBuildsCarryTheirOwnNumbers() throws {
    let result = try BinaryRunner.run(
      ["--format", "json"], stdin: "build suv\nremove 1\nbuild suv\nbuild suv\n")
    let numbers = result.stdout.split(separator: "\n").compactMap { line -> Int? in
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        object["type"] as? String == "build"
      else { return nil }
      return (object["build"] as? NSNumber)?.intValue
    }
    #expect(numbers == [1, 2, 3])
  }

  @Test func replayedCSVBuildsAreEachATableOfTheirOwn() throws {
    // SPEC §9: each result is one CSV table with its own header, a blank line between;
    // builds replayed from their cached bytes too.
    let result = try BinaryRunner.run(
      ["--format", "csv"], stdin: "build suv\nbuild suv\ncurrency\nbuild suv\n")
    let header = "build,model,car_type,name,seats,engine,suspension,drive,price,currency"
    let row = "Cadillac Escalade,Cadillac Escalade,8,Front,Soft,4WD,89990.00,USD"
    #expect(
      result.stdout == """
        \(header)
        1,suv,\(row)

        \(header)
        2,suv,\(row)

        currency,name
        USD,US Dollar

        \(header)
        3,suv,\(row)

        """)
  }

  @Test func aReadLineIsNotMistakenForTheBuildsItsScriptMade() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("configurator-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = folder.appendingPathComponent("two.script")
    try "build sports\nbuild suv\n".write(to: script, atomically: true, encoding: .utf8)
    let result = try BinaryRunner.run(
      [], stdin: "read \(script.path)\nread \(script.path)\nbuilds\n")
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("4  suv     Cadillac Escalade  $89,990.00\n"))
  }
}

/// The scripted fast path against the general path: the same scripts, run with and without
/// the line cache, print the same bytes and leave the same session.
@Suite struct ScriptCacheDifferentialTests {
  static let lines = [
    "build sports", "build sports drive=4wd", "build compact suspension=firm", "build suv",
    "build sports drive=4wd", "  build sports", "build Sports", "builds", "show 2", "remove 1",
    "stock add 2 3", "build sports drive=hover", "# comment", "", "currency gbp", "build suv",
    "stock", "currency usd", "build compact drive=4wd suspension=firm",
    // Spellings, quotes, comments and errors the byte reading of `build` must treat as the
    // `String` reading does.
    "BUILD  SPORTS\tDrive=4WD", "build compact SUSPENSION=Firm drive=4wd # note",
    "build sports # a", "build sports # b", "build 'sports' \"drive=4wd\"",
    "build sports floorplan=short", "build compact suspension=firm drive=front",
    "build sports drive=4wd drive=rear", "build sports drive=", "build sports -drive=4wd",
    "build spörts", "build sports drive", "build sports drïve=4wd", "build", "build suv drive=4WD",
    "catalog load /nonexistent.json",
    // `show N` and `stock add N [QTY]` by their bytes, and what they leave to the `String`
    // reading: other spellings, bad numbers, missing builds, overflow.
    "SHOW 3", "show 007", "show 0", "show +2", "show 99", "show 1 2", "show '4'",
    "stock add 1", "STOCK Add 3 2", "stock add 2 0", "stock add 2 +1", "stock add 99",
    "stock add 1 2 3", "stock add 3 999999999999999999", "stock add 3 9223372036854775807",
    "stock add 0012 1", "stock remove 1", "stock clear", "stock adds 1",
    "stock load Examples/dealer-inventory.csv",
    // A catalog replaces `suv` and adds `van`: what was known of builds by bytes is stale.
    "catalog load Examples/catalog.json", "build van", "build VAN suspension=Air drive=4wd",
    "build suv suspension=air",
    // `show` writes a configuration's rendered bytes; after a catalog replaced the model it
    // still shows the price recorded.
    "show 1", "show 2", "show 3", "show 5", "remove 2",
    // Models with rules and UVL features: the memo keeps their answers by request, and by
    // line only for models whose choices are read without case.
    "catalog load Examples/lineup.json", "build van extras=tow", "BUILD Van  Extras=Tow",
    "build hatch drive=4wd", "build hatch extras=sport paint=red", "build van paint=red drive=4wd",
    "build estate extras=family,tow -drive=4wd", "catalog load Examples/roadster.uvl",
    "build roadster Electric", "build roadster electric", "build ROADSTER Hard_Top Climate",
    "build roadster hard_top climate", "build roadster Tow_Bar Electric", "show 6",
    // What a build's block depends on changes: the money, the whole book.
    "currency gbp", "rate GBP 0.61", "currency usd", "rates reset",
    // `load` replaces the whole book (each run saves to a file of its own).
    "save FILE", "load FILE",
  ]

  @Test(arguments: [OutputFormat.text, .json, .csv])
  func randomScriptsPrintTheSameWithAndWithoutTheCache(_ format: OutputFormat) throws {
    var generator = SplitMix(seed: 11)
    for _ in 0..<30 {
      let script = (0..<60).map { _ in
        Self.lines[Int(generator.next() % UInt64(Self.lines.count))]
      }
      let cached = try Self.run(script, format: format, memo: .everything)
      let general = try Self.run(script, format: format, memo: .none)
      let answers = try Self.run(script, format: format, memo: .answers)
      #expect(answers.out == general.out)
      #expect(answers.err == general.err)
      #expect(answers.state == general.state)
      #expect(cached.out == general.out)
      #expect(cached.err == general.err)
      #expect(cached.state == general.state)
      // The prompt's path (no memo, a line as text) is the general path too.
      let prompt = try Self.run(script, format: format, memo: .none, asPrompt: true)
      #expect(general.out == prompt.out)
      #expect(general.err == prompt.err)
      #expect(general.state == prompt.state)
    }
  }

  /// Build lines spelled at random — letters' case, runs of blanks and tabs before, between
  /// and after the words, a trailing comment, a quote, a byte past ASCII, a misspelled
  /// value — so the line cache's key (made up to eight bytes at a time) meets every offset:
  /// lines of equal words answer alike, other lines as the general path does.
  @Test func respelledBuildLinesPrintTheSameWithAndWithoutTheCache() throws {
    var generator = SplitMix(seed: 27)
    func pick(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    let requests = [
      ["build", "compact"], ["build", "compact", "suspension=firm"],
      ["build", "compact", "drive=4wd", "suspension=firm", "floorplan=standard"],
      ["build", "sports", "drive=4wd"], ["build", "suv"], ["build", "compact", "suspension=firn"],
      ["build", "sports", "drive=4wdx"], ["build", "compact", "drive=4wd", "drive=front"],
    ]
    let blanks = [" ", "  ", "\t", " \t ", "        "]
    var script: [String] = []
    for _ in 0..<600 {
      let words = requests[pick(requests.count)].map { word in
        String(word.map { pick(3) == 0 ? Character($0.uppercased()) : $0 })
      }
      var line = pick(3) == 0 ? blanks[pick(blanks.count)] : ""
      for (index, word) in words.enumerated() {
        if index > 0 { line += blanks[pick(blanks.count)] }
        line += word
      }
      switch pick(12) {
      case 0: line += blanks[pick(blanks.count)]
      case 1: line += " # note"
      case 2: line += " 'é'"
      case 3: line += " \"drive=4wd\""
      default: break
      }
      script.append(line)
    }
    let cached = try Self.run(script, format: .text, memo: .everything)
    let general = try Self.run(script, format: .text, memo: .none)
    #expect(cached.out == general.out)
    #expect(cached.err == general.err)
    #expect(cached.state == general.state)
  }

  private static func run(
    _ script: [String], format: OutputFormat, memo: MemoUse, asPrompt: Bool = false
  ) throws -> (out: String, err: String, state: SavedSession) {
    let out = OutputStream()
    let err = OutputStream()
    let session = Session(registry: CarRegistry(), format: format, out: out, err: err)
    session.options.memo = memo
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("configurator-memo-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    for template in script {
      let line = template.replacingOccurrences(of: "FILE", with: file)
      if asPrompt {
        do {
          try session.execute(line[...])
        } catch {
          err.line(error.message)
        }
        continue
      }
      var bytes = Array(line.utf8)
      let outcome = bytes.withUnsafeMutableBufferPointer { buffer in
        Result { () throws(CommandError) in
          try session.runScriptLine(UnsafeBufferPointer(buffer))
        }
      }
      if case .failure(let error) = outcome { err.line(error.message) }
    }
    // The file's name differs between runs: the outputs name it FILE.
    return (
      out.text.replacingOccurrences(of: file, with: "FILE"),
      err.text.replacingOccurrences(of: file, with: "FILE"), session.state.saved
    )
  }
}

/// A small deterministic generator for test scripts.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
