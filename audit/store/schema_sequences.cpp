// Migration 7 of the evidence store, PostgreSQL only: the evidence tables' row ids come from
// one sequence per table (issue 15 5a). Until schema 6 every writer numbered its rows MAX(id) + 1
// under the store-wide batch lock, so four ingests of four clusters wrote one at a time. With
// chain v4 (audit/store/chain.h) no hash covers an id, so a writer may take ids from a sequence
// while another cluster's writer does the same: the INSERTs name no id and each row takes
// nextval (in VALUES order, so ids still increase within a batch, which the chain's row order
// needs). nextval per row rather than one per batch for a block of ids: the server's CPU for a
// 50 MB log's ingest stayed within the noise of explicit ids (0.22-0.25 s either way), and the
// ids of a store filled one ingest at a time stay 1, 2, 3, ... as on SQLite.
// A plain sequence and a column DEFAULT rather than an identity column: PostgreSQL 15 allows no
// identity column on a partitioned table, and these tables may be partitioned (migration 8).
// The sequences are owned by no column, so a table recreated as partitioned keeps using them.
// Each starts after the table's highest id, so a store migrated with rows goes on numbering.
// The ingest role gets USAGE on them (nextval) from `audit init-db --roles`, never UPDATE
// (setval). The identity sequences these columns had (never used: ids were explicit) go away.
// SQLite keeps MAX(id) + 1: its writers take turns under the store file's lock anyway.
#include "audit/store/schema_sequences.h"

namespace kg::audit::store {

const char* const k_migration_7_sequences_postgres = R"sql(
ALTER TABLE object_versions ALTER COLUMN id DROP IDENTITY;
CREATE SEQUENCE object_versions_id_seq;
SELECT setval('object_versions_id_seq', COALESCE((SELECT MAX(id) FROM object_versions), 0) + 1, false);
ALTER TABLE object_versions ALTER COLUMN id SET DEFAULT nextval('object_versions_id_seq');
ALTER TABLE jobs ALTER COLUMN id DROP IDENTITY;
CREATE SEQUENCE jobs_id_seq;
SELECT setval('jobs_id_seq', COALESCE((SELECT MAX(id) FROM jobs), 0) + 1, false);
ALTER TABLE jobs ALTER COLUMN id SET DEFAULT nextval('jobs_id_seq');
ALTER TABLE job_label_changes ALTER COLUMN id DROP IDENTITY;
CREATE SEQUENCE job_label_changes_id_seq;
SELECT setval('job_label_changes_id_seq', COALESCE((SELECT MAX(id) FROM job_label_changes), 0) + 1, false);
ALTER TABLE job_label_changes ALTER COLUMN id SET DEFAULT nextval('job_label_changes_id_seq');
ALTER TABLE workload_events ALTER COLUMN id DROP IDENTITY;
CREATE SEQUENCE workload_events_id_seq;
SELECT setval('workload_events_id_seq', COALESCE((SELECT MAX(id) FROM workload_events), 0) + 1, false);
ALTER TABLE workload_events ALTER COLUMN id SET DEFAULT nextval('workload_events_id_seq');
ALTER TABLE workload_assignments ALTER COLUMN id DROP IDENTITY;
CREATE SEQUENCE workload_assignments_id_seq;
SELECT setval('workload_assignments_id_seq', COALESCE((SELECT MAX(id) FROM workload_assignments), 0) + 1, false);
ALTER TABLE workload_assignments ALTER COLUMN id SET DEFAULT nextval('workload_assignments_id_seq');
ALTER TABLE k8s_events ALTER COLUMN id DROP IDENTITY;
CREATE SEQUENCE k8s_events_id_seq;
SELECT setval('k8s_events_id_seq', COALESCE((SELECT MAX(id) FROM k8s_events), 0) + 1, false);
ALTER TABLE k8s_events ALTER COLUMN id SET DEFAULT nextval('k8s_events_id_seq');
ALTER TABLE namespaces ALTER COLUMN id DROP IDENTITY;
CREATE SEQUENCE namespaces_id_seq;
SELECT setval('namespaces_id_seq', COALESCE((SELECT MAX(id) FROM namespaces), 0) + 1, false);
ALTER TABLE namespaces ALTER COLUMN id SET DEFAULT nextval('namespaces_id_seq');
)sql";

}  // namespace kg::audit::store
