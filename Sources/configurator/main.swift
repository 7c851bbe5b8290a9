internal import Dealership
import Support

// The process wiring only; everything else is in `Configurator` and `Session`.
POSIX.ignoreBrokenPipe()
let out = OutputStream(descriptor: 1)
let err = OutputStream(descriptor: 2, limit: 0)
let configurator = Configurator(
  out: out, err: err, standardInput: 0,
  inputIsTerminal: POSIX.isTerminal(0), outputIsTerminal: POSIX.isTerminal(1))
POSIX.exit(configurator.run(Array(CommandLine.arguments.dropFirst())))
