#!/bin/sh
# The PostgreSQL server of a plain `ctest` run (CTest fixture `postgres`, tests/CMakeLists.txt).
# scripts/test starts one server for its whole run and exports KUEUEGOV_TEST_PG_URL; then this
# does nothing. Otherwise `start` starts a throwaway server in DIR (stopping a stale one left by
# an interrupted run first) and `stop` stops it. A server that cannot start fails the fixture,
# and CTest then fails every test that needs it: they are never skipped.
#   pg_fixture.sh start|stop DIR
#   pg_fixture.sh run DIR COMMAND...   runs COMMAND with KUEUEGOV_TEST_PG_URL set
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cmd=$1; dir=$2; shift 2
case "$cmd" in
  start)
    [ -n "${KUEUEGOV_TEST_PG_URL:-}" ] && exit 0
    "$root/scripts/pg-test-server" stop "$dir"
    "$root/scripts/pg-test-server" start "$dir" ;;
  stop)
    [ -n "${KUEUEGOV_TEST_PG_URL:-}" ] && exit 0
    "$root/scripts/pg-test-server" stop "$dir" ;;
  run)
    if [ -z "${KUEUEGOV_TEST_PG_URL:-}" ]; then
      KUEUEGOV_TEST_PG_URL=$("$root/scripts/pg-test-server" url "$dir")
      export KUEUEGOV_TEST_PG_URL
    fi
    exec "$@" ;;
  *) echo "usage: $0 start|stop|run DIR [COMMAND...]" >&2; exit 2 ;;
esac
