// Completion shims for bash, zsh and fish. They pass the words before the cursor and the word
// at it to `__complete`, read the candidates (value, a tab, a description) and the final
// `:DIRECTIVE` line, and fall back to file names unless the directive's bit 4 forbids it.
#include "cli/completion/scripts.h"

namespace kg::cli {

namespace {

constexpr std::string_view k_bash = R"BASH(# bash completion for kueuegov and kubectl-kueuegov, from `kueuegov completion bash`.
# Candidates come from the binary (`kueuegov __complete WORDS... CURRENT`), so verbs, flags
# and -o values always match the installed version. Source it, or install it as
# /usr/share/bash-completion/completions/kueuegov.
_kueuegov_complete() {
    local bin=${COMP_WORDS[0]} bash_cur=${COMP_WORDS[COMP_CWORD]}
    local out line directive=0 i cur
    local -a words=()
    COMPREPLY=()
    # bash cuts `--output=json` at the '=' (COMP_WORDBREAKS): the binary gets the words as typed.
    for ((i = 1; i <= COMP_CWORD; i++)); do
        if (( ${#words[@]} )) && [[ ${COMP_WORDS[i]} == "=" || ${COMP_WORDS[i-1]} == "=" ]]; then
            words[${#words[@]}-1]+=${COMP_WORDS[i]}
        else
            words+=("${COMP_WORDS[i]}")
        fi
    done
    cur=${words[${#words[@]}-1]}
    out=$("$bin" __complete "${words[@]:0:${#words[@]}-1}" "$cur" 2>/dev/null) || return 0
    while IFS= read -r line; do
        case $line in
            :[0-9]*) directive=${line#:} ;;
            ?*) line=${line%%$'\t'*}
                # bash replaces only its own word: what follows the '=', or the '=' itself.
                if [[ $bash_cur == "=" ]]; then line="=${line#*=}"
                elif [[ $bash_cur != "$cur" ]]; then line=${line#*=}
                fi
                COMPREPLY+=("$line") ;;
        esac
    done <<< "$out"
    if (( directive & 2 )); then compopt -o nospace 2>/dev/null; fi
    if (( ${#COMPREPLY[@]} == 0 && (directive & 4) == 0 )); then
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
    return 0
}
complete -F _kueuegov_complete kueuegov kubectl-kueuegov
)BASH";

constexpr std::string_view k_zsh = R"ZSH(#compdef kueuegov kubectl-kueuegov
# zsh completion for kueuegov, from `kueuegov completion zsh`. Candidates come from the
# binary (`kueuegov __complete WORDS... CURRENT`). Put it in a directory of $fpath as
# _kueuegov, or source it after compinit.
_kueuegov() {
    local -a lines comps
    local line directive=0 value desc
    lines=("${(@f)$(${words[1]} __complete "${(@)words[2,CURRENT-1]}" "${words[CURRENT]}" 2>/dev/null)}")
    for line in $lines; do
        if [[ $line == :<-> ]]; then
            directive=${line#:}
            continue
        fi
        [[ -z $line ]] && continue
        value=${line%%$'\t'*}
        desc=${line#*$'\t'}
        [[ $desc == $line ]] && desc=""
        comps+=("${value//:/\\:}${desc:+:$desc}")
    done
    if (( ${#comps} )); then
        _describe -t values 'kueuegov' comps
    elif (( (directive & 4) == 0 )); then
        _files
    fi
}
if [[ $funcstack[1] == _kueuegov ]]; then
    _kueuegov "$@"
else
    compdef _kueuegov kueuegov kubectl-kueuegov
fi
)ZSH";

constexpr std::string_view k_fish = R"FISH(# fish completion for kueuegov, from `kueuegov completion fish`. Candidates come from the
# binary (`kueuegov __complete WORDS... CURRENT`). Save it as
# ~/.config/fish/completions/kueuegov.fish.
function __kueuegov_complete
    set -l args (commandline -opc)
    set -l cur (commandline -ct)
    set -l bin $args[1]
    set -e args[1]
    set -l out ($bin __complete $args $cur 2>/dev/null)
    or return
    set -l directive (string replace ':' '' -- $out[-1])
    set -e out[-1]
    for line in $out
        echo $line
    end
    if test (count $out) -eq 0; and test (math "bitand($directive, 4)") -eq 0
        __fish_complete_path $cur
    end
end
complete -c kueuegov -f -a '(__kueuegov_complete)'
complete -c kubectl-kueuegov -f -a '(__kueuegov_complete)'
)FISH";

}  // namespace

std::string_view completion_script(std::string_view shell) {
    if (shell == "bash") return k_bash;
    if (shell == "zsh") return k_zsh;
    if (shell == "fish") return k_fish;
    return {};
}

}  // namespace kg::cli
