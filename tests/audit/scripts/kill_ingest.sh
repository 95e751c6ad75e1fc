#!/bin/sh
# kill -9 during ingest, TRIALS times at different points: after each kill the store must
# verify intact, and finishing the ingest must give exactly the rows and counts of one
# uninterrupted ingest. The kill points vary; the outcome may not depend on them.
# usage: kill_ingest.sh KUEUEGOV LOG [TRIALS]   (LOG is copied 200 times with distinct auditIDs)
set -u
bin=$1 log=$2 trials=${3:-20}
dir=$(mktemp -d) || exit 2
trap 'rm -rf "$dir"' EXIT
n=0
while [ "$n" -lt 200 ]; do
    n=$((n + 1))
    sed "s/\"auditID\":\"\([^\"]*\)\"/\"auditID\":\"\1-$n\"/" "$log" >>"$dir/a.jsonl"
done
"$bin" audit ingest --db "$dir/ref.db" --batch-rows 20 "$dir/a.jsonl" >/dev/null 2>&1
totals() {
    sqlite3 "$1" "SELECT (SELECT count(*) FROM sources WHERE status = 'complete'),
        (SELECT sum(events) FROM batches), (SELECT sum(kept) FROM batches), (SELECT sum(bad) FROM batches),
        (SELECT count(*) FROM object_versions) + (SELECT count(*) FROM jobs) + (SELECT count(*) FROM workload_events)
        + (SELECT count(*) FROM workload_assignments) + (SELECT count(*) FROM k8s_events)
        + (SELECT count(*) FROM job_label_changes) + (SELECT count(*) FROM namespaces)"
}
expected=$(totals "$dir/ref.db")
failures=0 killed=0 empty=0 i=0
while [ "$i" -lt "$trials" ]; do
    i=$((i + 1))
    rm -f "$dir/s.db" "$dir/s.db-wal" "$dir/s.db-shm"
    # Kill 1..3 times per trial, 5 to 185 ms after the start (spread over the trials).
    k=0
    while [ "$k" -lt $((i % 3 + 1)) ]; do
        k=$((k + 1))
        "$bin" audit ingest --db "$dir/s.db" --batch-rows 20 "$dir/a.jsonl" >/dev/null 2>&1 &
        pid=$!
        sleep "$(awk -v i="$i" -v k="$k" 'BEGIN { printf "%.3f", 0.005 + ((i * 37 + k * 11) % 100) / 550 }')"
        if kill -9 "$pid" 2>/dev/null; then killed=$((killed + 1)); fi
        wait "$pid" 2>/dev/null
        # Killed before the schema's first commit, the store has no tables: nothing was
        # committed, and verify says so (exit 2). Anything else must verify.
        if [ -f "$dir/s.db" ] && ! "$bin" audit verify --db "$dir/s.db" >"$dir/v" 2>&1; then
            if grep -q "not yet an evidence store" "$dir/v"; then
                empty=$((empty + 1))
            else
                failures=$((failures + 1)); echo "trial $i kill $k: store does not verify"; cat "$dir/v"
            fi
        fi
    done
    "$bin" audit ingest --db "$dir/s.db" --batch-rows 20 "$dir/a.jsonl" >/dev/null 2>&1
    got=$(totals "$dir/s.db")
    if [ "$got" != "$expected" ] || ! "$bin" audit verify --db "$dir/s.db" >/dev/null 2>&1; then
        failures=$((failures + 1)); echo "trial $i: after completing, totals $got, expected $expected"
    fi
done
echo "kill -9 during ingest: $trials trials, $killed processes killed mid-run ($empty before the schema's" \
     "first commit), $failures failed"
[ "$failures" -eq 0 ] && [ "$killed" -gt 0 ]
