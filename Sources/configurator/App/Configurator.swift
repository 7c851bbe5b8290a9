internal import CarFactory

/// The program: parses the command line, sets up a session, picks the mode and returns the
/// exit status. `main.swift` only wires the process to it.
struct Configurator {
  enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
  }

  let out: OutputStream
  let err: OutputStream
  let standardInput: Int32
  let inputIsTerminal: Bool
  let outputIsTerminal: Bool

  func run(_ argumentList: [String]) -> Int32 {
    let arguments: Arguments
    do {
      arguments = try Arguments(parsing: argumentList)
    } catch {
      err.line("configurator: \(error.message) (see 'configurator --help')")
      return ExitCode.usage
    }
    if arguments.help {
      out.line(Usage.text)
      return ExitCode.success
    }
    if arguments.version {
      out.line("configurator \(Usage.version)")
      return ExitCode.success
    }
    let session: Session
    do {
      session = try makeSession(arguments)
    } catch {
      err.line("configurator: \(error.message)")
      return ExitCode.failure
    }
    if !arguments.command.isEmpty {
      return runOneShot(session, arguments.command)
    }
    if let path = arguments.scriptFile {
      return runScriptFile(session, path)
    }
    if arguments.interactive || (!arguments.batch && inputIsTerminal && outputIsTerminal) {
      return InteractiveMode(session: session, input: standardInput).run()
    }
    let result = ScriptRunner(session: session, label: .standardInput)
      .run(LineReader(descriptor: standardInput))
    return result.succeeded ? ExitCode.success : ExitCode.failure
  }

  private func makeSession(_ arguments: Arguments) throws(CommandError) -> Session {
    let registry = CarRegistry()
    for path in arguments.catalogs {
      do {
        try registry.loadCatalog(contentsOf: path)
      } catch {
        throw CommandError(error.description)
      }
    }
    let session = Session(registry: registry, format: arguments.format, out: out, err: err)
    session.bail = arguments.bail
    session.echo = arguments.echo
    return session
  }

  private func runOneShot(_ session: Session, _ words: [String]) -> Int32 {
    do {
      _ = try session.execute(words: words)
      return ExitCode.success
    } catch {
      if !error.message.isEmpty { err.line("configurator: \(error.message)") }
      return ExitCode.failure
    }
  }

  private func runScriptFile(_ session: Session, _ path: String) -> Int32 {
    let descriptor = path == "-" ? standardInput : POSIX.openForReading(path)
    guard descriptor >= 0 else {
      err.line("configurator: cannot open script '\(path)': \(POSIX.lastErrorMessage)")
      return ExitCode.failure
    }
    defer { if descriptor != standardInput { POSIX.close(descriptor) } }
    let result = ScriptRunner(session: session, label: .file(path))
      .run(LineReader(descriptor: descriptor))
    return result.succeeded ? ExitCode.success : ExitCode.failure
  }
}
