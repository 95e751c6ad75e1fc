#!/bin/sh
# The .deb (issue 16 item 5): cpack builds it from the build directory; it is unpacked into a
# temporary root (no root rights, no dpkg database touched) and run from there: the binary,
# the kubectl plugin link, the plugin completion script, the man pages and the completions.
# usage: deb_test.sh BUILD_DIR SOURCE_DIR
set -u
build=$1; src=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; fi; }

(cd "$build" && cpack -G DEB -B "$tmp/out" >"$tmp/cpack.log" 2>&1) || { cat "$tmp/cpack.log"; echo "FAIL: cpack"; exit 1; }
deb=$(ls "$tmp"/out/kueuegov_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { echo "FAIL: no kueuegov_*.deb in $tmp/out"; ls -R "$tmp/out"; exit 1; }
dpkg-deb -x "$deb" "$tmp/root" || { echo "FAIL: dpkg-deb -x"; exit 1; }
r=$tmp/root/usr

check "package names its shared-library dependencies" 'dpkg-deb -f "$deb" Depends | grep -q libfyaml'
check "binary installed" '[ -x "$r/bin/kueuegov" ]'
check "plugin link points at the binary" '[ "$(readlink "$r/bin/kubectl-kueuegov")" = kueuegov ]'
check "plugin completion script installed" '[ -x "$r/bin/kubectl_complete-kueuegov" ]'
check "man pages installed" '[ -f "$r/share/man/man1/kueuegov.1" ] && [ -f "$r/share/man/man7/kueuegov-rules.7" ]'
check "bash completion installed" '[ -s "$r/share/bash-completion/completions/kueuegov" ]'
check "zsh completion installed" '[ -s "$r/share/zsh/vendor-completions/_kueuegov" ]'
check "fish completion installed" '[ -s "$r/share/fish/vendor_completions.d/kueuegov.fish" ]'
check "installed binary runs" '"$r/bin/kueuegov" version | grep -q "^kueuegov "'
check "installed binary inspects the example cluster" \
  '"$r/bin/kueuegov" inspect -f "$src/testdata/examples" -o name | grep -q "clusterqueue.kueue.x-k8s.io/team-nlp"'
check "plugin name runs" '"$r/bin/kubectl-kueuegov" version -o json | grep -q "\"buildDate\""'
check "plugin completion answers" \
  'PATH="$r/bin:$PATH" "$r/bin/kubectl_complete-kueuegov" audit ti | head -1 | grep -q "^timeline"'
check "installed bash completion completes verbs" \
  '[ "$(bash -c ". \"$r/share/bash-completion/completions/kueuegov\"; COMP_WORDS=(\"$r/bin/kueuegov\" insp); COMP_CWORD=1; _kueuegov_complete; echo \"\${COMPREPLY[*]}\"")" = inspect ]'
[ $fail = 0 ] && echo "deb: $(basename "$deb") ok"
exit $fail
