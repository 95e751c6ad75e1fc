#include "audit/store/schema.h"

#include "audit/store/connection.h"
#include "audit/store/dialect.h"
#include "audit/store/schema_cluster.h"
#include "audit/store/schema_insert_only.h"
#include "audit/store/schema_partitions.h"
#include "audit/store/schema_sequences.h"
#include "audit/store/schema_views.h"
#include "model/result.h"
#include "model/time.h"

#include <string>

namespace kg::audit::store {

namespace {

struct Migration {
    int version;
    const char* name;
    const char* sql;                     ///< both backends (SQLite's dialect, translated by ddl())
    const char* postgres_sql = nullptr;  ///< after it, on PostgreSQL only, as written
    /// When set, builds the migration's SQL for the store instead (in its own dialect): for a
    /// migration that differs between the backends (8: PostgreSQL partitions, SQLite nothing).
    std::string (*build)(Db&) = nullptr;
};

// Every evidence row carries batch_id (the hash-chained batch that inserted it), line (where in
// its source it came from) and nkey, the natural key that makes ingest idempotent: a row whose
// nkey exists is not inserted again. Times are RFC 3339 text (`time`) plus Unix microseconds
// (`ts_us`) for ordering and arithmetic.
constexpr const char* k_migration_1 = R"sql(
CREATE TABLE sources(
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  format TEXT NOT NULL,
  compression TEXT NOT NULL,
  head_sha256 TEXT NOT NULL,
  size INTEGER,
  sha256 TEXT,
  mtime TEXT,
  as_of TEXT,
  status TEXT NOT NULL CHECK(status IN ('partial', 'complete')),
  resume_offset INTEGER NOT NULL DEFAULT 0,
  resume_line INTEGER NOT NULL DEFAULT 0,
  ingested_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX sources_sha256 ON sources(sha256);
CREATE INDEX sources_path ON sources(path, head_sha256);

CREATE TABLE batches(
  id INTEGER PRIMARY KEY,
  source_id INTEGER NOT NULL REFERENCES sources(id),
  seq INTEGER NOT NULL,
  first_line INTEGER NOT NULL,
  last_line INTEGER NOT NULL,
  end_offset INTEGER NOT NULL,
  rows INTEGER NOT NULL,
  seals_source INTEGER NOT NULL DEFAULT 0,
  committed_at TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL,
  UNIQUE(source_id, seq)
);

CREATE TABLE object_versions(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches(id),
  line INTEGER NOT NULL,
  nkey TEXT NOT NULL UNIQUE,
  origin TEXT NOT NULL,
  kind TEXT NOT NULL,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,
  uid TEXT,
  resource_version TEXT,
  verb TEXT NOT NULL,
  subresource TEXT,
  code INTEGER,
  actor TEXT,
  actor_groups TEXT,
  impersonated TEXT,
  user_agent TEXT,
  time TEXT NOT NULL,
  ts_us INTEGER NOT NULL,
  audit_id TEXT,
  level TEXT,
  request_uri TEXT,
  annotations TEXT,
  body_captured INTEGER NOT NULL,
  object_json TEXT,
  request_json TEXT,
  content_hash TEXT
);
CREATE INDEX object_versions_batch ON object_versions(batch_id);
CREATE INDEX object_versions_object ON object_versions(kind, namespace, name, ts_us);

CREATE TABLE jobs(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches(id),
  line INTEGER NOT NULL,
  nkey TEXT NOT NULL UNIQUE,
  origin TEXT NOT NULL,
  kind TEXT NOT NULL,
  api_group TEXT NOT NULL,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,
  uid TEXT,
  created TEXT,
  created_ts_us INTEGER,
  creator TEXT,
  creator_groups TEXT,
  queue_name TEXT,
  priority_class TEXT,
  kueue_mutated INTEGER,
  suspend INTEGER,
  code INTEGER,
  audit_id TEXT
);
CREATE INDEX jobs_batch ON jobs(batch_id);
CREATE INDEX jobs_object ON jobs(namespace, name);

CREATE TABLE job_label_changes(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches(id),
  line INTEGER NOT NULL,
  nkey TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,
  uid TEXT,
  label TEXT NOT NULL,
  old_value TEXT,
  new_value TEXT,
  actor TEXT,
  actor_groups TEXT,
  verb TEXT NOT NULL,
  code INTEGER,
  time TEXT NOT NULL,
  ts_us INTEGER NOT NULL,
  audit_id TEXT
);
CREATE INDEX job_label_changes_batch ON job_label_changes(batch_id);
CREATE INDEX job_label_changes_object ON job_label_changes(namespace, name, ts_us);

CREATE TABLE workload_events(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches(id),
  line INTEGER NOT NULL,
  nkey TEXT NOT NULL UNIQUE,
  origin TEXT NOT NULL,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,
  uid TEXT,
  step TEXT NOT NULL CHECK(step IN ('created', 'quota_reserved', 'admitted', 'pods_ready', 'evicted',
    'preempted', 'requeued', 'pending', 'finished', 'deactivated', 'reactivated', 'deleted')),
  time TEXT NOT NULL,
  ts_us INTEGER NOT NULL,
  actor TEXT,
  reason TEXT,
  message TEXT,
  preemptor_uid TEXT,
  preemptor_path TEXT,
  cluster_queue TEXT,
  local_queue TEXT,
  priority INTEGER,
  audit_id TEXT
);
CREATE INDEX workload_events_batch ON workload_events(batch_id);
CREATE INDEX workload_events_object ON workload_events(namespace, name, ts_us);
CREATE INDEX workload_events_step ON workload_events(step, ts_us);

CREATE TABLE workload_assignments(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches(id),
  line INTEGER NOT NULL,
  nkey TEXT NOT NULL UNIQUE,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,
  reserved_ts_us INTEGER NOT NULL,
  cluster_queue TEXT NOT NULL,
  podset TEXT NOT NULL,
  count INTEGER,
  flavor TEXT NOT NULL,
  resource TEXT NOT NULL,
  quantity TEXT NOT NULL,
  milli INTEGER NOT NULL
);
CREATE INDEX workload_assignments_batch ON workload_assignments(batch_id);
CREATE INDEX workload_assignments_object ON workload_assignments(namespace, name, reserved_ts_us);

CREATE TABLE k8s_events(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches(id),
  line INTEGER NOT NULL,
  nkey TEXT NOT NULL UNIQUE,
  origin TEXT NOT NULL,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,
  regarding_kind TEXT,
  regarding_namespace TEXT,
  regarding_name TEXT,
  regarding_uid TEXT,
  type TEXT,
  reason TEXT,
  message TEXT,
  reporting_component TEXT,
  count INTEGER,
  time TEXT NOT NULL,
  ts_us INTEGER NOT NULL,
  audit_id TEXT
);
CREATE INDEX k8s_events_batch ON k8s_events(batch_id);
CREATE INDEX k8s_events_regarding ON k8s_events(regarding_namespace, regarding_name, ts_us);

CREATE TABLE namespaces(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches(id),
  line INTEGER NOT NULL,
  nkey TEXT NOT NULL UNIQUE,
  origin TEXT NOT NULL,
  name TEXT NOT NULL,
  uid TEXT,
  labels TEXT NOT NULL,
  actor TEXT,
  time TEXT NOT NULL,
  ts_us INTEGER NOT NULL,
  audit_id TEXT
);
CREATE INDEX namespaces_batch ON namespaces(batch_id);
CREATE INDEX namespaces_name ON namespaces(name, ts_us);
)sql";

// Migration 2: what each batch's input range held (events read, kept, bad lines, skipped by
// reason as a JSON object), so a source's completeness survives a resumed ingest (the totals are
// sums over its batches). NULL in batches written before it; the chain covers them when set.
constexpr const char* k_migration_2 = R"sql(
ALTER TABLE batches ADD COLUMN events INTEGER;
ALTER TABLE batches ADD COLUMN kept INTEGER;
ALTER TABLE batches ADD COLUMN bad INTEGER;
ALTER TABLE batches ADD COLUMN skipped TEXT;
)sql";

// Migration 3: the chain version of each batch (NULL = v1; v2 batches hash every column of the
// sealed source record) and the signed heads written by `audit sign`. The application id marks
// the file as a kueuegov store, so another SQLite file is recognised before anything is written.
constexpr const char* k_migration_3 = R"sql(
ALTER TABLE batches ADD COLUMN chain_version INTEGER;
CREATE TABLE head_signatures(
  id INTEGER PRIMARY KEY,
  sequence INTEGER NOT NULL,
  hash TEXT NOT NULL,
  time TEXT NOT NULL,
  schema_sha256 TEXT NOT NULL,
  algorithm TEXT NOT NULL,
  public_key TEXT NOT NULL,
  signature TEXT NOT NULL,
  signed_at TEXT NOT NULL
);
PRAGMA application_id = 1262966321;
)sql";

