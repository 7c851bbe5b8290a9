internal import Dealership

extension TextRenderer {
  /// The help text: the commands by task, or a command's usage, details and models in force,
  /// in `width` columns (help is laid out within 80 wherever it goes, ``TextLayout/helpWidth``).
  static func lines(of help: Help, width: Int) -> [String] {
    switch help {
    case .commands(let commands):
      return commandList(commands, width: width) + ["", commandFooter]
    case .command(let command, let models):
      var lines = usageLines(of: command, width: width) + [""]
      lines += detailLines(command.details, width: width)
      guard !models.isEmpty else { return lines }
      let list = DefinitionList(entries: models.map { ($0.model, $0.choices) })
      lines += ["", "Models in force:"] + list.lines(width: width)
      return lines
    }
  }

  /// The last line of the command list.
  static let commandFooter = "Type 'help COMMAND' or 'COMMAND --help' for details."

  /// The commands by task: each task's heading, then its commands with their summaries.
  ///
  /// - Parameters:
  ///   - commands: The commands to list (the language's, but `exit`).
  ///   - width: The columns a line may take.
  /// - Returns: The lines.
  static func commandList(_ commands: [Command], width: Int) -> [String] {
    var lines: [String] = []
    // One term column for every task, so the lists align.
    let widest = commands.map { DisplayWidth.of(listedSynopsis($0)) }
      .filter { $0 <= listedTermColumn }.max()
    for (task, listed) in Command.byTask {
      let shown = listed.filter(commands.contains)
      guard !shown.isEmpty else { continue }
      if !lines.isEmpty { lines.append("") }
      lines.append(task.title + ":")
      var list = DefinitionList(entries: shown.map { (listedSynopsis($0), $0.summary) })
      list.widestTerm = listedTermColumn
      list.termColumn = widest
      lines += list.lines(width: width)
    }
    return lines
  }

  /// The widest synopsis the command list keeps beside its summary: 2 + 28 + 2 leaves 48
  /// columns of an 80-column line for the summary.
  static let listedTermColumn = 28

  /// `usage: SYNOPSIS`, each alternative (` | ` at the top of the synopsis) on a line of its
  /// own under the first, and an alternative too wide for the width wrapped under its words.
  static func usageLines(of command: Command, width: Int) -> [String] {
    let lead = "usage: "
    let margin = String(repeating: " ", count: lead.count)
    var lines: [String] = []
    for (index, alternative) in alternatives(of: command.synopsis).enumerated() {
      let start = index == 0 ? lead : margin
      let pieces = TextWrap.wrap(alternative, width: max(1, width - lead.count))
      lines.append(start + pieces[0])
      guard pieces.count > 1 else { continue }
      // The rest wrapped again under the command's first argument.
      let words = alternative.split(separator: " ", maxSplits: 1)
      let hanging = lead.count + (words.first?.count ?? 0) + 1
      let rest = alternative.dropFirst(pieces[0].count).drop { $0 == " " }
      let indent = String(repeating: " ", count: hanging)
      lines += TextWrap.wrap(String(rest), width: max(1, width - hanging)).map { indent + $0 }
    }
    return lines
  }

  /// A command's details in `width` columns: prose (lines that neither start with a blank
  /// nor set words apart by two) joined into paragraphs and wrapped again; a table's lines and
  /// examples kept, folded under their own columns when too wide.
  static func detailLines(_ details: String, width: Int) -> [String] {
    var lines: [String] = []
    var paragraph: [Substring] = []
    func endParagraph() {
      guard !paragraph.isEmpty else { return }
      lines += TextWrap.wrap(paragraph.joined(separator: " "), width: width)
      paragraph = []
    }
    for line in details.split(separator: "\n", omittingEmptySubsequences: false) {
      let isProse =
        !line.isEmpty && line.first != " " && !line.contains("  ") && !line.hasPrefix("Example")
      if isProse {
        paragraph.append(line)
        continue
      }
      endParagraph()
      lines += TextWrap.fold(String(line), width: width)
    }
    endParagraph()
    return lines
  }

  /// A synopsis's alternatives: split at ` | ` outside brackets.
  static func alternatives(of synopsis: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    var characters = synopsis[...]
    while let character = characters.first {
      if depth == 0, characters.hasPrefix(" | ") {
        parts.append(current)
        current = ""
        characters = characters.dropFirst(3)
        continue
      }
      if character == "[" { depth += 1 }
      if character == "]" { depth = max(0, depth - 1) }
      current.append(character)
      characters = characters.dropFirst()
    }
    parts.append(current)
    return parts
  }

  /// A command as the command list shows it (`quit, exit`; the short forms of long ones).
  static func listedSynopsis(_ command: Command) -> String {
    switch command {
    case .quit: "quit, exit"
    case .build: "build MODEL [CHOICE...]"
    case .options: "options MODEL [CHOICE...]"
    case .count: "count MODEL [CHOICE...]"
    case .sample: "sample [MODEL ...] N|pairs"
    case .tree: "tree MODEL [FEATURE]"
    case .stock: "stock [CODE... | ACTION ...]"
    case .quote: "quote N [CODE] [OPTION...]"
    case .sales: "sales [from=DATE] [CODE...]"
    case .choose: "+ATOM | -ATOM | NAME=VALUE"
    case .rate: "rate CODE VALUE|reset"
    case .catalog: "catalog load|diff FILE..."
    default: command.synopsis
    }
  }
}

extension JSONLinesRenderer {
  /// Help as one object: the commands with synopsis and summary, or one command's details.
  func object(_ help: Help) -> JSONObject {
    var object = JSONObject()
    object.add("type", "help")
    switch help {
    case .commands(let commands):
      object.add(
        "commands",
        commands.map { command in
          var entry = JSONObject()
          entry.add("name", command.rawValue)
          entry.add("synopsis", command.synopsis)
          entry.add("summary", command.summary)
          entry.add("group", command.task.title)
          return entry
        })
    case .command(let command, let models):
      object.add("name", command.rawValue)
      object.add("synopsis", command.synopsis)
      object.add("summary", command.summary)
      object.add("details", command.details)
      if !models.isEmpty {
        object.add(
          "models",
          models.map { model, choices in
            var entry = JSONObject()
            entry.add("model", model)
            entry.add("choices", choices)
            return entry
          })
      }
    }
    return object
  }
}

extension CSVRenderer {
  /// Help as a table of commands (one row for `help COMMAND`).
  func help(_ help: Help) {
    header(CSV.row(["command", "synopsis", "summary", "details"]))
    switch help {
    case .commands(let commands):
      for command in commands {
        out.line(CSV.row([command.rawValue, command.synopsis, command.summary, ""]))
      }
    case .command(let command, _):
      out.line(CSV.row([command.rawValue, command.synopsis, command.summary, command.details]))
    }
  }
}
