/// The commands of the language, with the help users see for each.
enum Command: String, CaseIterable {
  case help, models, build, builds, show, remove, stock, currency, rates, rate, save, load, read
  case quit, exit

  /// The usage line.
  var synopsis: String {
    switch self {
    case .help: "help [COMMAND]"
    case .models: "models"
    case .build: "build MODEL [SLOT=VALUE...]"
    case .builds: "builds"
    case .show: "show N"
    case .remove: "remove N"
    case .stock: "stock [CODE] | stock add N [QTY] | stock load FILE | stock clear"
    case .currency: "currency [CODE]"
    case .rates: "rates"
    case .rate: "rate CODE VALUE"
    case .save: "save FILE"
    case .load: "load FILE"
    case .read: "read FILE"
    case .quit: "quit"
    case .exit: "exit"
    }
  }

  /// One line for the command list.
  var summary: String {
    switch self {
    case .help: "list commands, or explain one"
    case .models: "models with their parts, base price and allowed options"
    case .build: "configure a car, record it as build #N and show it"
    case .builds: "list this session's builds"
    case .show: "show build N"
    case .remove: "forget build N"
    case .stock: "stock report, or change the stock"
    case .currency: "show or set the report currency (default USD)"
    case .rates: "show the exchange rates in force"
    case .rate: "set the rate: 1 USD = VALUE CODE"
    case .save: "write the session (builds, stock, currency, rates) to FILE"
    case .load: "replace the session with one saved in FILE"
    case .read: "run the commands in a script FILE"
    case .quit: "end the session"
    case .exit: "end the session"
    }
  }

  /// The detailed help of `help COMMAND`.
  var details: String {
    switch self {
    case .help:
      "Without COMMAND, lists every command. With it, explains that command."
    case .models:
      "Lists each model: its car type, default floorplan (seats, engine), suspension and\n"
        + "drive, base price in USD, and the options a build may choose with their surcharges."
    case .build:
      "Builds a car of MODEL through its factory and records it as build #N.\n"
        + "Options swap a part for one the model allows:\n"
        + "  floorplan=short|standard|long  suspension=standard|firm|soft  drive=front|rear|4wd\n"
        + "Example: build sports drive=4wd"
    case .builds:
      "Lists the builds of this session: number, model, name and price."
    case .show:
      "Shows the detail block of build N."
    case .remove:
      "Forgets build N. Numbers are not reused."
    case .stock:
      "stock [CODE]         report the stock, in CODE or the current currency\n"
        + "stock add N [QTY]    put QTY (default 1) of build N into stock\n"
        + "stock load FILE      add the lines of an inventory CSV\n"
        + "stock clear          empty the stock"
    case .currency:
      "Without CODE, shows the report currency. With it, sets it (e.g. currency gbp)."
    case .rates:
      "Lists the exchange rates in force with their dates and sources."
    case .rate:
      "Sets 1 USD = VALUE CODE for this session (source: command line), e.g. rate GBP 0.60338."
    case .save:
      "Writes the session to FILE atomically (JSON; see 'Session files' in Docs/UserGuide.md)."
    case .load:
      "Replaces the session's builds, stock, currency and rates with those saved in FILE."
    case .read:
      "Runs the commands of FILE as a script; scripts may read others up to 16 deep."
    case .quit, .exit:
      "Ends the session. Ctrl-D at the prompt does the same."
    }
  }
}
