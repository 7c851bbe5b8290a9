internal import Dealership

/// The tasks help groups the commands by (SPEC §14), in the order help lists them.
enum CommandTask: CaseIterable {
  case workingCar
  case buildsAndQuotes
  case stockAndSales
  case catalogsAndRules
  case session

  /// The group's heading in help and the man page.
  var title: String {
    switch self {
    case .workingCar: "Working car"
    case .buildsAndQuotes: "Builds and quotes"
    case .stockAndSales: "Stock and sales"
    case .catalogsAndRules: "Catalogs and rules"
    case .session: "Session"
    }
  }
}

extension Command {
  /// The task help lists the command under.
  var task: CommandTask {
    switch self {
    case .configure, .choose, .drop, .undo, .redo, .fix, .why, .car, .done, .discard, .edit:
      .workingCar
    case .build, .builds, .show, .remove, .quote, .quotes, .order, .orders, .compare,
      .dealer:
      .buildsAndQuotes
    case .stock, .sales, .floorplan, .export: .stockAndSales
    case .models, .options, .tree, .count, .sample, .lint, .catalog, .rules, .revalidate:
      .catalogsAndRules
    case .help, .currency, .rates, .rate, .save, .load, .read, .quit, .exit: .session
    }
  }

  /// The commands help lists, by task, each task's in the language's order (`exit` is
  /// listed with `quit`).
  static var byTask: [(task: CommandTask, commands: [Command])] {
    CommandTask.allCases.map { task in
      (task, allCases.filter { $0.task == task && $0 != .exit })
    }
  }
}
