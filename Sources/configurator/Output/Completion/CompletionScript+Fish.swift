internal import Dealership

extension CompletionScript {
  /// The fish script: `complete` lines with the help's descriptions, and functions that find
  /// the command word and ask the program for its models.
  static var fish: String {
    var lines: [String] = []
    for (term, description) in Usage.options {
      for alias in term.split(separator: ", ") {
        guard let name = alias.split(separator: " ").first.map(String.init) else { continue }
        var line = "complete -c configurator -n __configurator_no_command"
        line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
        if fileOptions.contains(name) {
          line += " -r -F"
        } else if name == "--currency" {
          line += " -x -a '\(list(currencies))'"
        } else if let values = optionValues.first(where: { $0.option == name })?.values {
          line += " -x -a '\(list(values))'"
        } else if Arguments.valued.contains(name) {
          line += " -x"
        }
        lines.append(line + " -d \(quoted(description))")
      }
    }
    for command in Command.allCases {
      lines.append(
        "complete -c configurator -n __configurator_no_command -a \(command.rawValue) -d "
          + quoted(command.summary))
    }
    let using = "complete -c configurator -n '__configurator_using"
    lines += [
      "\(using) \(list(modelCommands))' -a '(__configurator_models)'",
      "\(using) \(list(fileCommands))' -F",
      "\(using) catalog' -a load",
      "\(using) catalog' -F",
      "\(using) stock' -a '\(list(stockActions)) \(list(currencies))'",
      "\(using) sales currency rate' -a '\(list(currencies))'",
      "\(using) rates' -a reset",
      "\(using) help' -a '\(list(commands))'",
    ]
    return """
      # fish completion for configurator: configurator --completion fish
      # Install: configurator --completion fish > ~/.config/fish/completions/configurator.fish

      # The command word: the first word that is neither an option nor an option's value.
      function __configurator_command
          set -l words (commandline -opc)
          set -e words[1]
          set -l skip 0
          for word in $words
              if test $skip -eq 1
                  set skip 0
                  continue
              end
              switch $word
                  case \(list(Arguments.valued))
                      set skip 1
                  case '-*'
                  case '*'
                      echo $word
                      return 0
              end
          end
          return 1
      end

      function __configurator_no_command
          not __configurator_command >/dev/null
      end

      function __configurator_using
          set -l command (__configurator_command)
          and contains -- $command $argv
      end

      # The model ids, from the program with the --catalog, --store and --clean on the line.
      function __configurator_models
          set -l words (commandline -opc)
          set -l picked
          for i in (seq 2 (count $words))
              switch $words[$i]
                  case \(list(modelOptions))
                      set -a picked $words[$i] $words[(math $i + 1)]
                  case --clean
                      set -a picked --clean
              end
          end
          $words[1] $picked --format csv models 2>/dev/null | string match -rv '^(model,|$)' | string split -f1 ,
      end

      complete -c configurator -f
      \(lines.joined(separator: "\n"))

      """
  }

  /// Text in single quotes for fish (a quote or backslash escaped).
  private static func quoted(_ text: String) -> String {
    var quoted = "'"
    for character in text {
      if character == "\\" || character == "'" { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "'"
  }
}
