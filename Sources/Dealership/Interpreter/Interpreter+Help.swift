package import CarFactory

extension Interpreter {
  /// `help [COMMAND]`: the command list, or one command; the commands that take choices
  /// list the models in force with what a build may choose.
  func help(_ command: Command?, _ state: SessionState) -> CommandResult {
    guard let command else { return .help(.commands(Command.allCases.filter { $0 != .exit })) }
    switch command {
    case .build, .options, .count, .lint, .tree:
      return .help(.command(command, models: Self.modelsInForce(state.catalogs)))
    default:
      return .help(.command(command, models: []))
    }
  }

  /// The models in force with what a build may choose (`sports  floorplan=standard|short
  /// ...`), so help follows the catalogs loaded.
  private static func modelsInForce(_ catalogs: Catalogs) -> [(model: String, choices: String)] {
    catalogs.modelIDs.map { model in
      guard let line = catalogs.line(model) else { return (model.rawValue, "") }
      guard line.groups.contains(where: { $0.kind != .feature }) else {
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
package enum Help {
  case commands([Command])
  case command(Command, models: [(model: String, choices: String)])
}
