internal import Dealership

/// The help users see for each command: its usage line, its line in the command list and its
/// details (`help COMMAND`).
extension Command {
  /// The usage line.
  var synopsis: String {
    switch self {
    case .help: "help [COMMAND]"
    case .models: "models"
    case .build: "build MODEL [CHOICE...] [min=ATTR|max=ATTR]"
    case .options: "options MODEL [CHOICE...] [by=ATTR] [find=TEXT] [state=S] [group=G]"
    case .count: "count MODEL [CHOICE...] [by=value]"
    case .sample: "sample [MODEL [CHOICE...]] N|pairs [seed=S]"
    case .lint: "lint [MODEL]"
    case .catalog: "catalog load FILE | catalog diff OLD NEW [map=FILE]"
    case .revalidate: "revalidate"
    case .builds: "builds"
    case .show: "show N | show Q-K"
    case .quotes: "quotes"
    case .order: "order Q-K [deposit=AMOUNT]"
    case .orders: "orders"
    case .remove: "remove N"
    case .quote: "quote N [CODE] [customer=TEXT] [discount=AMOUNT|P%] [tax=P%] [valid=DAYS]"
    case .compare: "compare N M"
    case .stock:
      "stock [CODE...] [category=NAME] | "
        + "stock add N [QTY] [vin=VIN] [cost=AMOUNT] [received=DATE] | "
        + "stock remove S-N|N|NAME [QTY] | "
        + "stock sell S-N|N|NAME [QTY] [price=AMOUNT] [customer=TEXT] | "
        + "stock sell S-N order=O-K [customer=TEXT] | "
        + "stock sell S-N|N|NAME void [sale=K] | stock show S-N|N|NAME | "
        + "stock load [--replace] FILE | stock clear | stock aging"
    case .sales: "sales [from=YYYY-MM-DD] [to=YYYY-MM-DD] [CODE...]"
    case .currency: "currency [CODE]"
    case .rates: "rates [reset]"
    case .dealer: "dealer [NAME] [address=TEXT] [phone=TEXT] [vat=TEXT] [tax=LABEL P%]"
    case .rate: "rate CODE VALUE | rate CODE reset"
    case .save: "save FILE"
    case .load: "load FILE"
    case .read: "read FILE"
    case .configure: "configure MODEL [CHOICE...]"
    case .choose: "choose ATOM... | +ATOM | -ATOM | NAME=VALUE"
    case .drop: "drop ATOM..."
    case .undo: "undo"
    case .redo: "redo"
    case .fix: "fix N"
    case .why: "why [MODEL] ATOM [CHOICE...]"
    case .rules: "rules [MODEL]"
    case .car: "car"
    case .done: "done"
    case .discard: "discard"
    case .edit: "edit N"
    case .quit: "quit"
    case .exit: "exit"
    case .tree: "tree MODEL [FEATURE] [depth=N]"
    }
  }