const Migration k_migrations[] = {
    {1, "initial schema", k_migration_1},
    {2, "input counts per batch", k_migration_2},
    {3, "chain v2 and signed heads", k_migration_3},
    {4, "cluster identity", k_migration_4_cluster},
    {5, "views for dashboards", k_migration_5_views},
    {6, "insert-only sources and batches", k_migration_6_insert_only},
    {7, "row ids from sequences", "", k_migration_7_sequences_postgres},
    {8, "PostgreSQL partitions by cluster and month", "", nullptr, migration_8_partitions},
};

/// PRAGMA application_id of a kueuegov store: "KGV1" as a big-endian integer.
constexpr std::int64_t k_application_id = 1262966321;

/// Advisory lock key serialising migrations of one PostgreSQL database ("KGMI").
constexpr std::int64_t k_migration_lock = 0x4b474d49;

bool has_migrations_table(Db& db) { return has_table(db, "schema_migrations"); }

}  // namespace

int known_schema_version() { return k_migrations[std::size(k_migrations) - 1].version; }

int schema_version(Db& db) {
    if (!has_migrations_table(db)) return 0;
    Stmt s(db, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations");
    return s.step() ? static_cast<int>(s.int64(0)) : 0;
}

namespace {

void refuse_newer(Db& db, int have) {
    if (have > known_schema_version())
        throw model::Fatal("evidence store " + db.path() + " has schema version " + std::to_string(have) +
                           ", newer than the " + std::to_string(known_schema_version()) +
                           " this kueuegov knows; use a newer kueuegov");
}

}  // namespace

/// Throws model::Fatal when `db` is some other application's SQLite file: another application id,
/// or schema objects without our schema_migrations table. Nothing has been written to it then.
void refuse_foreign(Db& db) {
    const std::int64_t app = application_id(db);  // 0 on PostgreSQL, which has none
    if (app != 0 && app != k_application_id)
        throw model::Fatal(db.path() + " is not a kueuegov evidence store (SQLite application_id " +
                           std::to_string(app) + "); choose another --db");
    if (has_migrations_table(db)) return;
    if (const auto other = first_schema_object(db))
        throw model::Fatal(db.path() + " is not a kueuegov evidence store (it holds " + *other +
                           " and no schema_migrations table); nothing was changed; choose another --db");
}

void migrate(Db& db) { migrate_to(db, known_schema_version()); }

void migrate_to(Db& db, int target) {
    // One IMMEDIATE transaction around the check and every migration: a second process opening
    // the same new store waits for the first one's commit and then finds the schema complete
    // (on PostgreSQL an advisory lock does what BEGIN IMMEDIATE does; DDL is transactional there).
    Transaction tx(db);
    db.lock_transaction(k_migration_lock);
    refuse_foreign(db);
    apply_migrations(db, target);
    tx.commit();
}

void apply_migrations(Db& db, int target) {
    // A current store runs no DDL at all: PostgreSQL checks CREATE on the schema before it looks
    // whether an IF NOT EXISTS table exists, so a writer role without it (a DBA's, a future
    // insert-only ingest role) could not open a store that needs nothing created.
    if (!has_migrations_table(db))
        db.exec(ddl(db.dialect(), "CREATE TABLE IF NOT EXISTS schema_migrations(version INTEGER PRIMARY KEY, "
                                  "name TEXT NOT NULL, applied_at TEXT NOT NULL)"));
    const int have = schema_version(db);
    refuse_newer(db, have);
    for (const Migration& m : k_migrations) {
        if (m.version <= have || m.version > target) continue;
        if (m.build) {
            if (const std::string sql = m.build(db); !sql.empty()) db.exec(sql);
        } else {
            if (*m.sql) db.exec(ddl(db.dialect(), m.sql));
            if (m.postgres_sql && db.dialect() == Dialect::postgres) db.exec(m.postgres_sql);
        }
        Stmt ins(db, "INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)");
        // When a migration was applied is part of the schema digest (and so of a signed head):
        // SOURCE_DATE_EPOCH fixes it, so test stores are identical.
        ins.bind(1, std::int64_t{m.version}).bind(2, m.name).bind(3, model::format_rfc3339(model::reproducible_now()));
        ins.exec();
    }
}

void require_current(Db& db) {
    refuse_foreign(db);
    const int have = schema_version(db);
    if (have == 0) {
        if (!first_schema_object(db))
            throw model::Fatal(db.path() + (db.dialect() == Dialect::sqlite ? " is an empty file" : " is an empty database") +
                               ", not yet an evidence store (an ingest stopped before "
                               "creating it?); run `kueuegov audit ingest --db " + db.path() + "`");
        throw model::Fatal(db.path() + " is not a kueuegov evidence store (no schema_migrations table)");
    }
    refuse_newer(db, have);
    if (have < known_schema_version())
        throw model::Fatal("evidence store " + db.path() + " has schema version " + std::to_string(have) +
                           "; run `kueuegov audit ingest --db " + db.path() + "` once to migrate it to " +
                           std::to_string(known_schema_version()));
}

}  // namespace kg::audit::store
