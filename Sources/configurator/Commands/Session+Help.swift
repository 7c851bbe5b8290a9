internal import CarFactory

extension Session {
  func help(_ arguments: [String]) throws(CommandError) -> CommandResult {
    if arguments.count > 1 {
      throw .unexpectedArgument(
        command: "help", word: arguments[1], hint: "usage: help [COMMAND]")
    }
    guard let name = arguments.first else {
      return .help(.commands(Command.allCases.filter { $0 != .exit }))
    }
    guard let command = Command(rawValue: name.lowercased()) else {
      throw Self.unknownCommand(name)
    }
    switch command {
    case .build, .options, .count, .lint:
      return .help(.command(command, models: modelsInForce()))
    default:
      return .help(.command(command, models: []))
    }
  }

  /// The models in force with what a build may choose (`sports  floorplan=standard|short
  /// ...`), so help follows the catalogs loaded.
  private func modelsInForce() -> [(model: String, choices: String)] {
    registry.modelIDs.map { model in
      guard let line = try? registry.productLine(for: model) else {
        return (model.rawValue, "")
      }
      if line.isFeatureModel {
        return (model.rawValue, "UVL model, \(line.values.count) features (choose by name)")
      }
      let groups = line.groups.map { group in
        group.name + "=" + group.values.map { line.valueName(of: $0) }.joined(separator: "|")
      }
      return (model.rawValue, groups.joined(separator: "  "))
    }
  }
}

/// What `help` shows: the command list, or one command with (for the commands that take
/// choices) the models in force and their choices.
enum Help {
  case commands([Command])
  case command(Command, models: [(model: String, choices: String)])
}
