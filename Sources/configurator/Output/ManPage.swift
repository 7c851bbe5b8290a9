internal import Dealership

/// The man page, `Docs/configurator.1`, made from the entries `--help` and `help COMMAND`
/// print (``Usage``, ``Command/synopsis``, ``Command/summary``, ``Command/details``), so the
/// two cannot drift: a test compares the file with ``text``.
enum ManPage {
  /// The page in roff (`man -l Docs/configurator.1`).
  static var text: String {
    var lines = [
      #".TH CONFIGURATOR 1 "" "configurator \#(Usage.version)" "User Commands""#,
      // Ragged right, no hyphens: atoms and options read as typed.
      ".ad l", ".nh",
      ".SH NAME",
      "configurator \\- " + escaped(Usage.purpose),
      ".SH SYNOPSIS",
    ]
    for form in Usage.forms {
      lines += [".B " + escaped(form.term), ".br"]
    }
    lines += [".SH DESCRIPTION"]
    lines += Usage.forms.flatMap { [".TP", ".B " + escaped($0.term), escaped($0.description)] }
    lines += [".PP", escaped(Usage.closing), ".SH OPTIONS"]
    for option in Usage.options {
      lines += [".TP", ".B " + escaped(option.term), escaped(option.description)]
    }
    lines += [".SH COMMANDS"]
    for (task, commands) in Command.byTask {
      lines += [".SS " + escaped(task.title)]
      for command in commands {
        let name = command == .quit ? "quit, exit" : command.synopsis
        lines += [".TP", ".B " + escaped(name)] + details(command.details)
      }
    }
    lines += [
      ".SH ENVIRONMENT",
      ".TP", ".B PAGER",
      escaped(
        "The pager for output taller than the terminal (CONFIGURATOR_PAGER first; "
          + "default less -FRX); --no-pager never pages."),
      ".TP", ".B COLUMNS",
      escaped(
        "The width when the terminal does not give one; --width N overrides both."),
      ".TP", ".B XDG_STATE_HOME, HOME",
      escaped(
        "Where the prompt keeps its history: $XDG_STATE_HOME/configurator/history, else "
          + "~/.local/state/configurator/history."),
      ".SH EXIT STATUS",
      escaped("0 success, 1 a command failed, 64 bad command-line usage."),
      ".SH SEE ALSO",
      escaped(
        "README.md, Docs/UserGuide.md, Docs/Scripting.md (the output formats) and "
          + "Docs/Interactive.md (the prompt) in the source."),
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// A command's details (as `help COMMAND` gives them) under its entry: prose as filled
  /// text, the lines of a table or an example kept as they are, each run its own paragraph
  /// at the entry's indentation.
  private static func details(_ text: String) -> [String] {
    var lines: [String] = []
    var verbatim = false
    for line in text.split(separator: "\n") {
      let isProse = line.first != " " && !line.contains("  ") && !line.hasPrefix("Example")
      if isProse == verbatim {
        lines += isProse ? [".fi", ".IP"] : [".IP", ".nf"]
        verbatim = !isProse
      }
      lines.append(escaped(String(line)))
    }
    if verbatim { lines.append(".fi") }
    return lines
  }

  /// Text as roff reads it literally: backslashes as `\e`, hyphens as `\-` (so man does not
  /// break or turn them into dashes), other than ASCII as `\[uXXXX]`, a line's leading `.` or
  /// `'` guarded by `\&`.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case _ where !scalar.isASCII:
        // groff reads ASCII: others by their code point (`\[u2248]` for ≈).
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: result.unicodeScalars.append(scalar)
      }
    }
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }
}
