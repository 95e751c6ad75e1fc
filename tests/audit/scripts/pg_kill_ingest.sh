#!/bin/sh
# kill -9 during ingest into a PostgreSQL store, TRIALS times at different points: after each
# kill the store verifies intact (the server rolled back the open transaction and released the
# writer lock), and finishing the ingest gives exactly the rows and counts of one uninterrupted
# ingest, without duplicates.
# usage: pg_kill_ingest.sh KUEUEGOV LOG [TRIALS]   (needs KUEUEGOV_TEST_PG_URL)
set -u
bin=$1 log=$2 trials=${3:-8}
. "$(dirname "$0")/pg_common.sh"
dir=$(mktemp -d) || exit 2
trap 'pg_cleanup; rm -rf "$dir"' EXIT
n=0
while [ "$n" -lt 200 ]; do
    n=$((n + 1))
    sed "s/\"auditID\":\"\([^\"]*\)\"/\"auditID\":\"\1-$n\"/" "$log" >>"$dir/a.jsonl"
done
totals() {
    pg_query "$1" "SELECT (SELECT count(*) FROM sources WHERE status = 'complete'),
        (SELECT sum(events) FROM batches), (SELECT sum(kept) FROM batches), (SELECT sum(bad) FROM batches),
        (SELECT count(*) FROM object_versions) + (SELECT count(*) FROM jobs) + (SELECT count(*) FROM workload_events)
        + (SELECT count(*) FROM workload_assignments) + (SELECT count(*) FROM k8s_events)
        + (SELECT count(*) FROM job_label_changes) + (SELECT count(*) FROM namespaces),
        (SELECT count(*) - count(DISTINCT nkey) FROM workload_events)"
}
ref=$(pg_new_db kg_kill_ref)
"$bin" audit ingest --db "$ref" --batch-rows 20 "$dir/a.jsonl" >/dev/null 2>&1
expected=$(totals "$ref")
failures=0 killed=0 i=0
while [ "$i" -lt "$trials" ]; do
    i=$((i + 1))
    db=$(pg_new_db kg_kill)
    k=0
    while [ "$k" -lt $((i % 3 + 1)) ]; do
        k=$((k + 1))
        "$bin" audit ingest --db "$db" --batch-rows 20 "$dir/a.jsonl" >/dev/null 2>&1 &
        pid=$!
        sleep "$(awk -v i="$i" -v k="$k" 'BEGIN { printf "%.3f", 0.05 + ((i * 37 + k * 11) % 100) / 200 }')"
        if kill -9 "$pid" 2>/dev/null; then killed=$((killed + 1)); fi
        wait "$pid" 2>/dev/null
        # Killed before the schema's commit, the database is still empty (verify says so, exit 2).
        if ! "$bin" audit verify --db "$db" >"$dir/v" 2>&1 && ! grep -q "not yet an evidence store" "$dir/v"; then
            failures=$((failures + 1)); echo "trial $i kill $k: store does not verify"; cat "$dir/v"
        fi
    done
    "$bin" audit ingest --db "$db" --batch-rows 20 "$dir/a.jsonl" >/dev/null 2>&1
    got=$(totals "$db")
    if [ "$got" != "$expected" ] || ! "$bin" audit verify --db "$db" >"$dir/v" 2>&1; then
        failures=$((failures + 1)); echo "trial $i: after completing, totals $got, expected $expected"; cat "$dir/v"
    fi
done
echo "kill -9 during ingest into PostgreSQL: $trials trials, $killed processes killed mid-run, $failures failed"
[ "$failures" -eq 0 ] && [ "$killed" -gt 0 ]
