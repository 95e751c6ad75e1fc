// Migration 6 of the evidence store: an ingest needs INSERT only (issue 15). Until schema 5 the
// writer updated a source's resume position and seal in place and a batch's header and hash
// after its rows, so an ingest role needed UPDATE (and DELETE for an empty batch), and with
// them the power to rewrite evidence. Now every fact is a row inserted once:
//   source_rows      what a source is (path, format, head digest, cluster): inserted when opened
//   source_progress  one row per commit: where the source can resume (the newest row counts)
//   source_seals     one row when the source is complete: its size, sha256 and time
//   batch_rows       a batch's identity, inserted before its evidence rows (they reference it)
//   batch_closes     the rest of its header and its hash, inserted after its rows
// The views `sources` and `batches` give readers the old columns in the old order, so every
// query, the chain (batch_digest hashes `SELECT * FROM sources` of a sealed source) and the
// dashboard views read what they read before and hash the same values: chains written before
// this migration still verify. A batch without its close is invisible in `batches`, so rows
// pointing at it are reported by verify as rows of no batch. UNIQUE on batch_closes.batch_id
// and source_seals.source_id: a batch is closed, a source sealed, once.
//
// The statements are the plain SQL both SQLite (3.35+: DROP COLUMN) and PostgreSQL accept.
// RENAME keeps each table's rows, ids and the foreign keys pointing at it (SQLite rewrites the
// REFERENCES clauses, PostgreSQL refers by oid); kueuegov_queue_changes is dropped first and
// created again over the views, because SQLite would rewrite it to name the renamed table.
#include "audit/store/schema_insert_only.h"

namespace kg::audit::store {

const char* const k_migration_6_insert_only = R"sql(
DROP VIEW kueuegov_queue_changes;

DROP INDEX sources_sha256;
ALTER TABLE sources RENAME TO source_rows;
CREATE TABLE source_progress(
  id INTEGER PRIMARY KEY,
  source_id INTEGER NOT NULL REFERENCES source_rows(id),
  resume_offset INTEGER NOT NULL,
  resume_line INTEGER NOT NULL
);
CREATE INDEX source_progress_source ON source_progress(source_id, id);
CREATE TABLE source_seals(
  id INTEGER PRIMARY KEY,
  source_id INTEGER NOT NULL UNIQUE REFERENCES source_rows(id),
  size INTEGER,
  sha256 TEXT,
  completed_at TEXT
);
CREATE INDEX source_seals_sha256 ON source_seals(sha256);
INSERT INTO source_progress(source_id, resume_offset, resume_line)
  SELECT id, resume_offset, resume_line FROM source_rows ORDER BY id;
INSERT INTO source_seals(source_id, size, sha256, completed_at)
  SELECT id, size, sha256, completed_at FROM source_rows WHERE status = 'complete' ORDER BY id;
ALTER TABLE source_rows DROP COLUMN size;
ALTER TABLE source_rows DROP COLUMN sha256;
ALTER TABLE source_rows DROP COLUMN status;
ALTER TABLE source_rows DROP COLUMN resume_offset;
ALTER TABLE source_rows DROP COLUMN resume_line;
ALTER TABLE source_rows DROP COLUMN completed_at;

ALTER TABLE batches RENAME TO batch_rows;
CREATE TABLE batch_closes(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL UNIQUE REFERENCES batch_rows(id),
  last_line INTEGER NOT NULL,
  end_offset INTEGER NOT NULL,
  rows INTEGER NOT NULL,
  seals_source INTEGER NOT NULL,
  committed_at TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL,
  events INTEGER,
  kept INTEGER,
  bad INTEGER,
  skipped TEXT,
  chain_version INTEGER
);
INSERT INTO batch_closes(batch_id, last_line, end_offset, rows, seals_source, committed_at, prev_hash, hash,
  events, kept, bad, skipped, chain_version)
  SELECT id, last_line, end_offset, rows, seals_source, committed_at, prev_hash, hash, events, kept, bad, skipped,
    chain_version FROM batch_rows ORDER BY id;
ALTER TABLE batch_rows DROP COLUMN last_line;
ALTER TABLE batch_rows DROP COLUMN end_offset;
ALTER TABLE batch_rows DROP COLUMN rows;
ALTER TABLE batch_rows DROP COLUMN seals_source;
ALTER TABLE batch_rows DROP COLUMN committed_at;
ALTER TABLE batch_rows DROP COLUMN prev_hash;
ALTER TABLE batch_rows DROP COLUMN hash;
ALTER TABLE batch_rows DROP COLUMN events;
ALTER TABLE batch_rows DROP COLUMN kept;
ALTER TABLE batch_rows DROP COLUMN bad;
ALTER TABLE batch_rows DROP COLUMN skipped;
ALTER TABLE batch_rows DROP COLUMN chain_version;

CREATE VIEW sources AS
SELECT s.id AS id, s.path AS path, s.format AS format, s.compression AS compression,
  s.head_sha256 AS head_sha256, z.size AS size, z.sha256 AS sha256, s.mtime AS mtime, s.as_of AS as_of,
  CASE WHEN z.source_id IS NULL THEN 'partial' ELSE 'complete' END AS status,
  COALESCE((SELECT p.resume_offset FROM source_progress p WHERE p.source_id = s.id
    ORDER BY p.id DESC LIMIT 1), 0) AS resume_offset,
  COALESCE((SELECT p.resume_line FROM source_progress p WHERE p.source_id = s.id
    ORDER BY p.id DESC LIMIT 1), 0) AS resume_line,
  s.ingested_at AS ingested_at, z.completed_at AS completed_at, s.cluster AS cluster
FROM source_rows s LEFT JOIN source_seals z ON z.source_id = s.id;

CREATE VIEW batches AS
SELECT r.id AS id, r.source_id AS source_id, r.seq AS seq, r.first_line AS first_line, c.last_line AS last_line,
  c.end_offset AS end_offset, c.rows AS rows, c.seals_source AS seals_source, c.committed_at AS committed_at,
  c.prev_hash AS prev_hash, c.hash AS hash, c.events AS events, c.kept AS kept, c.bad AS bad,
  c.skipped AS skipped, c.chain_version AS chain_version, r.cluster AS cluster
FROM batch_rows r JOIN batch_closes c ON c.batch_id = r.id;

CREATE VIEW kueuegov_queue_changes AS
SELECT o.cluster AS cluster, o.time AS time, o.ts_us AS ts_us, o.kind AS kind, o.namespace AS namespace,
  o.name AS name, o.verb AS verb, o.subresource AS subresource, o.code AS code, o.actor AS actor,
  o.impersonated AS impersonated, o.user_agent AS user_agent, o.audit_id AS audit_id,
  o.content_hash AS content_hash, s.path AS source, o.line AS line
FROM object_versions o JOIN batches b ON b.id = o.batch_id JOIN sources s ON s.id = b.source_id
WHERE o.kind IN ('ClusterQueue', 'Cohort', 'LocalQueue', 'ResourceFlavor', 'AdmissionCheck',
  'WorkloadPriorityClass');
)sql";

}  // namespace kg::audit::store
