#!/bin/sh
# Two ingests race on one new store, 50 times: neither may fail, the source must be stored
# once (the second finds it complete), and the chain must verify. Counted, not timed.
# usage: concurrent_ingest.sh KUEUEGOV FIXTURE [TRIALS]
set -u
bin=$1 fixture=$2 trials=${3:-50}
dir=$(mktemp -d) || exit 2
trap 'rm -rf "$dir"' EXIT
cp "$fixture" "$dir/a.jsonl"
# The expected result comes from one ingest alone.
"$bin" audit ingest --db "$dir/ref.db" "$dir/a.jsonl" >/dev/null 2>&1
expected_rc=$?
expected=$(sqlite3 "$dir/ref.db" "SELECT count(*), sum(events), sum(kept), sum(bad) FROM sources s JOIN batches b ON b.source_id = s.id")
failures=0
i=0
while [ "$i" -lt "$trials" ]; do
    i=$((i + 1))
    rm -f "$dir/s.db" "$dir/s.db-wal" "$dir/s.db-shm"
    "$bin" audit ingest --db "$dir/s.db" "$dir/a.jsonl" >"$dir/o1" 2>&1 &
    p1=$!
    "$bin" audit ingest --db "$dir/s.db" "$dir/a.jsonl" >"$dir/o2" 2>&1 &
    p2=$!
    wait "$p1"; rc1=$?
    wait "$p2"; rc2=$?
    sources=$(sqlite3 "$dir/s.db" "SELECT count(*) FROM sources")
    got=$(sqlite3 "$dir/s.db" "SELECT count(*), sum(events), sum(kept), sum(bad) FROM sources s JOIN batches b ON b.source_id = s.id")
    dup=$(cat "$dir/o1" "$dir/o2" | grep -c "skipped, already ingested as source 1")
    if [ "$rc1" -gt "$expected_rc" ] || [ "$rc2" -gt "$expected_rc" ] || [ "$sources" != 1 ] ||
       [ "$got" != "$expected" ] || [ "$dup" != 1 ] || ! "$bin" audit verify --db "$dir/s.db" >/dev/null; then
        failures=$((failures + 1))
        echo "trial $i: rc $rc1/$rc2 (at most $expected_rc), sources $sources, batches/events/kept/bad $got" \
             "(expected $expected), duplicate notices $dup"
        cat "$dir/o1" "$dir/o2"
    fi
    # Two different sources into one new store: both stored, nothing fails.
    rm -f "$dir/t.db" "$dir/t.db-wal" "$dir/t.db-shm"
    cp "$dir/a.jsonl" "$dir/b.jsonl"; echo >>"$dir/b.jsonl"
    "$bin" audit ingest --db "$dir/t.db" "$dir/a.jsonl" >"$dir/o1" 2>&1 &
    p1=$!
    "$bin" audit ingest --db "$dir/t.db" "$dir/b.jsonl" >"$dir/o2" 2>&1 &
    p2=$!
    wait "$p1"; rc1=$?
    wait "$p2"; rc2=$?
    sources=$(sqlite3 "$dir/t.db" "SELECT count(*) FROM sources WHERE status = 'complete'")
    if [ "$rc1" -gt "$expected_rc" ] || [ "$rc2" -gt "$expected_rc" ] || [ "$sources" != 2 ]; then
        failures=$((failures + 1))
        echo "trial $i (two sources): rc $rc1/$rc2, complete sources $sources (expected 2)"
        cat "$dir/o1" "$dir/o2"
    fi
done
echo "concurrent ingest: $trials trials, $failures failed"
[ "$failures" -eq 0 ]
