#!/bin/sh
# chargeback -o focus --out-dir: the partitioned tree cluster=NAME/year=YYYY/month=MM/part-0.csv.gz,
# one gzip part per cluster and month, each a FOCUS CSV with the header; hostile cluster names
# ('/', '..', '%') stay one directory below DIR. Usage: focus_out_dir.sh KUEUEGOV LIFECYCLE.jsonl
set -eu
bin=$1; log=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; find "$tmp" | sort; exit 1; }
db=$tmp/e.db; out=$tmp/tree/focus
"$bin" audit ingest --db "$db" --cluster prod-eu "$log" >/dev/null || [ $? -eq 1 ]  # 1: the log has one bad line, on purpose
"$bin" audit ingest --db "$db" --cluster "../../escape" "$log" >/dev/null || [ $? -eq 1 ]  # 1: the log has one bad line, on purpose
"$bin" audit ingest --db "$db" --cluster "a/b%c" "$log" >/dev/null || [ $? -eq 1 ]  # 1: the log has one bad line, on purpose
"$bin" audit ingest --db "$db" --cluster ".." "$log" >/dev/null || [ $? -eq 1 ]  # 1: the log has one bad line, on purpose
# The period spans two months: two parts per cluster.
"$bin" chargeback --db "$db" --from 2026-09-30T00:00:00Z --to 2026-10-06T00:00:00Z -o focus --out-dir "$out" 2>"$tmp/err" \
  || fail "chargeback exited $?: $(cat "$tmp/err")"
for c in prod-eu ..%2F..%2Fescape a%2Fb%25c %2E%2E; do
  for m in 09 10; do
    f="$out/cluster=$c/year=2026/month=$m/part-0.csv.gz"
    [ -f "$f" ] || fail "missing $f"
    gzip -t "$f" || fail "$f is not gzip"
    gzip -dc "$f" | head -1 | grep -q '^BilledCost,' || fail "$f has no FOCUS header"
  done
done
gzip -dc "$out/cluster=prod-eu/year=2026/month=10/part-0.csv.gz" | grep -q ',prod-eu,' || fail "rows do not carry x_Cluster"
gzip -dc "$out/cluster=a%2Fb%25c/year=2026/month=10/part-0.csv.gz" | grep -q ',a/b%c,' || fail "x_Cluster is not the name"
# Nothing outside DIR, nothing but the 8 parts inside it.
[ "$(find "$tmp" -name '*.gz' | wc -l)" -eq 8 ] || fail "expected 8 parts"
[ -z "$(find "$tmp" -name '*.gz' ! -path "$out/*")" ] || fail "a part escaped DIR"
[ "$(ls "$tmp/tree")" = focus ] || fail "something was written beside DIR"
# The same rows as the single CSV (header once per part).
"$bin" chargeback --db "$db" --from 2026-09-30T00:00:00Z --to 2026-10-06T00:00:00Z -o focus 2>/dev/null | tail -n +2 | sort >"$tmp/flat"
for f in $(find "$out" -name '*.gz' | sort); do gzip -dc "$f" | tail -n +2; done | sort >"$tmp/parts"
cmp -s "$tmp/flat" "$tmp/parts" || fail "the parts do not hold the same rows as the single export"
# --out-dir needs -o focus; and a bad --cluster with -f is refused.
if "$bin" chargeback --db "$db" --from 2026-10-01T00:00:00Z --to 2026-10-06T00:00:00Z --out-dir "$tmp/x" 2>/dev/null; then
  fail "--out-dir without -o focus was accepted"
fi
echo ok
