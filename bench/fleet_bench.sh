#!/usr/bin/env bash
# Issue 15's fleet figures (never a unit test), each printed with its ratio to the budget:
#  5a  ingest into PostgreSQL from 4 parallel processes (4 clusters, the same 50 MB log each)
#      against SQLite from one process: each process's rate / SQLite's rate (budget >= 0.5x);
#  5c  the evidence report for one cluster-month from a store of 10 cluster-months against a
#      store holding only that cluster-month (budget: within 20%, ratio <= 1.2), SQLite and
#      PostgreSQL.
# (5b, chargeback over 10 clusters x 1M intervals, is bench_chargeback 1000000 10.)
# The PostgreSQL server is scripts/pg-test-server's throwaway one (Unix socket, fsync off, as
# SQLite's WAL with synchronous=NORMAL does not sync each commit either). Each store of 5a is
# created by `audit init-db` before the clock starts, as a deployment with roles does (the
# owner creates it, the ingest role fills it): timed, the schema's creation was a second of DDL
# that the other three of the 4 parallel processes waited for, and not part of any ingest rate.
# The server's CPU (its exited backends' user + system time) is printed beside the clients'.
#   bench/fleet_bench.sh BUILD_DIR DATA_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
build=$1 data=$2
bin=$build/kueuegov
mkdir -p "$data"
log=$data/audit-50m.jsonl
if [ ! -f "$log" ]; then
  "$bin" replay --generator testdata/sim/golden/replay-generator/generator.yaml --events "$data/audit-steps.jsonl" >/dev/null
  scripts/gen-audit-log "$data/audit-steps.jsonl" --seed 1 --size 50M -o "$log.part" >/dev/null
  mv "$log.part" "$log"
fi
bytes=$(stat -c %s "$log")
mb() { awk -v b="$bytes" -v s="$1" 'BEGIN { printf "%.1f", b / 1048576 / (s > 0 ? s : 0.01) }'; }
# server_cpu: CPU seconds of the PostgreSQL server's exited backends so far (the postmaster's
# children's user + system time; each ingest's backend exits with its connection).
server_cpu() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($16 + $17) / hz }' "/proc/$(head -1 "$pgdir/data/postmaster.pid")/stat"; }
# timed FILE CMD...: runs CMD, writes "wall user sys" to FILE.
timed() { local f=$1; shift; /usr/bin/time -f "%e %U %S" -o "$f" "$@" >/dev/null; }

pgdir=$(mktemp -d)
trap 'scripts/pg-test-server stop "$pgdir" >/dev/null 2>&1 || true' EXIT
url=$(scripts/pg-test-server start "$pgdir")
# pg_db NAME: a fresh database on the throwaway server, printed as its URL.
pg_db() {
  psql "$url" -qAtX -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1" >/dev/null
  local head=${url%%\?*}
  echo "${head%/*}/$1${url#"$head"}"
}

echo "== fleet 5a: audit ingest of a $(mb 1) MB log: SQLite, 1 process; PostgreSQL, 4 processes in parallel (4 clusters) (budget: >= 0.5x SQLite's rate per process)"
echo "   load before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
rm -f "$data/fleet-sqlite.db" "$data/fleet-sqlite.db-wal" "$data/fleet-sqlite.db-shm"
"$bin" audit init-db --db "$data/fleet-sqlite.db" >/dev/null
timed "$data/.t-sqlite" "$bin" audit ingest --db "$data/fleet-sqlite.db" --cluster c1 "$log"
read -r s_secs s_usr s_sys < "$data/.t-sqlite"
echo "SQLite, 1 process: $(mb "$s_secs") MB/s ($s_secs s wall, $(awk -v u="$s_usr" -v s="$s_sys" 'BEGIN { print u + s }') s CPU)"
db1=$(pg_db kg_fleet_one)
"$bin" audit init-db --db "$db1" >/dev/null
cpu0=$(server_cpu)
timed "$data/.t-pg1" "$bin" audit ingest --db "$db1" --cluster c1 "$log"
read -r p1_secs p1_usr p1_sys < "$data/.t-pg1"
echo "PostgreSQL, 1 process: $(mb "$p1_secs") MB/s ($p1_secs s wall, $(awk -v u="$p1_usr" -v s="$p1_sys" 'BEGIN { print u + s }') s client CPU, $(awk -v a="$cpu0" -v b="$(server_cpu)" 'BEGIN { printf "%.2f", b - a }') s server CPU)"
db4=$(pg_db kg_fleet_four)
"$bin" audit init-db --db "$db4" >/dev/null
cpu0=$(server_cpu)
pids=""
for c in 1 2 3 4; do
  timed "$data/.t-pg4-$c" "$bin" audit ingest --db "$db4" --cluster "c$c" "$log" & pids="$pids $!"
