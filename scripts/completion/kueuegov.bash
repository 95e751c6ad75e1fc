# bash completion for kueuegov (and kubectl-kueuegov). Verbs and flags are read
# from the binary's own --help, so the completion never falls out of date.
_kueuegov_verbs() {
  "$1" --help 2>/dev/null | awk '/^Subcommands:/{s=1;next} s&&/^  [a-z]/{print $1}'
}
_kueuegov_flags() {
  "$1" "$2" --help 2>/dev/null | grep -oE '(^|[ ,])--?[a-zA-Z][a-zA-Z0-9-]*' | tr -d ' ,' | sort -u
}
_kueuegov() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} bin=${COMP_WORDS[0]}
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "$(_kueuegov_verbs "$bin") --help --version" -- "$cur"))
    return
  fi
  case "$prev" in
    -f|--filename|--policy|--kueue-config|--baseline|--db|--prices|--trace|--generator)
      COMPREPLY=($(compgen -f -- "$cur")); return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(_kueuegov_flags "$bin" "${COMP_WORDS[1]}")" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _kueuegov kueuegov kubectl-kueuegov
