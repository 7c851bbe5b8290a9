internal import Dealership

/// The text of `--help` and `--version`.
enum Usage {
  static let version = "0.1.0"

  /// The options, then the commands of the language (SPEC §9: `--help` lists both).
  static var text: String {
    let commands = TextRenderer.lines(of: .commands(Command.allCases.filter { $0 != .exit }))
    return options + "\n\n" + commands.dropLast(2).joined(separator: "\n") + "\n\n" + closing
  }

  private static let options = """
    configurator \(version): configure, price and stock vehicles

    usage: configurator [OPTIONS]                     interactive at a terminal, else a script on stdin
           configurator [OPTIONS] -f FILE             run a script file
           configurator [OPTIONS] COMMAND [ARGS...]   run one command and exit

    options:
      --currency CODE            report currency (default USD)
      --locale ID                format money for a locale (e.g. de_DE) instead of the currency's home
      --rates FILE               exchange rates from an ECB CSV or XML file
      --rate CODE=VALUE          set 1 USD = VALUE CODE (repeatable)
      --as-of YYYY-MM-DD         use the latest rates on or before this date
      --rounding half-even|half-up
                                 rounding of converted money (default half-even)
      --list-prices              show the USD list price beside amounts in another currency
      --catalog FILE             add models from a JSON catalog or a UVL model (repeatable)
      --inventory FILE           start with this inventory CSV instead of the sample stock
      --clean                    no built-in models and no sample stock: only the --catalog models
                                 (a store created with --clean stays clean)
      --store FILE               keep the session in FILE (created if missing, saved after changes);
                                 it remembers its catalogs and loads them when no --catalog is given
      --wait SECONDS             with --store: wait up to SECONDS (e.g. 0.5) for another process's hold
      --format text|json|csv     output format (default text)
      -o, --output FILE          write the one command's output to FILE (FILE.html: a printable
                                 page); at the prompt or in a script, end a line with --output FILE
      --bail                     stop a script at the first error
      --echo                     print each script command before its output
      --batch                    script mode even at a terminal
      --interactive              interactive mode even off a terminal
      -f FILE                    run the script FILE
      -h, --help                 show this help
      --version                  show the version
    """

  private static let closing = """
    A command can follow the options (configurator build sports drive=4wd); 'configurator help
    COMMAND' explains one. Exit status: 0 success, 1 a command failed, 64 bad command-line usage.
    """
}
