// Migration 8 of the evidence store: on PostgreSQL, the evidence tables that grow with the log
// are partitioned by cluster and month (issue 15), so a query over one cluster reads only that
// cluster's partitions and, with a time bound, only the months it covers.
//
// Which tables: object_versions, workload_events, workload_assignments and k8s_events (rows per
// audit event). jobs (one row per Job, and its time, created_ts_us, may be NULL: a range
// partition cannot hold NULL), job_label_changes and namespaces are small and stay whole.
//
// One RANGE over (cluster, time) with month-aligned bounds, not LIST(cluster) then RANGE(month):
// a partition is one (cluster, month), created by one CREATE TABLE and one ATTACH; two levels
// would need a cluster partition created (and locked) before its months. Pruning is the same:
// `cluster = ?` alone keeps that cluster's partitions (a prefix of the key), `cluster = ? AND
// ts_us < ?` its months up to the bound.
//
// The month is not a column: the partition bound is the month of the row's own time column
// (ts_us; reserved_ts_us for assignments), so no column is added. A new column would change
// `SELECT *` of every stored row, which the chain hashes (chain.cpp), and PostgreSQL refuses a
// generated column as a partition key. The unique key must hold the partition key, so
// UNIQUE(cluster, nkey) becomes UNIQUE(cluster, nkey, <time>). Idempotency stays exact because
// the writer decides what is new, not the constraint: RowBuffer::stored_keys asks for
// `cluster = ? AND nkey IN (...)` over all of the cluster's partitions (the unique index's
// prefix in each) before inserting. Per table, the same natural key carries the same time:
//   workload_assignments  nkey holds the reservation time (lastTransitionTime, else the event's)
//                         that reserved_ts_us is;
//   k8s_events            nkey holds the Event's time string that ts_us is parsed from;
//   object_versions       audit rows: nkey holds the audit ID and stage, whose time is fixed;
//                         export snapshots: nkey is the object's uid:resourceVersion (or content
//                         hash) and ts_us the export's time, so two exports of an unchanged
//                         object have one key and two times (possibly two months);
//   workload_events       audit rows: nkey holds the audit ID; `wl:NS/NAME:created` comes from
//                         an audit create (its time) or an export (creationTimestamp), a few
//                         milliseconds apart, which a month boundary can separate.
// For the last two cases the database's constraint alone would take the second copy (another
// month); the writer's probe does not, as before, under the cluster's batch lock.
//
// Partitions are created on demand without giving the ingest role DDL: the function
// kueuegov_add_partitions(cluster, ts_us), SECURITY DEFINER (it runs as the store's owner, with
// a pinned search_path), creates the (cluster, month) partition of each of the four tables if
// missing. EXECUTE is revoked from PUBLIC; `audit init-db --roles` grants it to the ingest role.
// It CREATEs each partition apart and ATTACHes it: ATTACH takes SHARE UPDATE EXCLUSIVE on the
// parent, which concurrent ingests' inserts (ROW EXCLUSIVE) do not wait for, where CREATE TABLE
// ... PARTITION OF takes ACCESS EXCLUSIVE. The four parents are locked in one fixed order, so
// two ingests adding partitions wait for each other instead of deadlocking. For the same reason
// the partitioned tables have no FOREIGN KEY to batch_rows: attaching a partition would clone it
// and take SHARE ROW EXCLUSIVE on batch_rows, which every open batch holds ROW EXCLUSIVE on (two
// ingests each adding a partition would deadlock). `audit verify` reports rows of no batch.
//
// An existing store is migrated in place: each table is renamed, its partitioned successor
// created LIKE it (columns in the same order, defaults, NOT NULL and CHECK constraints, and any
// sequence owned by its id moves over), its lookup indexes re-created from their definitions,
// the partitions of every (cluster, month) it holds created, the rows copied in id order, and
// the old table dropped. The views over these tables (PostgreSQL binds a view to a table's oid)
// are dropped first and created again from their own definitions. Each re-created table and view
// gets exactly the privileges of the one it replaces (not the schema's default privileges), and
// a role that could insert into the old tables (an ingest role) may call the partition function.
#include "audit/store/schema_partitions.h"

#include "audit/store/connection.h"
#include "model/time.h"

#include <set>

