internal import Dealership

extension TextRenderer {
  /// The help text: the command table, or a command's usage, details and models in force.
  static func lines(of help: Help) -> [String] {
    switch help {
    case .commands(let commands):
      var table = TextTable([("", .left), ("", .left)])
      for command in commands {
        table.append(["  " + Self.listedSynopsis(command), command.summary])
      }
      return ["Commands:"] + table.render().dropFirst() + ["", "Type 'help COMMAND' for details."]
    case .command(let command, let models):
      var lines = ["usage: \(command.synopsis)", "", command.details]
      guard !models.isEmpty else { return lines }
      var table = TextTable([("", .left), ("", .left)])
      for (model, choices) in models { table.append(["  " + model, choices]) }
      lines += ["", "Models in force:"] + table.render().dropFirst()
      return lines
    }
  }

  /// A command as the command list shows it (`quit, exit`; stock's short form).
  static func listedSynopsis(_ command: Command) -> String {
    switch command {
    case .quit: "quit, exit"
    case .stock: "stock [CODE... | add | remove | sell | show ...]"
    case .quote: "quote N [CODE] [OPTION=VALUE...]"
    case .sales: "sales [from=DATE] [to=DATE] [CODE...]"
    case .options: "options MODEL [CHOICE...] [KEY=VALUE...]"
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
