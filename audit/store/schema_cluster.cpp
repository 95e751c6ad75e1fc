// Migration 4 of the evidence store: cluster identity (issue 15). Kept beside schema.cpp
// because the rebuilt tables repeat their full definitions.
#include "audit/store/schema_cluster.h"

namespace kg::audit::store {

// Every source, batch and evidence row names the cluster it came from. Rows stored before
// this migration belong to cluster 'default' (k_default_cluster), the name an ingest without
// --cluster uses on a store that holds no other cluster.
//
// The natural key becomes (cluster, nkey): the same object, audit ID or event exists in two
// clusters, and both must be kept. SQLite cannot drop the column-level UNIQUE of nkey in
// place, so each evidence table is rebuilt: the new definition is the old one with `cluster`
// appended as the last column (so `SELECT *, 'default'` copies the rows and their ids
// unchanged, and chain versions 1 and 2, which hash the columns they always had, skip it by
// name) and the table-level UNIQUE(cluster, nkey). Lookup indexes lead with the cluster, so a
// query over one cluster reads only its rows. The statements are the plain SQL both SQLite
// and PostgreSQL accept, apart from the copy-and-rename the SQLite rebuild needs.
// sources and batches take the column in place; a batch's prev_hash now points at the
// previous batch of the same cluster (one chain per cluster, chain version 3).
const char* const k_migration_4_cluster = R"sql(
ALTER TABLE sources ADD COLUMN cluster TEXT NOT NULL DEFAULT 'default';
CREATE INDEX sources_cluster ON sources(cluster, id);
ALTER TABLE batches ADD COLUMN cluster TEXT NOT NULL DEFAULT 'default';
CREATE INDEX batches_cluster ON batches(cluster, id);

CREATE TABLE object_versions_v4(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches(id),
  line INTEGER NOT NULL,
  nkey TEXT NOT NULL,
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
  content_hash TEXT,
  cluster TEXT NOT NULL,
  UNIQUE(cluster, nkey)
);
INSERT INTO object_versions_v4 SELECT *, 'default' FROM object_versions;
DROP TABLE object_versions;
ALTER TABLE object_versions_v4 RENAME TO object_versions;
CREATE INDEX object_versions_batch ON object_versions(batch_id);
CREATE INDEX object_versions_object ON object_versions(cluster, kind, namespace, name, ts_us);

CREATE TABLE jobs_v4(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches(id),
  line INTEGER NOT NULL,
  nkey TEXT NOT NULL,
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
  audit_id TEXT,
  cluster TEXT NOT NULL,
  UNIQUE(cluster, nkey)
);
INSERT INTO jobs_v4 SELECT *, 'default' FROM jobs;
DROP TABLE jobs;
ALTER TABLE jobs_v4 RENAME TO jobs;
CREATE INDEX jobs_batch ON jobs(batch_id);
CREATE INDEX jobs_object ON jobs(cluster, namespace, name);

CREATE TABLE job_label_changes_v4(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches(id),
  line INTEGER NOT NULL,
  nkey TEXT NOT NULL,
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
  audit_id TEXT,
  cluster TEXT NOT NULL,
  UNIQUE(cluster, nkey)
);
INSERT INTO job_label_changes_v4 SELECT *, 'default' FROM job_label_changes;
DROP TABLE job_label_changes;
ALTER TABLE job_label_changes_v4 RENAME TO job_label_changes;
CREATE INDEX job_label_changes_batch ON job_label_changes(batch_id);
CREATE INDEX job_label_changes_object ON job_label_changes(cluster, namespace, name, ts_us);

CREATE TABLE workload_events_v4(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches(id),
  line INTEGER NOT NULL,
  nkey TEXT NOT NULL,
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
  audit_id TEXT,
  cluster TEXT NOT NULL,
  UNIQUE(cluster, nkey)
);
INSERT INTO workload_events_v4 SELECT *, 'default' FROM workload_events;
DROP TABLE workload_events;
ALTER TABLE workload_events_v4 RENAME TO workload_events;
CREATE INDEX workload_events_batch ON workload_events(batch_id);
CREATE INDEX workload_events_object ON workload_events(cluster, namespace, name, ts_us);
CREATE INDEX workload_events_step ON workload_events(cluster, step, ts_us);

CREATE TABLE workload_assignments_v4(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches(id),
  line INTEGER NOT NULL,
  nkey TEXT NOT NULL,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,
  reserved_ts_us INTEGER NOT NULL,
  cluster_queue TEXT NOT NULL,
  podset TEXT NOT NULL,
  count INTEGER,
  flavor TEXT NOT NULL,
  resource TEXT NOT NULL,
  quantity TEXT NOT NULL,
  milli INTEGER NOT NULL,
  cluster TEXT NOT NULL,
  UNIQUE(cluster, nkey)
);
INSERT INTO workload_assignments_v4 SELECT *, 'default' FROM workload_assignments;
DROP TABLE workload_assignments;
ALTER TABLE workload_assignments_v4 RENAME TO workload_assignments;
CREATE INDEX workload_assignments_batch ON workload_assignments(batch_id);
CREATE INDEX workload_assignments_object ON workload_assignments(cluster, namespace, name, reserved_ts_us);

CREATE TABLE k8s_events_v4(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches(id),
  line INTEGER NOT NULL,
  nkey TEXT NOT NULL,
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
  audit_id TEXT,
  cluster TEXT NOT NULL,
  UNIQUE(cluster, nkey)
);
INSERT INTO k8s_events_v4 SELECT *, 'default' FROM k8s_events;
DROP TABLE k8s_events;
ALTER TABLE k8s_events_v4 RENAME TO k8s_events;
CREATE INDEX k8s_events_batch ON k8s_events(batch_id);
CREATE INDEX k8s_events_regarding ON k8s_events(cluster, regarding_namespace, regarding_name, ts_us);

CREATE TABLE namespaces_v4(
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES batches(id),
  line INTEGER NOT NULL,
  nkey TEXT NOT NULL,
  origin TEXT NOT NULL,
  name TEXT NOT NULL,
  uid TEXT,
  labels TEXT NOT NULL,
  actor TEXT,
  time TEXT NOT NULL,
  ts_us INTEGER NOT NULL,
  audit_id TEXT,
  cluster TEXT NOT NULL,
  UNIQUE(cluster, nkey)
);
INSERT INTO namespaces_v4 SELECT *, 'default' FROM namespaces;
DROP TABLE namespaces;
ALTER TABLE namespaces_v4 RENAME TO namespaces;
CREATE INDEX namespaces_batch ON namespaces(batch_id);
CREATE INDEX namespaces_name ON namespaces(cluster, name, ts_us);
)sql";

}  // namespace kg::audit::store
