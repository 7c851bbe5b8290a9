internal import Dealership

/// The text of `--help` and `--version`: the ways to run the program, its options and the
/// commands of the language by task (SPEC §9, §14), within 80 columns. The man page
/// (``ManPage``) is made from the same entries.
enum Usage {
  static let version = "0.1.0"

  /// What the program does, after its name.
  static let purpose = "configure, price and stock vehicles"

  /// The ways to run the program.
  static let forms: [(term: String, description: String)] = [
    ("configurator [OPTIONS]", "a prompt, or a script on stdin"),
    ("configurator [OPTIONS] -f FILE", "run a script file"),
    ("configurator [OPTIONS] COMMAND [ARGS...]", "run one command and exit"),
  ]

  /// The global options, in the order `--help` lists them.
  static let options: [(term: String, description: String)] = [
    ("--currency CODE", "report currency (default USD)"),
    ("--locale ID", "format money for a locale (e.g. de_DE) instead of the currency's home"),
    ("--rates FILE", "exchange rates from an ECB CSV or XML file"),
    ("--rate CODE=VALUE", "set 1 USD = VALUE CODE (repeatable)"),
    ("--as-of YYYY-MM-DD", "use the latest rates on or before this date"),
    ("--rounding half-even|half-up", "rounding of converted money (default half-even)"),
    ("--list-prices", "show the USD list price beside amounts in another currency"),
    ("--catalog FILE", "add models from a JSON catalog or a UVL model (repeatable)"),
    ("--inventory FILE", "start with this inventory CSV instead of the sample stock"),
    (
      "--clean",
      "no built-in models and no sample stock: only the --catalog models (a store created "
        + "with --clean stays clean)"
    ),
    (
      "--store FILE",
      "keep the session in FILE (created if missing, saved after changes); it remembers "
        + "its catalogs and loads them when no --catalog is given"
    ),
    ("--wait SECONDS", "with --store: wait up to SECONDS (e.g. 0.5) for another process's hold"),
    ("--format text|json|csv", "output format (default text)"),
    (
      "-o, --output FILE",
      "write the one command's output to FILE (FILE.html: a printable page); at the prompt "
        + "or in a script, end a line with --output FILE"
    ),
    (
      "--width N",
      "lay text out in N columns: tables fitted, long lines folded (0: no limit; default: "
        + "the terminal's width, no limit in a pipe or a file)"
    ),
    (
      "--no-pager",
      "never page: at a terminal, output taller than the screen goes through $PAGER "
        + "(default less -FRX)"
    ),
    ("--bail", "stop a script at the first error"),
    ("--echo", "print each script command before its output"),
    ("--batch", "script mode even at a terminal"),
    ("--interactive", "interactive mode even off a terminal"),
    ("-f FILE", "run the script FILE"),
    ("--completion bash|zsh|fish", "print a completion script for the shell"),
    ("-h, --help", "show this help"),
    ("--version", "show the version"),
  ]

  /// The paragraph that ends `--help`.
  static let closing =
    "A command can follow the options (configurator build sports drive=4wd); 'configurator "
    + "help COMMAND' or 'configurator COMMAND --help' explains one. Exit status: 0 success, "
    + "1 a command failed, 64 bad command-line usage."

  /// `--help` in `width` columns (at most 80).
  ///
  /// - Parameter width: The columns a line may take.
  /// - Returns: The text, without a last line break.
  static func text(width: Int = TextLayout.helpColumns) -> String {
    let width = min(width, TextLayout.helpColumns)
    var lines = ["configurator \(version): \(purpose)", ""]
    var usage = DefinitionList(entries: forms)
    usage.indent = 7
    usage.widestTerm = 40
    for (index, line) in usage.lines(width: width).enumerated() {
      lines.append(index == 0 ? "usage: " + line.dropFirst(7) : line)
    }
    var list = DefinitionList(entries: options)
    list.widestTerm = 24
    lines += ["", "options:"] + list.lines(width: width)
    let commands = Command.allCases.filter { $0 != .exit }
    lines += ["", "commands, by task:", ""]
    lines += TextRenderer.commandList(commands, width: width)
    lines += [""] + TextWrap.wrap(closing, width: width)
    return lines.joined(separator: "\n")
  }
}
