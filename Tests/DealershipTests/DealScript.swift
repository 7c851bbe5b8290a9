import CarFactory
import Foundation
import StockValuation
import Support
import Testing

@testable import Dealership

/// A dealer's day run line by line against one state, on a test clock and in-memory files:
/// the deal's tests (SPEC §15) read its typed results.
final class DealScript {
  let environment = TestEnvironment()
  let words = WordList()
  var state = SessionState(catalogs: Catalogs.starting(clean: true))

  /// A clean session holding a kart model of the test's own: base $20,000.00, one option
  /// `extras=winter` of $1,500.00.
  init() throws {
    environment.files["kart.json"] = Array(
      """
      {"version": 2, "models": [{"id": "kart", "carType": "Go-Kart", "basePrice": "20000.00",
        "floorplan": "short", "suspension": "firm", "drive": "rear",
        "equipment": [{"group": "extras", "select": "any", "choices": [
          {"id": "winter", "name": "Winter package", "surcharge": "1500.00"}]}]}]}
      """.utf8)
    try run("catalog load kart.json")
  }

  /// Reads and runs one line.
  @discardableResult
  func run(_ line: String) throws(CommandError) -> Interpreter.Reply {
    try state.run(line, in: environment, words: words)
  }

  /// The error a line fails with, `nil` if it runs.
  func failure(_ line: String) -> CommandError? {
    do {
      try run(line)
      return nil
    } catch {
      return error
    }
  }

  /// The quote a line answers with.
  func quote(_ line: String) throws -> Quote? {
    guard case .quote(let quote) = try run(line).first else { return nil }
    return quote
  }
}
