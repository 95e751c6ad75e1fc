#!/bin/sh
# Every reading verb works on a read-only store file in a read-only directory, run as a user
# who cannot write there (as root, the test drops to nobody with setpriv: root ignores modes).
# usage: read_only_store.sh KUEUEGOV FIXTURE
set -u
bin=$1 fixture=$2
dir=$(mktemp -d) || exit 2
trap 'chmod -R u+w "$dir"; rm -rf "$dir"' EXIT
chmod 755 "$dir"
mkdir "$dir/ro"
"$bin" audit ingest --db "$dir/ro/s.db" "$fixture" >/dev/null 2>&1
[ -f "$dir/ro/s.db" ] || { echo "setup: ingest wrote no store"; exit 1; }
chmod 444 "$dir/ro/s.db"
chmod 555 "$dir/ro"
as=""
if [ "$(id -u)" = 0 ]; then
    command -v setpriv >/dev/null || { echo "running as root without setpriv: cannot test as an unprivileged user"; exit 1; }
    as="setpriv --reuid 65534 --regid 65534 --clear-groups"
fi
# The setup must really be read-only for the user running the verbs, or the test proves nothing.
if $as sh -c "touch '$dir/ro/probe' || : >>'$dir/ro/s.db'" 2>/dev/null; then
    echo "setup: the store or its directory is still writable for the test user"; exit 1
fi
# The directory itself and every file in it (name, size, mtime in seconds, mode): not `ls -la`,
# whose ".." line is $dir, which the checks write to, and which shows minutes, so the test
# failed whenever a minute turned between the two listings.
listing() { stat -c '%n %s %Y %a' "$dir/ro" "$dir/ro"/* "$dir/ro"/.[!.]* 2>/dev/null | md5sum; }
before=$(listing)
failures=0
check() {
    want=$1; shift
    $as "$bin" "$@" >"$dir/out" 2>&1
    rc=$?
    if [ "$rc" != "$want" ]; then
        echo "kueuegov $*: exit $rc, expected $want"; cat "$dir/out"; failures=$((failures + 1))
    fi
}
db="$dir/ro/s.db"
check 0 audit verify --db "$db"
check 0 audit head --db "$db"
check 0 audit check --db "$db"
check 0 audit timeline --db "$db" ml/job-train-7f3c2
check 0 report --db "$db" --from 2026-01-01T00:00:00Z --to 2027-01-01T00:00:00Z -o json
check 0 chargeback --db "$db" --from 2026-01-01T00:00:00Z --to 2027-01-01T00:00:00Z
after=$(listing)
[ "$before" = "$after" ] || { echo "the read-only directory changed"; failures=$((failures + 1)); }
echo "read-only store: $failures verbs failed"
[ "$failures" -eq 0 ]
