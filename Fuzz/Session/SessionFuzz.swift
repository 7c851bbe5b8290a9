// libFuzzer harness for the command language. Compiled into the `configurator` module (all of
// its sources except main.swift), so it drives the same `Session` and `ScriptRunner` as the
// program. The first byte picks the output format and the --bail/--echo flags; the rest is a
// script. Lines whose command touches the file system (read, save, load, stock load) are left
// out: the file readers have harnesses of their own.
//
// Checked on every input, beyond "does not crash":
// - a command that fails leaves the session as it was (builds, stock, currency, rates);
// - every error line the script runner prints starts with `configurator: line N: ` (errors are
//   one line each).

internal import CarFactory
internal import Dealership
internal import StockValuation

#if canImport(Glibc)
  import Glibc
#endif

/// A scratch file the script is written to, so `ScriptRunner` reads it through a descriptor.
private let scratch: Int32 = {
  var template = Array("/tmp/configurator-fuzz-XXXXXX".utf8CString)
  let descriptor = template.withUnsafeMutableBufferPointer { buffer in
    buffer.baseAddress.map { mkstemp($0) } ?? -1
  }
  precondition(descriptor >= 0, "cannot create a scratch file")
  template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
  return descriptor
}()

/// Whether a line's command touches the file system.
private func touchesFiles(_ line: Substring) -> Bool {
  guard let words = try? Tokenizer.words(line), let first = words.first?.lowercased() else {
    return false
  }
  if ["read", "save", "load"].contains(first) { return true }
  return first == "stock" && words.count > 1 && words[1].lowercased() == "load"
}

private struct Snapshot: Equatable {
  let builds: BuildBook
  let stock: [StockLine]
  let currency: Currency
  let rates: RateTable

  init(_ session: Session) {
    builds = session.state.builds
    stock = session.state.stock.lines
    currency = session.state.currency
    rates = session.state.money.rates
  }
}

/// libFuzzer's entry point: runs one input; a crash or failed check is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func sessionFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let flags = data[0]
  let format: OutputFormat = [.text, .json, .csv][Int(flags & 3) % 3]
  let script = String(
    decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
  let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
    .filter { !touchesFiles($0) }

  // 1. Line by line through `Session.execute`, checking that failures change nothing.
  let direct = Session(
    registry: CarRegistry(), format: format, out: OutputStream(), err: OutputStream())
  for line in lines {
    let before = Snapshot(direct)
    do {
      if try direct.execute(line) == .quit { break }
    } catch {
      precondition(!error.message.contains("\n"), "multi-line error: \(error.message)")
      precondition(Snapshot(direct) == before, "failed command changed the session: \(line)")
    }
  }

  // 2. The whole script through `ScriptRunner`, as script mode runs it.
  let text = lines.joined(separator: "\n")
  _ = ftruncate(scratch, 0)
  _ = text.utf8CString.withUnsafeBufferPointer { pwrite(scratch, $0.baseAddress, $0.count - 1, 0) }
  _ = lseek(scratch, 0, SEEK_SET)
  let err = OutputStream()
  let session = Session(registry: CarRegistry(), format: format, out: OutputStream(), err: err)
  session.options.bail = flags & 4 != 0
  session.options.echo = flags & 8 != 0
  _ = ScriptRunner(session: session, label: .standardInput).run(LineReader(descriptor: scratch))
  // Errors are one line each, with their line number: JSON objects under --format json.
  let prefix = format == .json ? #"{"type":"error","line":"# : "configurator: line "
  for message in err.text.split(separator: "\n") {
    precondition(message.hasPrefix(prefix), "stray error line: \(message)")
  }
  return 0
}
