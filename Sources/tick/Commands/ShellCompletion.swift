import TickCore

/// Completion scripts for bash, zsh and fish, generated from the commands' option specs.
enum ShellCompletion {
    /// What an option's value completes to.
    enum ValueKind: Equatable {
        case none
        case file
        case group
        case choices([String])
        case free
    }

    /// `command`: the command the option is given to (`--format`'s values are its own).
    static func valueKind(of option: OptionSpec, in command: String = "") -> ValueKind {
        guard let value = option.value else { return .none }
        switch (option.long, value) {
        case (_, "FILE"): return .file
        case (_, "GROUP"), (_, "PARENT"), (_, "OTHER"): return .group
        case ("color", _): return .choices(["auto", "always", "never"])
        case ("due", "WHEN"): return .choices(["today", "tomorrow", "week", "overdue", "soon", "none", "any"])
        case ("due", "DATE"): return .choices(dateWords.filter { $0 != "none" })
        case ("eol", _): return .choices(["lf", "crlf"])
        case ("dates", _): return .choices(["relative", "absolute"])
        case ("sort", _): return .choices(TaskOrder.allCases.map(\.rawValue))
        case ("format", _): return .choices(command == ChangesCommand.name ? ["text", "json", "markdown"] : ["text", "json", "github"])
        case ("priority", _): return .choices(["highest", "high", "medium", "low", "lowest"])
        case ("enable", _), ("disable", _): return .choices(LintRule.allCases.map(\.rawValue))
        default: return .free
        }
    }

    /// Words a command's operands complete to, when they are not paths.
    static func operandWords(_ command: any Command.Type) -> [String]? {
        switch command.name {
        case "completions": return ["bash", "zsh", "fish"]
        case "group": return groupActions
        default: return nil
        }
    }

    /// The commands whose operands are task references: a line number or words of a task's
    /// text, typed, or `FILE:LINE`, for which only Markdown files and folders are offered.
    static let referenceCommands: Set<String> = [DoneCommand.name, ReopenCommand.name, StartCommand.name, CancelCommand.name,
                                                 StarCommand.name, UnstarCommand.name, RemoveCommand.name, ShowCommand.name,
                                                 NoteCommand.name, EditTextCommand.name, MoveCommand.name, DueCommand.name,
                                                 PostponeCommand.name]
    /// What `tick due REF` takes after its reference: dates as people say them.
    static let dateWords = ["today", "tomorrow", "mon", "tue", "wed", "thu", "fri", "sat", "sun", "next-week", "next-month",
                            "eow", "eom", "+1d", "+1w", "+1m", "none"]

    /// `tick group`'s first operand; the operands after it are group names.
    static let groupActions = ["add", "rename", "rm", "move", "color"]
    /// What `tick group color NAME` takes: a colour's name, or none.
    static let colorWords = (GroupColor.names + ["none"]).joined(separator: " ")

    private static func spellings(_ option: OptionSpec) -> [String] {
        (option.short.map { ["-\($0)"] } ?? []) + ["--\(option.long)"]
    }

    /// Every spelling of the options whose value is of `kind`, space-separated.
    private static func spellings(of options: [OptionSpec], taking kind: ValueKind) -> String {
        var words: [String] = []
        for option in options where valueKind(of: option) == kind { words += spellings(option) }
        return words.joined(separator: " ")
    }

    // MARK: bash

