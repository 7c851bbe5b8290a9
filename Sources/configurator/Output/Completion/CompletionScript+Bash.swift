extension CompletionScript {
  /// The bash script: one function, `_configurator`, given to `complete -F`.
  static var bash: String {
    let valueCases = optionValues.map { "    \($0.option)) words=\"\(list($0.values))\" ;;" }
      .joined(separator: "\n")
    return """
      # bash completion for configurator: configurator --completion bash
      # Install: configurator --completion bash > ~/.local/share/bash-completion/completions/configurator
      # (or source it from ~/.bashrc).

      _configurator_models() {
        local program="$1"; shift
        "$program" "$@" --format csv models 2>/dev/null | while IFS=, read -r id rest; do
          [[ -n $id && $id != model ]] && printf '%s\\n' "$id"
        done
      }

      _configurator() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
        local i=1 command="" at=0 words="" word
        local -a picked=()
        # The options before the command word, and the command word.
        while (( i < COMP_CWORD )); do
          word="${COMP_WORDS[i]}"
          case "$word" in
            \(modelOptions.joined(separator: "|")))
              picked+=("$word" "${COMP_WORDS[i+1]}"); (( i += 2 )); continue ;;
            --clean) picked+=("$word"); (( i += 1 )); continue ;;
            \(valuedPattern)) (( i += 2 )); continue ;;
            -*) (( i += 1 )); continue ;;
            *) command="$word"; at=$i; break ;;
          esac
        done
        COMPREPLY=()
        if [[ -z $command ]]; then
          case "$prev" in
            \(fileOptions.joined(separator: "|")))
              COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --currency) COMPREPLY=($(compgen -W "\(list(currencies))" -- "$cur")); return ;;
            \(optionValues.map(\.option).joined(separator: "|")))
              case "$prev" in
      \(valueCases.indented(by: 6))
              esac
              COMPREPLY=($(compgen -W "$words" -- "$cur")); return ;;
            \(valuedPattern)) return ;;
          esac
          if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "\(list(options))" -- "$cur"))
          else
            COMPREPLY=($(compgen -W "\(list(commands))" -- "$cur"))
          fi
          return
        fi
        local position=$(( COMP_CWORD - at ))
        case "$command" in
          \(modelCommands.joined(separator: "|")))
            (( position == 1 )) && COMPREPLY=($(compgen -W "$(_configurator_models "${COMP_WORDS[0]}" "${picked[@]}")" -- "$cur"))
            return ;;
          \(fileCommands.joined(separator: "|")))
            (( position == 1 )) && COMPREPLY=($(compgen -f -- "$cur"))
            return ;;
          catalog)
            if (( position == 1 )); then COMPREPLY=($(compgen -W "load" -- "$cur"));
            else COMPREPLY=($(compgen -f -- "$cur")); fi
            return ;;
        esac
        local actions=" \(list(stockActions)) "
        case "$command" in
          stock)
            if (( position == 1 )); then words="${actions} \(list(currencies))"
            elif [[ ${COMP_WORDS[at+1]} == load ]]; then COMPREPLY=($(compgen -f -- "$cur")); return
            elif [[ $actions != *" ${COMP_WORDS[at+1]} "* ]]; then words="\(list(currencies))"; fi ;;
          sales) words="\(list(currencies))" ;;
          currency|rate) (( position == 1 )) && words="\(list(currencies))" ;;
          rates) (( position == 1 )) && words="reset" ;;
          help) (( position == 1 )) && words="\(list(commands))" ;;
        esac
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
      }

      complete -F _configurator configurator

      """
  }

  /// The options that take a value, as a `case` pattern.
  private static var valuedPattern: String { Arguments.valued.joined(separator: "|") }
}

extension String {
  /// Every line but empty ones indented by `count` more spaces.
  func indented(by count: Int) -> String {
    let margin = String(repeating: " ", count: count)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
  }
}
