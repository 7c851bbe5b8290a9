extension CompletionScript {
  /// The zsh script: a `#compdef` function, for a folder in `$fpath` or to source after
  /// `compinit`.
  static var zsh: String {
    let valueCases = optionValues.map {
      "      \($0.option)) compadd -- \(list($0.values)); return ;;"
    }
    .joined(separator: "\n")
    return """
      #compdef configurator
      # zsh completion for configurator: configurator --completion zsh
      # Install: configurator --completion zsh > ~/.zfunc/_configurator, with ~/.zfunc in
      # $fpath before compinit (or source it after compinit).

      _configurator_models() {
        local -a ids
        ids=(${(f)"$("$@" --format csv models 2>/dev/null | awk -F, 'NF && $1 != "model" {print $1}')"})
        compadd -a ids
      }

      _configurator() {
        local i=2 command="" at=0 word prev=${words[CURRENT-1]}
        local -a picked actions
        actions=(\(list(stockActions)))
        while (( i < CURRENT )); do
          word=${words[i]}
          case $word in
            \(modelOptions.joined(separator: "|"))) picked+=($word ${words[i+1]}); (( i += 2 )); continue ;;
            --clean) picked+=($word); (( i += 1 )); continue ;;
            \(Arguments.valued.joined(separator: "|"))) (( i += 2 )); continue ;;
            -*) (( i += 1 )); continue ;;
            *) command=$word; at=$i; break ;;
          esac
        done
        if [[ -z $command ]]; then
          case $prev in
            \(fileOptions.joined(separator: "|"))) _files; return ;;
            --currency) compadd -- \(list(currencies)); return ;;
      \(valueCases)
            \(Arguments.valued.joined(separator: "|"))) return ;;
          esac
          if [[ ${words[CURRENT]} == -* ]]; then
            compadd -- \(list(options))
          else
            compadd -- \(list(commands))
          fi
          return
        fi
        local position=$(( CURRENT - at ))
        case $command in
          \(modelCommands.joined(separator: "|")))
            (( position == 1 )) && _configurator_models ${words[1]} $picked ;;
          \(fileCommands.joined(separator: "|"))) (( position == 1 )) && _files ;;
          catalog) if (( position == 1 )); then compadd -- load; else _files; fi ;;
          stock)
            if (( position == 1 )); then compadd -- $actions \(list(currencies))
            elif [[ ${words[at+1]} == load ]]; then _files
            elif (( ! ${actions[(Ie)${words[at+1]}]} )); then compadd -- \(list(currencies)); fi ;;
          sales) compadd -- \(list(currencies)) ;;
          currency|rate) (( position == 1 )) && compadd -- \(list(currencies)) ;;
          rates) (( position == 1 )) && compadd -- reset ;;
          help) (( position == 1 )) && compadd -- \(list(commands)) ;;
        esac
      }

      if [[ $funcstack[1] == _configurator ]]; then
        _configurator "$@"
      else
        compdef _configurator configurator
      fi

      """
  }
}
