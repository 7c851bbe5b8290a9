extension Session {
  func help(_ arguments: [String]) throws(CommandError) {
    if arguments.count > 1 {
      throw CommandError("help: unexpected argument '\(arguments[1])' (usage: help [COMMAND])")
    }
    if let name = arguments.first {
      guard let command = Command(rawValue: name.lowercased()) else {
        throw Self.unknownCommand(name)
      }
      out.line("usage: \(command.synopsis)")
      out.line("")
      out.line(command.details)
      return
    }
    out.line("Commands:")
    var table = TextTable([("", .left), ("", .left)])
    for command in Command.allCases where command != .exit {
      let synopsis =
        switch command {
        case .quit: "quit, exit"
        case .stock: "stock [CODE | add | load | clear]"
        default: command.synopsis
        }
      table.append(["  " + synopsis, command.summary])
    }
    for line in table.render().dropFirst() { out.line(line) }
    out.line("")
    out.line("Type 'help COMMAND' for details.")
  }
}