    static func bash(_ commands: [any Command.Type]) -> String {
        let names = (commands.map { $0.name } + ["help"]).joined(separator: " ")
        var cases = ""
        for command in commands {
            let options = command.allOptions
            let files = spellings(of: options, taking: .file)
            let groups = spellings(of: options, taking: .group)
            let values = spellings(of: options, taking: .free)
            cases += "        \(command.name))\n"
            cases += "            options='\(options.flatMap(spellings).joined(separator: " "))'\n"
            cases += "            files='\(files)' groups='\(groups)' values='\(values)'\n"
            for option in options {
                if case .choices(let choices) = valueKind(of: option, in: command.name) {
                    cases += "            [[ \" \(spellings(option).joined(separator: " ")) \" == *\" $prev \"* ]] && choices='\(choices.joined(separator: " "))'\n"
                }
            }
            if command.name == "group" {
                // After `color NAME`, the colours.
                cases += "            if ((COMP_CWORD == 2)); then operands='\(groupActions.joined(separator: " "))'\n"
                cases += "            elif ((COMP_CWORD == 4)) && [[ ${COMP_WORDS[2]} == colo*r ]]; then operands='\(colorWords)'\n"
                cases += "            else groupnames=1; fi\n"
            } else if let words = operandWords(command) {
                cases += "            operands='\(words.joined(separator: " "))'\n"
            } else if referenceCommands.contains(command.name) {
                cases += "            references=1\n"
                if command.name == DueCommand.name { cases += "            dates='\(dateWords.joined(separator: " "))'\n" }
            }
            cases += "            ;;\n"
        }
        return """
        # bash completion for tick. Generated by `tick completions bash`; load it with
        #   source <(tick completions bash)
        # or save it as ~/.local/share/bash-completion/completions/tick.

        # The group paths of the file the command line names (-f FILE), else of the nearest TODO.md.
        _tick_groups() {
            local i file=()
            for ((i = 2; i < COMP_CWORD; i++)); do
                case ${COMP_WORDS[i]} in
                    -f | --file) file=(-f "${COMP_WORDS[i + 1]}") ;;
                esac
            done
            tick groups --names "${file[@]}" 2>/dev/null
        }

        # The group paths that start with the word typed (in any case, as -g reads it; read
        # as the shell will read it: `Big\\ Work/`, `'Big Work/`), each as it is: never
        # through `compgen -W`, which expands `$(...)` and backticks in a heading a cloned
        # file holds. A word without a slash also completes a group's own title, when no
        # other group as near the top has it (`-g groc` names Home/Groceries).
        _tick_group_matches() {
            local name word='' rest=$cur c title suffix depth
            local -A titles=() depths=() offered=()
            if [[ $rest == [\\'\\"]* ]]; then
                word=${rest:1}
            else
                while [[ -n $rest ]]; do
                    c=${rest:0:1} rest=${rest:1}
                    if [[ $c == \\\\ ]]; then c=${rest:0:1} rest=${rest:1}; fi
                    word+=$c
                done
            fi
            COMPREPLY=()
            while IFS= read -r name; do
                [[ ${name,,} == "${word,,}"* ]] && COMPREPLY+=("$name") && offered[$name]=1
                # A top group's title read from its first letter or digit, as -g reads it:
                # `wai` offers `⏳ Waiting`.
                if [[ -n $word && -z ${offered[$name]} && $word != */* && $name != */* && $name =~ ^[^[:alnum:]]+(.+)$ ]] \\
                    && [[ ${BASH_REMATCH[1],,} == "${word,,}"* ]]; then
                    COMPREPLY+=("$name") && offered[$name]=1
                fi
                # A subgroup's, by its words, which name it (`waitl` offers `Waitlist` for
                # `Work/🕐 Waitlist`).
                if [[ -n $word && $word != */* && $name == */* && $name != *\\\\/* && ${name##*/} =~ ^[^[:alnum:]]+(.+)$ ]] \\
                    && [[ ${BASH_REMATCH[1],,} == "${word,,}"* && -z ${offered[${BASH_REMATCH[1]}]} ]]; then
                    COMPREPLY+=("${BASH_REMATCH[1]}") && offered[${BASH_REMATCH[1]}]=1
                fi
                # A path typed from below the top (`Big Work/` for TODO/Big Work/...), as -g
                # takes the end of a group's path.
                suffix=$name
                while [[ $word == */* && $suffix == */* && $name != *\\\\/* ]]; do
                    suffix=${suffix#*/}
                    [[ ${suffix,,} == "${word,,}"* && -z ${offered[$suffix]} ]] && COMPREPLY+=("$suffix") && offered[$suffix]=1
                done
                # A title names the group nearest the top that has it, when only one is
                # (`work` names Work, not Done/Work): how deep each is, and how many are there.
                title=${name##*/} depth=${name//[^\\/]/}
                if [[ $word != */* && $name != *\\\\/* && ${title,,} == "${word,,}"* ]]; then
                    if [[ -z ${depths[$title]} ]] || ((${#depth} < ${depths[$title]})); then
                        depths[$title]=${#depth} titles[$title]=1
                    elif ((${#depth} == ${depths[$title]})); then
                        titles[$title]=$((${titles[$title]} + 1))
                    fi
                fi
            done < <(_tick_groups)
            # A title whose group a path offered already is not offered again.
            for title in "${!titles[@]}"; do
                ((${titles[$title]} == 1 && ${depths[$title]} > 0)) || continue
                for name in "${COMPREPLY[@]}"; do [[ $name == "$title" || $name == */"$title" ]] && continue 2; done
                COMPREPLY+=("$title")
            done
        }

        # The words of the space-separated list $1 that start with the word typed, one
        # candidate each (commands, options and option values hold no space).
        _tick_words() {
            local IFS=$' \t\n'
            COMPREPLY=($(compgen -W "$1" -- "$cur"))
        }

        _tick() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
            # `--group=Wo`: bash splits the word at its `=` (a word of its own, which readline
            # leaves in place: what is offered replaces only what follows it).
            if [[ $cur == = ]]; then
                cur=''
            elif [[ $prev == = ]] && ((COMP_CWORD > 2)); then
                prev=${COMP_WORDS[COMP_CWORD - 2]}
            fi
            if ((COMP_CWORD == 1)); then
                _tick_words '\(names)'
                return
            fi
            local options='' files='' groups='' values='' choices='' operands='' groupnames='' references='' dates=''
            case ${COMP_WORDS[1]} in
        \(cases)        help) operands='\(commands.map { $0.name }.joined(separator: " "))' ;;
            esac
            local IFS=$'\\n'
            if [[ -n $choices ]]; then
                _tick_words "$choices"
            elif [[ -n $prev && " $groups " == *" $prev "* ]]; then
                _tick_group_matches
            elif [[ -n $prev && " $files " == *" $prev "* ]]; then
                COMPREPLY=($(compgen -f -- "$cur"))
            elif [[ -n $prev && " $values " == *" $prev "* ]]; then
                COMPREPLY=()
            elif [[ $cur == -* ]]; then
                _tick_words "$options"
            elif [[ -n $operands ]]; then
                _tick_words "$operands"
            elif [[ -n $groupnames ]]; then
                _tick_group_matches
            elif [[ -n $references ]]; then
                # A reference is typed (a line number, words of a task); after one, `due` takes
                # a date. Of files, only Markdown ones and folders, for FILE:LINE.
                COMPREPLY=()
                [[ -n $dates && $prev != -* ]] && ((COMP_CWORD > 2)) && _tick_words "$dates"
                local hidden='.*'
                [[ $cur == .* ]] && hidden=''
                COMPREPLY+=($(compgen -d -X "$hidden" -- "$cur") $(compgen -f -X '!*.md' -- "$cur"))
            else
                COMPREPLY=($(compgen -f -- "$cur"))
            fi
        }
        complete -o filenames -F _tick tick

        """
    }

