import TestSupport
import Testing

@testable import Dealership
@testable import configurator

/// SPEC §10: the options of the command line are read before the command word only; after
/// it, every word is the command's (issue 28).
@Suite struct CommandLineOrderTests {
  @Test func wordsAfterTheCommandWordAreTheCommands() throws {
    let replacing = try Arguments(parsing: ["--store", "s.json", "stock", "load", "--replace", "f"])
    #expect(replacing.store == "s.json")
    #expect(replacing.command == ["stock", "load", "--replace", "f"])
    let ruledOut = try Arguments(parsing: ["options", "van", "-drive=4wd", "-paint=red"])
    #expect(ruledOut.command == ["options", "van", "-drive=4wd", "-paint=red"])
    let ended = try Arguments(parsing: ["--", "build", "--format"])
    #expect(ended.command == ["build", "--format"])
  }

  @Test(arguments: ["--format", "--format=json", "--store", "--bail", "-h"])
  func aGlobalOptionAfterTheCommandWordIsAUsageError(_ option: String) {
    do {
      _ = try Arguments(parsing: ["build", "sports", option, "x"])
      Issue.record("\(option) after the command word was accepted")
    } catch {
      let name = option.split(separator: "=").first.map(String.init) ?? option
      #expect(error.message.hasPrefix("option '\(name)' must come before the command word"))
    }
  }

  @Test func aStockLoadReplaceAfterTheCommandWordReachesTheCommand() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try scratch.write("name,category,unit_price,quantity\nKayak,Water,275.00,2\n", to: "in.csv")
    let store = scratch.path("s.json")
    let first = try BinaryRunner.run(["--store", store, "stock", "load", scratch.path("in.csv")])
    #expect(first.status == 0)
    let again = try BinaryRunner.run(
      ["--store", store, "stock", "load", "--replace", scratch.path("in.csv")])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.hasSuffix("; replaced 1 line.\n"))
  }
}
