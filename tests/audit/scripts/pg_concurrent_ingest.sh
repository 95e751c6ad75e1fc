#!/bin/sh
# Ingests at once into one PostgreSQL store, TRIALS times: two of the same file (stored once:
# the second finds it complete), ingests of three clusters (two into the same one), four
# different files (all stored, as one after the other would store them), and four clusters
# side by side with heads recorded meanwhile. Nothing may fail, no row may be stored twice (the totals would differ), and
# the chain must verify; with four clusters, each cluster's chain must be the one ingests one
# after the other give. Counted, not timed.
# usage: pg_concurrent_ingest.sh KUEUEGOV FIXTURE [TRIALS]   (needs KUEUEGOV_TEST_PG_URL)
set -u
bin=$1 fixture=$2 trials=${3:-10}
. "$(dirname "$0")/pg_common.sh"
dir=$(mktemp -d) || exit 2
trap 'pg_cleanup; rm -rf "$dir"' EXIT
for n in 1 2 3 4; do
    sed "s/\"auditID\":\"\([^\"]*\)\"/\"auditID\":\"\1-$n\"/" "$fixture" >"$dir/f$n.jsonl"
done
ref=$(pg_new_db kg_conc_ref)
"$bin" audit ingest --db "$ref" "$dir/f1.jsonl" >/dev/null 2>&1
expected_rc=$?
rows="(SELECT count(*) FROM object_versions) + (SELECT count(*) FROM jobs) + (SELECT count(*) FROM workload_events)
    + (SELECT count(*) FROM workload_assignments) + (SELECT count(*) FROM k8s_events)
    + (SELECT count(*) FROM job_label_changes) + (SELECT count(*) FROM namespaces)"
expected=$(pg_query "$ref" "SELECT count(*), sum(events), sum(kept), sum(bad), $rows FROM sources s JOIN batches b ON b.source_id = s.id")
# Four files one after the other: the rows of their union (derived rows such as a Workload's
# steps share natural keys across files, so they are stored once).
ref4=$(pg_new_db kg_conc_ref4)
for n in 1 2 3 4; do "$bin" audit ingest --db "$ref4" "$dir/f$n.jsonl" >/dev/null 2>&1; done
summary4="SELECT (SELECT count(*) FROM sources WHERE status = 'complete'), (SELECT sum(events) FROM batches),
    (SELECT sum(kept) FROM batches), (SELECT sum(bad) FROM batches), $rows"
expected4=$(pg_query "$ref4" "$summary4")
# Clusters: three clusters at once, two of the ingests into the same cluster (c1), each file
# once per cluster; compared with the same ingests one after the other.
jobs="c1:f1 c2:f2 c3:f1 c1:f3"
refc=$(pg_new_db kg_conc_refc)
for j in $jobs; do "$bin" audit ingest --db "$refc" --cluster "${j%%:*}" "$dir/${j#*:}.jsonl" >/dev/null 2>&1; done
summaryc="SELECT (SELECT string_agg(cluster || '=' || n, ',' ORDER BY cluster) FROM (SELECT cluster, count(*) AS n
    FROM sources WHERE status = 'complete' GROUP BY cluster) c), (SELECT sum(events) FROM batches), $rows"
expectedc=$(pg_query "$refc" "$summaryc")
# Four clusters at once, one ingest each: with a writer lock per cluster they run side by side.
# Compared with the same ingests one after the other; every head `audit head` records while
# they run must still be in the chain afterwards (batches take commit ordinals under the close
# lock: the store head only grows by appending); and each cluster's chain must be the one the
# ingests one after the other give (chain v4 hashes no id, and their rows' and batches' ids
# interleave), at the same fixed time (SOURCE_DATE_EPOCH).
jobs4c="c1:f1 c2:f2 c3:f3 c4:f4"
ref4c=$(pg_new_db kg_conc_ref4c)
for j in $jobs4c; do
    SOURCE_DATE_EPOCH=1767225600 "$bin" audit ingest --db "$ref4c" --cluster "${j%%:*}" --batch-rows 5 \
        "$dir/${j#*:}.jsonl" >/dev/null 2>&1
