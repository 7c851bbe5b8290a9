import Support

// The process wiring only; everything else is in `Configurator` and `Session`.
POSIX.ignoreBrokenPipe()
let out = OutputStream(descriptor: 1)
let err = OutputStream(descriptor: 2, limit: 0)
let configurator = Configurator(
  out: out, err: err, standardInput: 0,
  inputIsTerminal: POSIX.isTerminal(0), outputIsTerminal: POSIX.isTerminal(1))
var status = configurator.run(Array(CommandLine.arguments.dropFirst()))
out.flush()
// A closed pipe ends quietly; any other failed write to stdout is an error (SPEC §10).
if let message = out.failureMessage(), !out.failureReported {
  err.line("configurator: \(message)")
}
if out.failureMessage() != nil, status == ErrorReport.Status.success {
  status = ErrorReport.Status.failure
}
err.flush()
POSIX.exit(status)