    // MARK: zsh

    static func zsh(_ commands: [any Command.Type]) -> String {
        func quoted(_ text: String) -> String { "'" + text.replacing("'", with: "'\\''") + "'" }
        func bracketed(_ text: String) -> String {
            text.replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]")
                .replacing(":", with: "\\:")
        }
        let described = commands.map { quoted("\($0.name):\($0.summary.replacing(":", with: "\\:"))") }
        var cases = ""
        for command in commands {
            var specs: [String] = []
            for option in command.allOptions {
                let all = spellings(option)
                let exclusion = all.count > 1 ? "(\(all.joined(separator: " ")))" : ""
                let action: String
                switch valueKind(of: option, in: command.name) {
                case .none: action = ""
                case .file: action = ":\(option.value!.lowercased()):_files"
                case .group: action = ":group:_tick_groups"
                case .choices(let choices): action = ":\(option.value!.lowercased()):(\(choices.joined(separator: " ")))"
                case .free: action = ":\(option.value!.lowercased()): "
                }
                let repeatable = option.long == "enable" || option.long == "disable" || option.long == "file"
                for spelling in all {
                    let suffix = option.value == nil ? "" : (spelling.hasPrefix("--") ? "=" : "+")
                    specs.append(quoted((repeatable ? "*" : exclusion) + spelling + suffix + "[\(bracketed(option.help))]" + action))
                }
            }
            if command.name == "group" {
                specs.append(quoted("1:action:(\(groupActions.joined(separator: " ")))"))
                // After `color NAME`, the colours.
                specs.append(quoted("3:group or colour:{ [[ $line[1] == colo*r ]] && compadd \(colorWords) || _tick_groups }"))
                specs.append(quoted("*:group:_tick_groups"))
            } else if let words = operandWords(command) {
                specs.append(quoted("*:argument:(\(words.joined(separator: " ")))"))
            } else if referenceCommands.contains(command.name) {
                // A reference is typed; of files, only Markdown ones, for FILE:LINE.
                if command.name == DueCommand.name {
                    specs.append(quoted("1:task:_files -g '*.md'"))
                    specs.append(quoted("*:date:(\(dateWords.joined(separator: " ")))"))
                } else {
                    specs.append(quoted("*:task:_files -g '*.md'"))
                }
            } else {
                specs.append(quoted("*:file:_files"))
            }
            cases += "    \(command.name))\n      _arguments -s \\\n        " + specs.joined(separator: " \\\n        ") + " ;;\n"
        }
        return """
        #compdef tick
        # zsh completion for tick. Generated by `tick completions zsh`; save it as _tick in a
        # folder on $fpath, or load it in the current shell with  source <(tick completions zsh)

        # The group paths of the file the command line names (-f FILE), else of the nearest TODO.md.
        _tick_groups() {
          local -a groups file
          local i
          for (( i = 1; i < CURRENT; i++ )); do
            case $words[i] in
              -f|--file) file=(-f $words[i+1]) ;;
            esac
          done
          groups=(${(f)"$(tick groups --names $file 2>/dev/null)"})
          # A title names the group nearest the top that has it, when only one is (`work`
          # names Work, not Done/Work): offered too.
          local -A depth count
          local name title d
          for name in $groups; do
            [[ $name == *\\\\/* ]] && continue
            title=${name##*/} d=${#${name//[^\\/]/}}
            if [[ -z ${depth[$title]} ]] || (( d < ${depth[$title]} )); then depth[$title]=$d count[$title]=1
            elif (( d == ${depth[$title]} )); then count[$title]=$(( ${count[$title]} + 1 )); fi
          done
          for title in ${(k)count}; do
            (( ${count[$title]} == 1 && ${depth[$title]} > 0 )) && (( ! ${groups[(Ie)$title]} )) && groups+=($title)
          done
          # In any case, as -g reads a name.
          compadd -M 'm:{[:lower:][:upper:]}={[:upper:][:lower:]}' -a groups
          # A group's title read from its first letter or digit, as -g reads it: `wai` offers
          # `Waiting` for `⏳ Waiting` (and for `Work/🕐 Waitlist`, `Waitlist`), which names it.
          local -a marked
          if [[ -n $PREFIX && $PREFIX != */* ]]; then
            for name in $groups; do
              title=${name##*/}
              [[ $title =~ '^[^[:alnum:]]+(.+)$' && ${(L)match[1]} == ${(L)PREFIX}* ]] && marked+=($match[1])
            done
            (( $#marked )) && compadd -M 'm:{[:lower:][:upper:]}={[:upper:][:lower:]}' -a marked
          fi
        }

        _tick() {
          local -a commands
          commands=(
            \(described.joined(separator: "\n    "))
          )
          if (( CURRENT == 2 )); then
            _describe -t commands 'tick command' commands
            return
          fi
          local command=$words[2]
          shift words
          (( CURRENT-- ))
          case $command in
        \(cases)    help)
              _describe -t commands 'tick command' commands ;;
          esac
        }

        if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
          _tick "$@"
        else
          compdef _tick tick
        fi

        """
    }

    // MARK: fish

    static func fish(_ commands: [any Command.Type]) -> String {
        func quoted(_ text: String) -> String {
            "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
        }
        var lines: [String] = []
        for command in commands {
            lines.append("complete -c tick -n __tick_needs_command -a \(command.name) -d \(quoted(command.summary))")
        }
        lines.append("complete -c tick -n __tick_needs_command -a help -d 'Show help for a command.'")
        lines.append("complete -c tick -n '__tick_is help' -a \(quoted(commands.map { $0.name }.joined(separator: " ")))")
        for command in commands {
            let condition = "-n '__tick_is \(command.name)'"
            for option in command.allOptions {
                var line = "complete -c tick \(condition)"
                if let short = option.short { line += " -s \(short)" }
                line += " -l \(option.long)"
                switch valueKind(of: option, in: command.name) {
                case .none: break
                case .file: line += " -r -F"
                case .group: line += " -x -a '(__tick_groups)'"
                case .choices(let choices): line += " -x -a \(quoted(choices.joined(separator: " ")))"
                case .free: line += " -x"
                }
                lines.append(line + " -d \(quoted(option.help))")
            }
            if command.name == "group" {
                // The action is the second operand: `tick group rm` is not `tick rm`.
                lines.append("complete -c tick -n '__tick_is group; and test (count (__tick_operands)) -eq 1' -f -a \(quoted(groupActions.joined(separator: " ")))")
                // After `color NAME`, the colours.
                let colorValue = "__tick_is group; and test (count (__tick_operands)) -eq 3; and contains -- (__tick_operands)[2] color colour"
                lines.append("complete -c tick -n '\(colorValue)' -f -a \(quoted(colorWords))")
                lines.append("complete -c tick -n '__tick_is group; and test (count (__tick_operands)) -ge 2; and not begin; \(colorValue); end' -f -a '(__tick_groups)'")
            } else if let words = operandWords(command) {
                lines.append("complete -c tick \(condition) -a \(quoted(words.joined(separator: " ")))")
            } else if referenceCommands.contains(command.name) {
                // A reference is typed; of files, only Markdown ones and folders, for FILE:LINE.
                lines.append("complete -c tick \(condition) -a '(__tick_markdown)'")
                if command.name == DueCommand.name {
                    lines.append("complete -c tick -n '__tick_is due; and test (count (__tick_operands)) -ge 2' -a \(quoted(dateWords.joined(separator: " ")))")
                }
            } else {
                lines.append("complete -c tick \(condition) -F")
            }
        }
        return """
        # fish completion for tick. Generated by `tick completions fish`; save it as
        # ~/.config/fish/completions/tick.fish, or try it with  tick completions fish | source

        # The group paths of the file the command line names (-f FILE), else of the nearest TODO.md.
        function __tick_groups
            set -l tokens (commandline -opc)
            set -l file
            for i in (seq (count $tokens))
                if contains -- $tokens[$i] -f --file; and test $i -lt (count $tokens)
                    set file -f $tokens[(math $i + 1)]
                end
            end
            set -l names (tick groups --names $file 2>/dev/null)
            printf '%s\\n' $names
            # A title names the group nearest the top that has it, when only one is (`work`
            # names Work, not Done/Work): offered too.
            set -l titles; set -l depths; set -l counts
            for name in $names
                string match -q -r -- '\\\\\\\\/' $name; and continue
                set -l title (string split -r -m1 / -- $name)[-1]
                set -l depth (math (count (string split / -- $name)) - 1)
                if set -l i (contains -i -- $title $titles)
                    if test $depth -lt $depths[$i]
                        set depths[$i] $depth; set counts[$i] 1
                    else if test $depth -eq $depths[$i]
                        set counts[$i] (math $counts[$i] + 1)
                    end
                else
                    set -a titles $title; set -a depths $depth; set -a counts 1
                end
            end
            for i in (seq (count $titles))
                if test $counts[$i] -eq 1 -a $depths[$i] -gt 0; and not contains -- $titles[$i] $names
                    echo $titles[$i]
                end
            end
        end

        # The Markdown files and folders that start with the word typed (for FILE:LINE).
        function __tick_markdown
            set -l token (commandline -ct)
            for file in $token*
                if test -d $file
                    echo $file/
                else if string match -q -- '*.md' $file
                    echo $file
                end
            end
        end

        # The words before the cursor that are not options, the command first (`tick group rm`
        # is the command group, whatever words follow it).
        function __tick_operands
            set -l tokens (commandline -opc)
            for token in $tokens[2..-1]
                string match -q -- '-*' $token; or echo $token
            end
        end

        function __tick_needs_command
            test (count (__tick_operands)) -eq 0
        end

        function __tick_is
            set -l operands (__tick_operands)
            test (count $operands) -ge 1; and test "$operands[1]" = "$argv[1]"
        end

        complete -c tick -f
        \(lines.joined(separator: "\n"))

        """
    }
}