  /// One line for the command list.
  var summary: String {
    switch self {
    case .help: "list commands, or explain one"
    case .models: "models: parts, base price and allowed options"
    case .build: "configure a car and record it as build #N"
    case .options: "each value's state under your choices, and why"
    case .count: "the exact number of valid builds, or per value"
    case .sample: "random valid builds, or ones covering all pairs"
    case .lint: "dead values, values always present, idle rules"
    case .catalog: "load a catalog or UVL model, or compare two"
    case .revalidate: "check every record against the catalogs"
    case .builds: "list this session's builds"
    case .show: "show build N, or quote Q-K as recorded"
    case .quotes: "the recorded quotes: number, date, car, customer, total"
    case .order: "turn quote Q-K into order O-K, with the customer's deposit"
    case .orders: "the orders: number, date, quote, car, total, deposit, status"
    case .remove: "forget build N"
    case .quote: "the customer's quote for build N, with tax"
    case .compare: "builds N and M side by side: what differs"
    case .stock: "stock report, or change the stock, or sell"
    case .sales: "the sales ledger with totals, in CODE columns"
    case .currency: "show or set the report currency (default USD)"
    case .rates: "the exchange rates in force, or drop those set"
    case .dealer: "show or set the dealer's profile that quotes carry"
    case .rate: "set 1 USD = VALUE CODE, or back to the table's"
    case .save: "write the session (builds, stock, sales) to FILE"
    case .load: "replace the session with one saved in FILE"
    case .read: "run the commands in a script FILE"
    case .configure: "open a working car to shape step by step"
    case .choose: "choose or rule out values of the working car"
    case .drop: "take back your own choice of a value"
    case .undo: "step back one change of the working car"
    case .redo: "step forward again after undo"
    case .fix: "take the N-th way out of the last conflict"
    case .why: "why a value is in its state: choices and rules"
    case .rules: "every rule of a model: id, expression, message"
    case .car: "show the working car again"
    case .done: "record the working car as a build and close it"
    case .discard: "close the working car without recording it"
    case .edit: "open build N's choices as the working car"
    case .quit: "end the session"
    case .exit: "end the session"
    case .tree: "the feature tree, or groups, and each state"
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
        + "Models with equipment and rules also take GROUP=CHOICE (GROUP=A,B for several),\n"
        + "-ATOM to rule a value out; what the choices force is applied and labelled, the\n"
        + "rest is the valid build closest to the defaults (UVL models: defaults in file\n"
        + "order). Conflicting choices are refused with the rules involved and corrections.\n"
        + "min=ATTR (max=ATTR) builds the valid build with the lowest (highest) total of the\n"
        + "attribute instead, ties going to the one closest to the defaults: min=price is the\n"
        + "cheapest build with the choices. Attributes: price.\n"
        + "Examples: build sports drive=4wd   build hatch extras=tow min=price"
    case .options:
      "Shows every slot and group of MODEL with each value's state under the choices:\n"
        + "chosen, forced (every valid build has it), excluded (none has), default (build\n"
        + "would take it) or available, with the rules and choices that force or exclude it\n"
        + "(undecided: its check did not finish within the time limit, never shown available),\n"
        + "and a headline 'N valid builds; price $A to $B'. FROM is the lowest price of a\n"
        + "valid build with the value ('?' when not found within the time limit). by=ATTR adds\n"
        + "the lowest and highest total of an attribute (price). Choices: SLOT=VALUE or\n"
        + "GROUP=CHOICE (or +ATOM) chooses, -ATOM rules a value out, GROUP=A,B chooses several;\n"
        + "a UVL model's atoms are its feature names (its table is indented by its tree).\n"
        + "Filters show part of the table (the states and reasons stay the model's):\n"
        + "  find=TEXT    values whose id or name holds TEXT, in any case\n"
        + "  state=S,...  values in these states (chosen, forced, excluded, default,\n"
        + "               available, undecided)\n"
        + "  group=G      one slot or group; for a UVL model a feature and all below it\n"
        + "Without MODEL, the working car's table (filters too: options state=available).\n"
        + "Examples: options van extras=tow -paint=red   options roadster find=petrol"
    case .count:
      "Prints the exact number of valid builds of MODEL under the choices, in full.\n"
        + "by=value lists every value instead, with the number of valid builds that hold it\n"
        + "and its share (commonality, rounded half to even), from the model compiled once\n"
        + "for the session; 'count by=value' does so on the working car. A model that does\n"
        + "not compile within half the time limit is counted by #SAT, value by value, in\n"
        + "the other half, and the output says how many values were counted. Counts of\n"
        + "more than 15 digits show five (≈1.6505×10^1535); JSON and CSV give every digit.\n"
        + "Examples: count van drive=4wd   count van drive=4wd by=value"
    case .sample:
      "Draws N valid builds of MODEL under the choices uniformly at random (each valid\n"
        + "build equally likely in every draw, so one may come twice) and prints each as a\n"
        + "'build MODEL ATOM...' line that makes it again: the output is a script. seed=S\n"
        + "(0 by default, up to 2^64-1) picks the draw: the same seed, the same builds.\n"
        + "'pairs' prints instead valid builds covering every pair of values that some\n"
        + "valid build holds together, with the pairs covered and a lower bound on the\n"
        + "size of any such set. Without MODEL, on the working car. N is at most 100,000;\n"
        + "pairs take models of at most 8,000 values. Both need the compiled form.\n"
        + "Examples: sample van 3 seed=7   sample van extras=tow pairs"
    case .lint:
      "Checks MODEL (or every model): values no valid build can have (dead), values every\n"
        + "build has, rules that never change anything, and models with no valid build\n"
        + "(an error: exit status 1)."
    case .catalog:
      "Adds the models of a JSON catalog (version 1 or 2) or of a UVL feature model\n"
        + "(FILE.uvl; the model id is the file name).\n"
        + "diff OLD NEW compares two versions (two catalogs, or two UVL models), model by\n"
        + "model: values, rules, prices and attributes added, removed and changed; the exact\n"
        + "numbers of builds only in OLD, only in NEW and in both (a value one side lacks is\n"
        + "false there); the kind of edit (refactoring, specialization, generalization,\n"
        + "arbitrary edit) and an example build of each side. map=FILE renames old values\n"
        + "first, one 'old,new' a line. Example: catalog diff lineup-2025.json lineup.json"
    case .revalidate:
      "Checks every build, every stock line made from a build, every quote still open\n"
        + "and the working car against the catalogs in force: each record's choices still\n"
        + "make a build (valid; a price that changed is shown), or they conflict (invalid:\n"
        + "the rules named and the smallest, cheapest ways out, as build gives them), or\n"
        + "the record's model or a value of it is gone. Exits 1 when a record is invalid."
    case .builds:
      "Lists the builds of this session: number, model, name and price."
    case .show:
      "Shows the detail block of build N; 'show Q-K' prints quote Q-K again as it was\n"
        + "recorded, with the same figures whatever the rates are now."
    case .quotes:
      "Lists the quotes recorded by 'quote': Q-K, date, build, car, customer, valid until and\n"
        + "total in the quote's currency. Kept by save, load and --store; never reused."
    case .order:
      "Turns quote Q-K, accepted by the customer, into order O-K (numbers are never\n"
        + "reused): a quote past its last valid day, or one ordered already, is refused.\n"
        + "  deposit=AMOUNT     what the customer paid, in the quote's currency (500,\n"
        + "                     £500.00 or \"500 GBP\"), at most the quote's total\n"
        + "'stock sell S-N order=O-K' sells the car at the quote's figures and closes the\n"
        + "order. Kept by save, load and --store. Example: order Q-1 deposit=500"
    case .orders:
      "Lists the orders placed by 'order': O-K, date, quote, car, customer, the quote's\n"
        + "total and the deposit in its currency, and whether a sale closed it."
    case .remove:
      "Forgets build N. Numbers are not reused."
    case .quote:
      "The customer's quote for build N: dealer, date, validity, customer, the car with every\n"
        + "value by its name (package contents under their package), each line in CODE (or the\n"
        + "session currency) rounded so that the lines add up exactly to the total, then the\n"
        + "discount, the tax on the discounted total (the dealer's default tax and its label\n"
        + "when none is given), and the total. Each quote is recorded as Q-K (see quotes).\n"
        + "  customer=TEXT      the customer's name (customer=\"Ann Lee\" for blanks)\n"
        + "  discount=AMOUNT    an amount in CODE off the lines' total, or P% (0 to 100)\n"
        + "  tax=P%             tax on the discounted total (0 to 100, four decimals)\n"
        + "  valid=DAYS         how long the quote holds, 1 to 365 days (default 30)\n"
        + "Example: quote 1 gbp customer=\"Ann Lee\" discount=5% tax=20%"
    case .compare:
      "Shows builds N and M side by side: the model, parts, equipment or features that\n"
        + "differ, and the price difference M - N. Example: compare 1 2"
    case .stock:
      "stock [CODE...]            report the stock in CODE (or the current currency);\n"
        + "                           several codes give a value column per currency\n"
        + "stock ... category=NAME    report one category only\n"
        + "stock add N [QTY] [vin=VIN] [cost=AMOUNT] [received=YYYY-MM-DD]\n"
        + "                           put QTY (default 1) of build N into stock; vin= is\n"
        + "                           one car's VIN, cost= what one cost in the session\n"
        + "                           currency, received= the day it came (default today)\n"
        + "stock remove S-N|N|NAME [QTY]  take QTY (default 1) of line S-N, of build N's\n"
        + "                           line, or of the line named NAME out of stock\n"
        + "stock sell S-N|N|NAME [QTY] [price=AMOUNT] [customer=TEXT]\n"
        + "                           sell QTY (default 1): out of stock, into the sales\n"
        + "                           ledger; price= is each car's price (default the\n"
        + "                           list price): 25836.32 in the session currency,\n"
        + "                           £25,836.32 or \"25836.32 GBP\" (another currency is\n"
        + "                           converted at the session's rate)\n"
        + "stock sell S-N order=O-K [customer=TEXT]  sell the car of order O-K at its\n"
        + "                           quote's net price, currency and rate, with its tax\n"
        + "                           and deposit; the sale closes the order\n"
        + "stock sell S-N|N|NAME void [sale=K]  void the line's last sale (or sale K):\n"
        + "                           a ledger entry that reverses it; the cars come back\n"
        + "stock show S-N|N|NAME      one line with the whole car it holds\n"
        + "stock load [--replace] FILE  add the lines of an inventory CSV (equal lines\n"
        + "                           merge; vin, cost (USD) and received columns are\n"
        + "                           read); --replace empties the stock first\n"
        + "stock clear                empty the stock (stock numbers are not reused)\n"
        + "stock aging                the stock by days since received (0-30, 31-60,\n"
        + "                           61-90, 90+): cars, cost and value per band"
    case .sales:
      "Lists the sales ledger: every sale and void with its date, stock number, car,\n"
        + "quantity, price charged in the sale's currency and customer, and in each CODE\n"
        + "(default the session currency) the list price, the price and the difference,\n"
        + "with totals. from= and to= limit it to those days (both included).\n"
        + "Example: sales from=2025-03-01 usd gbp"
    case .currency:
      "Without CODE, shows the report currency. With it, sets it (e.g. currency gbp)."
    case .rates:
      "Lists the exchange rates in force with their dates and sources.\n"
        + "'rates reset' drops every rate set by 'rate' or --rate: the table's rates apply."
    case .dealer:
      "Without arguments, shows the dealer's profile; with them, sets what quotes carry (kept\n"
        + "by save, load and --store): the name, address= (commas part its lines), phone=, vat=\n"
        + "(the VAT number) and tax=LABEL P%, the default tax of quotes. An option given again\n"
        + "replaces, an empty one clears; the others stay.\n"
        + "Example: dealer Kings Motors address=\"12 High Street, Leeds LS1 4AB\" tax=\"VAT 20%\""
    case .rate:
      "Sets 1 USD = VALUE CODE for this session (source: command line), e.g. rate GBP 0.60338.\n"
        + "'rate CODE reset' drops it: the rate table's own rate applies again."
    case .save:
      "Writes the session (builds, stock, sales ledger, currency, rates) to FILE atomically\n"
        + "(JSON; see 'Session files' in Docs/UserGuide.md)."
    case .load:
      "Replaces the session's builds, stock, sales ledger, currency and rates with those saved\n"
        + "in FILE."
    case .read:
      "Runs the commands of FILE as a script; scripts may read others up to 16 deep."
    case .configure:
      "Opens the session's working car, one at a time (an open one is replaced), with the\n"
        + "choices given, and shows it with its price. Then change it step by step: each\n"
        + "change shows the new price and what the change forced or excluded, and why.\n"
        + "Example: configure hatch paint=red"
    case .choose:
      "A line whose first word starts with + or - or is NAME=VALUE changes the working car:\n"
        + "+ATOM or NAME=VALUE chooses, -ATOM rules a value out; 'choose' takes any atom,\n"
        + "a value's bare name (heated) or a UVL feature's name included. A choice that\n"
        + "conflicts is not applied: the ways out are numbered with their prices (fix N).\n"
        + "Example: +extras=tow"
    case .drop:
      "Takes back your own choice of a value (it does not rule the value out).\n"
        + "Example: drop extras=tow"
    case .undo:
      "Steps back one change of the working car (up to 1,000 changes since configure)."
    case .redo:
      "Steps forward again through the changes undo stepped back over."
    case .fix:
      "Applies the N-th way out the last conflict offered; the last one keeps the car as\n"
        + "it is. Example: fix 1"
    case .why:
      "Says why a value is in its state: the choices and the rules (id, and message or\n"
        + "expression) that decide it. Without MODEL, on the working car.\n"
        + "Example: why drive=4wd"
    case .rules:
      "Lists every rule of MODEL (the working car's model without one): id, expression and\n"
        + "message."
    case .car:
      "Shows the working car again: its choices, the build 'done' would record, its price."
    case .done:
      "Records the working car as the next build (its usual detail block) and closes it."
    case .discard:
      "Closes the working car without recording it."
    case .edit:
      "Opens build N's choices as the working car; 'done' then records a new build (builds\n"
        + "never change). Example: edit 1"
    case .quit, .exit:
      "Ends the session. Ctrl-D at the prompt does the same."
    case .tree:
      "Shows MODEL as a tree with each value's state (chosen, forced, excluded,\n"
        + "default, available): a UVL model's features under their parents, each with the\n"
        + "kind of group it is in (mandatory, optional, alternative, or, [n..m]); a catalog\n"
        + "model's slots and groups with their values. FEATURE (a feature, or a slot or\n"
        + "group) starts the tree there; depth=N shows N levels below it, BELOW counting\n"
        + "what is left out. Without MODEL, the working car's tree under its choices.\n"
        + "Examples: tree roadster   tree automotive01 depth=2   tree roadster Engine"
    }
  }
}
