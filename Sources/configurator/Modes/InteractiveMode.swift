/// The prompt: banner, `configurator> `, and `Error: …` for failed commands.
struct InteractiveMode {
  let session: Session
  let input: Int32

  func run() -> Int32 {
    let out = session.out
    out.line("configurator \(Usage.version): configure, price and stock vehicles.")
    out.line("Type 'help' for commands.")
    let reader = LineReader(descriptor: input)
    while true {
      out.write("configurator> ")
      out.flush()
      guard let line = reader.next() else {
        out.line("")
        out.flush()
        return Configurator.ExitCode.success
      }
      switch line {
      case .tooLong(let count):
        out.line(
          "Error: line is too long (\(count) bytes; the limit is \(LineReader.maximumLength))")
      case .text(let text):
        do {
          if try session.execute(text[...]) == .quit {
            out.flush()
            return Configurator.ExitCode.success
          }
        } catch {
          if !error.message.isEmpty { out.line("Error: \(error.message)") }
        }
      }
    }
  }
}
