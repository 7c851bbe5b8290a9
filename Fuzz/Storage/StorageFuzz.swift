// libFuzzer harness for the session-file reader (`load FILE`, `--store FILE`). Compiled into the
// `configurator` module like the session harness.
//
// Checked on every input, beyond "does not crash":
// - a refused file gives a one-line error;
// - a file that is read writes back (`save`) to bytes that read again to the same state;
// - adopting the state into a session either works or fails leaving the session unchanged, and
//   afterwards `stock` and `builds` run without crashing.

internal import CarFactory
internal import Dealership
internal import StockValuation

private let registry = CarRegistry()

/// libFuzzer's entry point: runs one input; a crash or failed check is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func storageFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let catalogs = Catalogs(registry: registry)
  let decoder = SessionFileDecoder(file: "fuzz.session", catalogs: catalogs)
  let state: SavedSession
  do {
    state = try decoder.decode(bytes)
  } catch {
    precondition(!error.description.contains("\n"), "multi-line error: \(error.description)")
    return 0
  }
  let encoded = SessionFile.encode(state, sources: catalogs.modelSources)
  guard let again = try? decoder.decode(encoded) else {
    preconditionFailure("a saved state does not read back")
  }
  precondition(
    again.stock == state.stock && again.currency == state.currency
      && again.rates == state.rates && again.builds.records == state.builds.records
      && again.builds.nextNumber == state.builds.nextNumber, "a saved state reads back changed")

  let session = Session(
    state: SessionState(catalogs: catalogs), format: .text, out: OutputStream(),
    err: OutputStream())
  let before = session.state
  do {
    try session.adopt(state)
  } catch {
    precondition(session.state == before, "a refused load changed the session")
  }
  for line in ["stock", "builds", "stock gbp", "show 1", "rates"] {
    _ = try? session.execute(line[...])
  }
  return 0
}