namespace kg::audit::store {

const PartitionedTable k_partitioned_tables[4] = {
    {"object_versions", "ts_us"},
    {"workload_events", "ts_us"},
    {"workload_assignments", "reserved_ts_us"},
    {"k8s_events", "ts_us"},
};

namespace {

// {S} is the store's schema, quoted. The month of a time is computed in exact arithmetic:
// floor division of the microseconds (numeric), then the UTC calendar.
constexpr const char* k_function = R"sql(
CREATE FUNCTION {S}.kueuegov_add_partitions(p_cluster text, p_ts_us bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {S}, pg_temp AS $fn$
DECLARE
  tabs text[] := ARRAY['object_versions', 'workload_events', 'workload_assignments', 'k8s_events'];
  m timestamp;
  lo bigint;
  hi bigint;
  tag text;
  t text;
  missing boolean := false;
BEGIN
  IF p_cluster IS NULL OR p_ts_us IS NULL THEN
    RAISE EXCEPTION 'kueuegov_add_partitions: expected a cluster and a time, got NULL';
  END IF;
  m := date_trunc('month', to_timestamp(floor(p_ts_us::numeric / 1000000)::double precision) AT TIME ZONE 'UTC');
  lo := extract(epoch FROM m)::bigint * 1000000;
  hi := extract(epoch FROM m + interval '1 month')::bigint * 1000000;
  -- A partition's name: the table, the cluster (itself when short and plain, else 16 hex digits
  -- of its MD5), the month. 'c_' and 'h_' keep the two forms apart.
  tag := CASE WHEN p_cluster ~ '^[a-z0-9_]{1,30}$' THEN 'c_' || p_cluster ELSE 'h_' || left(md5(p_cluster), 16) END
         || '_' || to_char(m, 'YYYYMM');
  FOREACH t IN ARRAY tabs LOOP
    IF to_regclass(quote_ident(t || '_' || tag)) IS NULL THEN missing := true; END IF;
  END LOOP;
  IF NOT missing THEN RETURN; END IF;
  -- Another ingest may be adding the same partitions: the lock waits for its commit, and the
  -- check below then finds them.
  LOCK TABLE object_versions, workload_events, workload_assignments, k8s_events IN SHARE UPDATE EXCLUSIVE MODE;
  FOREACH t IN ARRAY tabs LOOP
    IF to_regclass(quote_ident(t || '_' || tag)) IS NULL THEN
      EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', t || '_' || tag, t);
      EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L, %s) TO (%L, %s)',
                     t, t || '_' || tag, p_cluster, lo, p_cluster, hi);
    END IF;
  END LOOP;
END
$fn$;
)sql";

constexpr const char* k_migrate = R"sql(
DO $mig$
DECLARE
  tabs text[] := ARRAY['object_versions', 'workload_events', 'workload_assignments', 'k8s_events'];
  cols text[] := ARRAY['ts_us', 'ts_us', 'reserved_ts_us', 'ts_us'];
  view_names text[] := '{}';
  view_defs text[] := '{}';
  -- The privileges of each relation the migration re-creates (its relacl as text, NULL for
  -- the owner's alone), given back to its successor at the end.
  acl_names text[] := '{}';
  acl_values text[] := '{}';
  ingest_acl text;
  owner oid;
  idx text[];
  d text;
  r record;
  i int;
BEGIN
  FOR r IN SELECT DISTINCT v.oid, v.relname, pg_get_viewdef(v.oid) AS def
      FROM pg_rewrite w JOIN pg_depend dp ON dp.classid = 'pg_rewrite'::regclass AND dp.objid = w.oid
      JOIN pg_class v ON v.oid = w.ev_class
      WHERE dp.refclassid = 'pg_class'::regclass AND v.oid <> dp.refobjid
        AND dp.refobjid IN (SELECT x::regclass FROM unnest(tabs) x)
      ORDER BY v.oid LOOP
    view_names := view_names || r.relname::text;
    view_defs := view_defs || r.def;
    acl_names := acl_names || r.relname::text;
    acl_values := acl_values || (SELECT relacl::text FROM pg_class WHERE oid = r.oid);
    EXECUTE format('DROP VIEW %I', r.relname);
  END LOOP;

  FOR i IN 1 .. array_length(tabs, 1) LOOP
    acl_names := acl_names || tabs[i];
    acl_values := acl_values || (SELECT relacl::text FROM pg_class WHERE oid = tabs[i]::regclass);
    SELECT array_agg(pg_get_indexdef(x.indexrelid) ORDER BY x.indexrelid) INTO idx FROM pg_index x
      WHERE x.indrelid = tabs[i]::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid);
    FOR r IN SELECT x.indexrelid::regclass AS name FROM pg_index x
        WHERE x.indrelid = tabs[i]::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid) LOOP
      EXECUTE format('DROP INDEX %s', r.name);
    END LOOP;
    EXECUTE format('ALTER TABLE %I RENAME TO %I', tabs[i], tabs[i] || '_unpartitioned');
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (cluster, %I)',
                   tabs[i], tabs[i] || '_unpartitioned', cols[i]);
    EXECUTE format('ALTER TABLE %I ADD PRIMARY KEY (id, cluster, %I)', tabs[i], cols[i]);
    EXECUTE format('ALTER TABLE %I ADD UNIQUE (cluster, nkey, %I)', tabs[i], cols[i]);
    FOREACH d IN ARRAY COALESCE(idx, '{}') LOOP
      EXECUTE d;
    END LOOP;
    FOR r IN SELECT s.oid::regclass AS seq FROM pg_depend dp JOIN pg_class s ON s.oid = dp.objid AND s.relkind = 'S'
        WHERE dp.refclassid = 'pg_class'::regclass AND dp.refobjid = (tabs[i] || '_unpartitioned')::regclass
          AND dp.deptype = 'a' LOOP
      EXECUTE format('ALTER SEQUENCE %s OWNED BY %I.id', r.seq, tabs[i]);
    END LOOP;
  END LOOP;

  FOR i IN 1 .. array_length(tabs, 1) LOOP
    FOR r IN EXECUTE format('SELECT cluster, MIN(%I) AS ts FROM %I GROUP BY cluster, '
        'date_trunc(''month'', to_timestamp(floor(%I::numeric / 1000000)::double precision) AT TIME ZONE ''UTC'')',
        cols[i], tabs[i] || '_unpartitioned', cols[i]) LOOP
      PERFORM {S}.kueuegov_add_partitions(r.cluster, r.ts);
    END LOOP;
    EXECUTE format('INSERT INTO %I SELECT * FROM %I ORDER BY id', tabs[i], tabs[i] || '_unpartitioned');
    EXECUTE format('DROP TABLE %I', tabs[i] || '_unpartitioned');
  END LOOP;

  FOR i IN 1 .. COALESCE(array_length(view_names, 1), 0) LOOP
    EXECUTE format('CREATE VIEW %I AS %s', view_names[i], view_defs[i]);
  END LOOP;

  -- Each successor gets its predecessor's privileges, exactly: what the schema's default
  -- privileges gave the new relation goes, what was granted on the old one (by init-db --roles
  -- or by hand) comes back. A dashboard role keeps its view; a revoked INSERT stays revoked.
  FOR i IN 1 .. array_length(acl_names, 1) LOOP
    SELECT relowner INTO owner FROM pg_class WHERE oid = acl_names[i]::regclass;
    FOR r IN SELECT DISTINCT a.grantee FROM pg_class c, aclexplode(c.relacl) a
        WHERE c.oid = acl_names[i]::regclass AND a.grantee <> owner LOOP
      EXECUTE format('REVOKE ALL ON %I FROM %s', acl_names[i],
                     CASE WHEN r.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(r.grantee)) END);
    END LOOP;
    FOR r IN SELECT a.grantee, a.privilege_type, a.is_grantable FROM aclexplode(acl_values[i]::aclitem[]) a
        WHERE a.grantee <> owner LOOP
      EXECUTE format('GRANT %s ON %I TO %s%s', r.privilege_type, acl_names[i],
                     CASE WHEN r.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(r.grantee)) END,
                     CASE WHEN r.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END);
    END LOOP;
  END LOOP;
  -- A role that could insert into the old whole tables is an ingest role: on partitioned tables
  -- it inserts into a new (cluster, month) only through the owner's function, so it may call it
  -- (what `audit init-db --roles` grants an ingest role since schema 8). Nobody else may.
  SELECT relacl::text INTO ingest_acl FROM pg_class WHERE oid = 'object_versions'::regclass;
  FOR r IN SELECT DISTINCT a.grantee FROM aclexplode(ingest_acl::aclitem[]) a
      WHERE a.privilege_type = 'INSERT' AND a.grantee <> 0
        AND a.grantee <> (SELECT relowner FROM pg_class WHERE oid = 'object_versions'::regclass) LOOP
    EXECUTE format('GRANT EXECUTE ON FUNCTION {S}.kueuegov_add_partitions(text, bigint) TO %I', pg_get_userbyid(r.grantee));
  END LOOP;