done
expected4c=$(pg_query "$ref4c" "$summaryc")
"$bin" audit verify --db "$ref4c" | grep -E '^(cluster |chain head)' >"$dir/chains4c"
failures=0 i=0
while [ "$i" -lt "$trials" ]; do
    i=$((i + 1))
    db=$(pg_new_db kg_conc_same)
    "$bin" audit ingest --db "$db" "$dir/f1.jsonl" >"$dir/o1" 2>&1 & p1=$!
    "$bin" audit ingest --db "$db" "$dir/f1.jsonl" >"$dir/o2" 2>&1 & p2=$!
    wait "$p1"; rc1=$?
    wait "$p2"; rc2=$?
    sources=$(pg_query "$db" "SELECT count(*) FROM sources")
    got=$(pg_query "$db" "SELECT count(*), sum(events), sum(kept), sum(bad), $rows FROM sources s JOIN batches b ON b.source_id = s.id")
    dup=$(cat "$dir/o1" "$dir/o2" | grep -c "skipped, already ingested as source 1")
    if [ "$rc1" -gt "$expected_rc" ] || [ "$rc2" -gt "$expected_rc" ] || [ "$sources" != 1 ] ||
       [ "$got" != "$expected" ] || [ "$dup" != 1 ] || ! "$bin" audit verify --db "$db" >"$dir/v" 2>&1; then
        failures=$((failures + 1))
        echo "trial $i (same file twice): rc $rc1/$rc2 (at most $expected_rc), sources $sources," \
             "batches/events/kept/bad/rows $got (expected $expected), duplicate notices $dup"
        cat "$dir/o1" "$dir/o2" "$dir/v"
    fi
    db=$(pg_new_db kg_conc_four)
    pids=""
    for n in 1 2 3 4; do
        "$bin" audit ingest --db "$db" "$dir/f$n.jsonl" >"$dir/o$n" 2>&1 & pids="$pids $!"
    done
    worst=0
    for p in $pids; do wait "$p"; rc=$?; [ "$rc" -gt "$worst" ] && worst=$rc; done
    got=$(pg_query "$db" "$summary4")
    if [ "$worst" -gt "$expected_rc" ] || [ "$got" != "$expected4" ] || ! "$bin" audit verify --db "$db" >"$dir/v" 2>&1; then
        failures=$((failures + 1))
        echo "trial $i (four files): worst rc $worst, complete sources/events/kept/bad/rows $got (expected $expected4)"
        cat "$dir/o1" "$dir/o2" "$dir/o3" "$dir/o4" "$dir/v"
    fi
    db=$(pg_new_db kg_conc_clusters)
    pids="" n=0
    for j in $jobs; do
        n=$((n + 1))
        "$bin" audit ingest --db "$db" --cluster "${j%%:*}" "$dir/${j#*:}.jsonl" >"$dir/o$n" 2>&1 & pids="$pids $!"
    done
    worst=0
    for p in $pids; do wait "$p"; rc=$?; [ "$rc" -gt "$worst" ] && worst=$rc; done
    got=$(pg_query "$db" "$summaryc")
    if [ "$worst" -gt "$expected_rc" ] || [ "$got" != "$expectedc" ] || ! "$bin" audit verify --db "$db" >"$dir/v" 2>&1; then
        failures=$((failures + 1))
        echo "trial $i (clusters): worst rc $worst, sources per cluster/events/rows $got (expected $expectedc)"
        cat "$dir/o1" "$dir/o2" "$dir/o3" "$dir/o4" "$dir/v"
    fi
    db=$(pg_new_db kg_conc_four_clusters)
    pids="" n=0
    for j in $jobs4c; do
        n=$((n + 1))
        SOURCE_DATE_EPOCH=1767225600 "$bin" audit ingest --db "$db" --cluster "${j%%:*}" --batch-rows 5 \
            "$dir/${j#*:}.jsonl" >"$dir/o$n" 2>&1 & pids="$pids $!"
    done
    h=0
    while [ "$h" -lt 6 ]; do  # heads taken while the ingests write (an empty store has none)
        h=$((h + 1))
        "$bin" audit head --db "$db" >"$dir/head$h.json" 2>"$dir/head$h.err" || rm -f "$dir/head$h.json"
    done
    worst=0
    for p in $pids; do wait "$p"; rc=$?; [ "$rc" -gt "$worst" ] && worst=$rc; done
    got=$(pg_query "$db" "$summaryc")
    heads_ok=1
    for f in "$dir"/head*.json; do
        [ -f "$f" ] || continue
        "$bin" audit verify --db "$db" --expect-head "$f" >"$dir/vh" 2>&1 || { heads_ok=0; cat "$f" "$dir/vh"; }
    done
    rm -f "$dir"/head*.json
    verified=1
    "$bin" audit verify --db "$db" >"$dir/v" 2>&1 || verified=0
    same_chains=1
    grep -E '^(cluster |chain head)' "$dir/v" | cmp -s - "$dir/chains4c" || same_chains=0
    interleaved=$(pg_query "$db" "SELECT count(*) FROM batches b WHERE EXISTS (SELECT 1 FROM batches o
        WHERE o.cluster <> b.cluster AND o.id > b.id) AND EXISTS (SELECT 1 FROM batches o WHERE o.cluster <> b.cluster AND o.id < b.id)")
    if [ "$worst" -gt "$expected_rc" ] || [ "$got" != "$expected4c" ] || [ "$heads_ok" != 1 ] || [ "$verified" != 1 ] ||
       [ "$same_chains" != 1 ]; then
        failures=$((failures + 1))
        echo "trial $i (four clusters): worst rc $worst, sources per cluster/events/rows $got (expected $expected4c)," \
             "heads recorded meanwhile still in the chain: $heads_ok, verified: $verified," \
             "each cluster's chain as one after the other: $same_chains ($interleaved batches between other clusters')"
        cat "$dir/o1" "$dir/o2" "$dir/o3" "$dir/o4" "$dir/v" "$dir/chains4c"
    fi
    interleaved_total=$((${interleaved_total:-0} + interleaved))
done
echo "concurrent ingest into PostgreSQL: $trials trials, $failures failed" \
     "(four clusters: $interleaved_total batches committed between other clusters' batches)"
[ "$failures" -eq 0 ]
