import Foundation
import Testing

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
      result.stdout == String(repeating: Self.sportsBlock, count: 3) + """
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

  @Test func replayedCSVBuildsKeepOneHeaderAndRestoreItAfterAnotherTable() throws {
    let result = try BinaryRunner.run(
      ["--format", "csv"], stdin: "build suv\nbuild suv\ncurrency\nbuild suv\n")
    let header = "build,model,car_type,name,seats,engine,suspension,drive,price,currency"
    let row = "Cadillac Escalade,Cadillac Escalade,8,Front,Soft,4WD,89990.00,USD"
    #expect(
      result.stdout == """
        \(header)
        1,suv,\(row)
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
