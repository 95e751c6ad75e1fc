# Shared by the PostgreSQL store scripts: a fresh database per trial on the test server
# (KUEUEGOV_TEST_PG_URL, from scripts/pg-test-server), dropped on exit. Sourced, not run.
if [ -z "${KUEUEGOV_TEST_PG_URL:-}" ]; then
    echo "KUEUEGOV_TEST_PG_URL is not set: start a server with scripts/pg-test-server (scripts/test does)"
    exit 1
fi
if ! psql "$KUEUEGOV_TEST_PG_URL" -qAtX -c "SELECT 1" >/dev/null; then
    echo "cannot reach the PostgreSQL test server at $KUEUEGOV_TEST_PG_URL"
    exit 1
fi
PGOPTIONS="-c client_min_messages=warning"; export PGOPTIONS
pg_dbs=""
pg_cleanup() {
    for d in $pg_dbs; do psql "$KUEUEGOV_TEST_PG_URL" -qX -c "DROP DATABASE IF EXISTS $d WITH (FORCE)" >/dev/null 2>&1; done
}
# pg_new_db NAME: creates database NAME (dropping an old one) and prints its URL.
pg_new_db() {
    psql "$KUEUEGOV_TEST_PG_URL" -qX -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS $1 WITH (FORCE)" \
        -c "CREATE DATABASE $1" >/dev/null || exit 1
    case " $pg_dbs " in *" $1 "*) ;; *) pg_dbs="$pg_dbs $1" ;; esac
    head=${KUEUEGOV_TEST_PG_URL%%\?*}
    echo "${head%/*}/$1${KUEUEGOV_TEST_PG_URL#"$head"}"
}
# pg_query URL SQL: one unaligned result row.
pg_query() { psql "$1" -qAtX -F '|' -c "$2"; }
