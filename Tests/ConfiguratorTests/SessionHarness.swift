import CarFactory

@testable import Dealership
@testable import configurator

/// A session with in-memory output, driven line by line as a script would drive it.
struct SessionHarness {
  let session: Session
  let out = OutputStream()
  let err = OutputStream()

  init(format: OutputFormat = .text, registry: CarRegistry = CarRegistry()) {
    session = Session(registry: registry, format: format, out: out, err: err)
  }

  /// A session started clean (`--clean`): no built-in models, no sample stock.
  init(clean: Bool, format: OutputFormat = .text) {
    session = Session(
      state: SessionState(catalogs: .starting(clean: clean)), format: format, out: out, err: err)
  }

  /// Runs one line; returns the output it wrote, or throws its error.
  @discardableResult
  func run(_ line: String) throws(CommandError) -> String {
    let before = out.count
    try session.execute(line[...])
    return String(decoding: out.bytes[before...], as: UTF8.self)
  }

  /// Runs one line as a script line (the cached and by-bytes paths included); returns the
  /// output it wrote, or throws its error.
  @discardableResult
  func runScript(_ line: String) throws(CommandError) -> String {
    let before = out.count
    var bytes = Array(line.utf8)
    let outcome = bytes.withUnsafeMutableBufferPointer { buffer in
      Result { () throws(CommandError) in try session.runScriptLine(UnsafeBufferPointer(buffer)) }
    }
    _ = try outcome.get()
    return String(decoding: out.bytes[before...], as: UTF8.self)
  }

  /// Runs one line that must fail; returns its message.
  func failure(_ line: String) -> String? {
    error(line)?.message
  }

  /// Runs one line that must fail; returns its error.
  func error(_ line: String) -> CommandError? {
    do {
      try session.execute(line[...])
      return nil
    } catch {
      return error
    }
  }
}
