#!/usr/bin/env zsh
# Drives zsh's real completion system on a command line and prints the matches it would offer,
# one per line: an interactive `zsh -f -i` in a zpty loads compinit and the script of
# `kueuegov completion zsh`, the line is typed with a TAB, and compadd (the builtin every
# completion function ends in) is wrapped to print what it adds. Used by completion_test.cpp.
#   usage: zsh_complete.zsh SCRIPT 'kueuegov audit '
#   exit:  0 matches printed (maybe none); 2 the shell did not answer
zmodload zsh/zpty || exit 3
local script=$1 typed=$2 rc=2
local init=$(mktemp /tmp/kg-zsh-init-XXXXXX)
# The inner shell's setup, as a file it sources (a quoted one-liner would fight the pty's echo).
cat > $init <<INIT
PROMPT='' RPROMPT='' PS2=''
autoload -Uz compinit && compinit -u -D
source ${(q)script}
# TAB completes; Enter never runs the half-typed line.
bindkey '^I' complete-word
bindkey '^M' undefined
bindkey '^J' undefined
zstyle ':completion:*' insert-tab false
zstyle ':completion:*' list-grouped false
# A NUL-terminated marker before and after the matches frames them in the pty output.
kg_mark() { print -rn -- \$'\\n<<kg-mark>>\\0\\n' }
compprefuncs=(kg_mark)
comppostfuncs=(kg_mark exit)
compadd() {
    # Calls that only ask for the matching (-O/-A/-D) go through untouched.
    if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
        builtin compadd "\$@"
        return
    fi
    local -a kg_hits
    builtin compadd -O kg_hits "\$@"
    local h
    for h in \$kg_hits; do print -r -- "<<kg-hit>>\$h"; done
}
print -r -- '<<kg-ready>>'
INIT
zpty kgz zsh -f -i
zpty -w kgz "source ${(q)init}"
local line
repeat 20; do
    zpty -r -t kgz line || sleep 0.2
    [[ $line == *'<<kg-ready>>'* && $line != *print* ]] && break
done
zpty -w -n kgz "$typed"$'\t'
local marks=0
while zpty -r kgz line; do
    [[ $line == *'<<kg-mark>>'* ]] && (( ++marks ))
    if [[ $line == '<<kg-hit>>'* ]]; then
        line=${line//[$'\r\n']/}  # zpty -r keeps the pty's line end
        print -r -- ${line#'<<kg-hit>>'}
    fi
    (( marks >= 2 )) && { rc=0; break }
done
zpty -d kgz
rm -f $init
exit $rc