done
for p in $pids; do wait "$p"; done
echo "PostgreSQL, 4 in parallel: $(awk -v a="$cpu0" -v b="$(server_cpu)" 'BEGIN { printf "%.2f", b - a }') s server CPU for the 4"
worst=0
for c in 1 2 3 4; do
  read -r secs usr sys < "$data/.t-pg4-$c"
  echo "PostgreSQL, 4 in parallel, cluster c$c: $(mb "$secs") MB/s ($secs s wall, $(awk -v u="$usr" -v s="$sys" 'BEGIN { print u + s }') s client CPU)"
  worst=$(awk -v a="$worst" -v b="$secs" 'BEGIN { print (b > a ? b : a) }')
done
awk -v s="$s_secs" -v w="$worst" 'BEGIN { printf "  slowest of the 4 PostgreSQL processes: %.2fx SQLite'"'"'s single-process rate (budget >= 0.5x)\n", s / w }'
echo "   load after: $(cut -d' ' -f1-3 /proc/loadavg)"
"$bin" audit verify --db "$db4" >/dev/null || echo "  (the 4-cluster store does not verify!)"

echo
echo "== fleet 5c: report for one cluster-month from a store of 10 cluster-months vs one holding only it (budget: within 20%, <= 1.2x)"
# The generated log covers a few days of January 2026: cluster c1's January is the month reported.
# report_time BIN DB: wall seconds of the report, best of 7 (the figure is a ratio of two 0.1-0.3 s
# runs: /usr/bin/time's 10 ms steps and one slow run moved it by 10-40%, so it is timed here with
# a microsecond clock and the best run kept).
report_time() {
  python3 - "$@" <<'PY'
import subprocess, sys, time
cmd = [sys.argv[1], "report", "--db", sys.argv[2], "--cluster", "c1", "--from", "2026-01-01T00:00:00Z",
       "--to", "2026-02-01T00:00:00Z", "-o", "json", "--generated-at", "2026-03-01T00:00:00Z"]
best = None
for _ in range(7):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    t = time.perf_counter() - t
    best = t if best is None or t < best else best
print(f"{best:.4f}")
PY
}
for backend in sqlite postgres; do
  if [ $backend = sqlite ]; then
    one=$data/fleet-one-month.db ten=$data/fleet-ten.db
    rm -f "$one" "$one"-wal "$one"-shm "$ten" "$ten"-wal "$ten"-shm
  else
    one=$(pg_db kg_fleet_month) ten=$(pg_db kg_fleet_ten)
  fi
  "$bin" audit ingest --db "$one" --cluster c1 "$log" >/dev/null
  # 10 cluster-months: January of c1 .. c10.
  for c in 1 2 3 4 5 6 7 8 9 10; do "$bin" audit ingest --db "$ten" --cluster "c$c" "$log" >/dev/null; done
  t_one=$(report_time "$bin" "$one")
  t_ten=$(report_time "$bin" "$ten")
  awk -v b="$backend" -v o="$t_one" -v t="$t_ten" 'BEGIN { printf "%s: report c1 January from 1 cluster-month %.3f s, from 10 cluster-months %.3f s: %.2fx (budget <= 1.2x)\n", b, o, t, t / (o > 0 ? o : 0.01) }'
done