END
$mig$;
REVOKE ALL ON FUNCTION {S}.kueuegov_add_partitions(text, bigint) FROM PUBLIC;
)sql";

std::string with_schema(std::string sql, const std::string& schema) {
    for (auto p = sql.find("{S}"); p != std::string::npos; p = sql.find("{S}", p + schema.size()))
        sql.replace(p, 3, schema);
    return sql;
}

/// floor(a / b) for b > 0.
std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - (a % b < 0 ? 1 : 0); }

}  // namespace

std::string migration_8_partitions(Db& db) {
    if (db.dialect() == Dialect::sqlite) return "";
    Stmt s(db, "SELECT quote_ident(current_schema())");
    s.step();
    const std::string schema = s.text(0);
    return with_schema(k_function, schema) + with_schema(k_migrate, schema);
}

std::int64_t partition_month(std::int64_t ts_us) {
    return model::calendar_month_of(floor_div(ts_us, 1'000'000)).first;
}

void ensure_partitions(Db& db, const std::string& cluster, const std::vector<std::int64_t>& times_us) {
    if (db.dialect() != Dialect::postgres || times_us.empty()) return;
    // Below schema 8 (a store a test built with migrate_to; EvidenceStore migrates on open) the
    // tables are whole and the function does not exist.
    {
        Stmt has(db, std::string("SELECT (to_regprocedure('") + k_add_partitions_signature + "') IS NOT NULL)::int");
        if (!has.step() || has.int64(0) == 0) return;
    }
    std::set<std::int64_t> done;
    Stmt call(db, std::string("SELECT COUNT(*) FROM ") + k_add_partitions_function + "(?1, ?2)");
    for (const std::int64_t ts : times_us) {
        if (!done.insert(partition_month(ts)).second) continue;
        call.bind(1, cluster).bind(2, ts);
        call.exec();
        call.reset();
    }
}

}  // namespace kg::audit::store
