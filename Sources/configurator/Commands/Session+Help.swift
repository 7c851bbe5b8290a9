extension Session {
  func help(_ arguments: [String]) throws(CommandError) -> CommandResult {
    if arguments.count > 1 {
      throw CommandError("help: unexpected argument '\(arguments[1])' (usage: help [COMMAND])")
    }
    if let name = arguments.first {
      guard let command = Command(rawValue: name.lowercased()) else {
        throw Self.unknownCommand(name)
      }
      return .lines(["usage: \(command.synopsis)", "", command.details])
    }
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
    return .lines(
      ["Commands:"] + table.render().dropFirst() + ["", "Type 'help COMMAND' for details."])
  }
}
