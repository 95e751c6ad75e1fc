// Migration 5 of the evidence store: views for dashboards (issue 15). Grafana, Metabase and
// FinOps tools read these instead of the evidence tables, so their queries survive schema
// changes and need no knowledge of batches or natural keys. The SQL is the plain subset both
// SQLite and PostgreSQL accept (correlated subqueries, no FILTER, no window functions), so it is
// written once; dialect.cpp's ddl() leaves it unchanged. Every view carries the cluster column
// first: a dashboard filters on it, and each lookup below leads with it, as the indexes do
// (workload_events_object is (cluster, namespace, name, ts_us)). The columns are documented in
// man/kueuegov-audit.1 (VIEWS); a column added later is added there in the same commit.
#include "audit/store/schema_views.h"

namespace kg::audit::store {

const char* const k_dashboard_views[4] = {"kueuegov_queue_changes", "kueuegov_waits", "kueuegov_preemptions",
                                          "kueuegov_chargeback_intervals"};

// kueuegov_queue_changes: every captured write of a queue-policy object (the kinds
// audit/ingest/classify.cpp sends to object_versions) with who made it and the file it was read
// from. Failed writes (code >= 300) are kept: a dashboard of refused changes is one WHERE away.
//
// kueuegov_waits: one row per quota reservation. The wait starts at the Workload's creation or
// its last requeue before the reservation, as Kueue's admission wait metrics measure it
// (pkg/workload/workload.go QueuedWaitTime: creationTimestamp, replaced by the Requeued
// condition's lastTransitionTime when set); admitted_ts_us is the first Admitted step at or
// after the reservation (NULL while admission checks are pending).
//
// kueuegov_preemptions: the Preempted steps, with the preemptor parsed from Kueue's message at
// ingest (sim::parse_preemption_message).
//
// kueuegov_chargeback_intervals: what each reservation held, the rows `kueuegov chargeback`
// prices. It follows audit/store/queries_quota.cpp quota_intervals() (a test compares the two):
// a reservation starts at a quota_reserved step, is joined to the assignments recorded with it
// in the same second, and ends at the Workload's next quota_reserved, pending (reservation
// released), finished or deleted step, ordered by (ts_us, id); end_ts_us is NULL while it is
// still held. The LocalQueue is the last one any step of the Workload recorded.
const char* const k_migration_5_views = R"sql(
CREATE VIEW kueuegov_queue_changes AS
SELECT o.cluster AS cluster, o.time AS time, o.ts_us AS ts_us, o.kind AS kind, o.namespace AS namespace,
  o.name AS name, o.verb AS verb, o.subresource AS subresource, o.code AS code, o.actor AS actor,
  o.impersonated AS impersonated, o.user_agent AS user_agent, o.audit_id AS audit_id,
  o.content_hash AS content_hash, s.path AS source, o.line AS line
FROM object_versions o JOIN batches b ON b.id = o.batch_id JOIN sources s ON s.id = b.source_id
WHERE o.kind IN ('ClusterQueue', 'Cohort', 'LocalQueue', 'ResourceFlavor', 'AdmissionCheck',
  'WorkloadPriorityClass');

CREATE VIEW kueuegov_waits AS
SELECT w.cluster AS cluster, w.namespace AS namespace, w.workload AS workload, w.uid AS uid,
  w.cluster_queue AS cluster_queue, w.queued_ts_us AS queued_ts_us, w.reserved_time AS reserved_time,
  w.reserved_ts_us AS reserved_ts_us, w.reserved_ts_us - w.queued_ts_us AS wait_us,
  w.admitted_ts_us AS admitted_ts_us
FROM (
  SELECT r.cluster AS cluster, r.namespace AS namespace, r.name AS workload, r.uid AS uid,
    r.cluster_queue AS cluster_queue, r.time AS reserved_time, r.ts_us AS reserved_ts_us,
    (SELECT MAX(q.ts_us) FROM workload_events q WHERE q.cluster = r.cluster AND q.namespace = r.namespace
       AND q.name = r.name AND q.step IN ('created', 'requeued') AND q.ts_us <= r.ts_us) AS queued_ts_us,
    (SELECT MIN(a.ts_us) FROM workload_events a WHERE a.cluster = r.cluster AND a.namespace = r.namespace
       AND a.name = r.name AND a.step = 'admitted' AND a.ts_us >= r.ts_us) AS admitted_ts_us
  FROM workload_events r WHERE r.step = 'quota_reserved'
) w;

CREATE VIEW kueuegov_preemptions AS
SELECT p.cluster AS cluster, p.time AS time, p.ts_us AS ts_us, p.namespace AS namespace, p.name AS workload,
  p.uid AS uid, p.cluster_queue AS cluster_queue, p.reason AS reason, p.message AS message,
  p.preemptor_uid AS preemptor_uid, p.preemptor_path AS preemptor_path, p.actor AS actor,
  p.audit_id AS audit_id
FROM workload_events p WHERE p.step = 'preempted';

CREATE VIEW kueuegov_chargeback_intervals AS
SELECT i.cluster AS cluster, i.namespace AS namespace, i.workload AS workload, i.local_queue AS local_queue,
  i.cluster_queue AS cluster_queue, i.podset AS podset, i.flavor AS flavor, i.resource AS resource,
  i.quantity AS quantity, i.milli AS milli, i.start_time AS start_time, i.start_ts_us AS start_ts_us,
  i.end_ts_us AS end_ts_us, i.end_ts_us / 1000000 - i.start_ts_us / 1000000 AS held_seconds
FROM (
  SELECT r.cluster AS cluster, r.namespace AS namespace, r.name AS workload,
    (SELECT l.local_queue FROM workload_events l WHERE l.cluster = r.cluster AND l.namespace = r.namespace
       AND l.name = r.name AND l.local_queue IS NOT NULL AND l.local_queue <> ''
       ORDER BY l.ts_us DESC, l.id DESC LIMIT 1) AS local_queue,
    a.cluster_queue AS cluster_queue, a.podset AS podset, a.flavor AS flavor, a.resource AS resource,
    a.quantity AS quantity, a.milli AS milli, r.time AS start_time, r.ts_us AS start_ts_us,
    (SELECT MIN(e.ts_us) FROM workload_events e WHERE e.cluster = r.cluster AND e.namespace = r.namespace
       AND e.name = r.name AND e.step IN ('quota_reserved', 'pending', 'finished', 'deleted')
       AND (e.ts_us > r.ts_us OR (e.ts_us = r.ts_us AND e.id > r.id))) AS end_ts_us
  FROM workload_events r JOIN workload_assignments a ON a.cluster = r.cluster AND a.namespace = r.namespace
    AND a.name = r.name AND a.reserved_ts_us / 1000000 = r.ts_us / 1000000
  WHERE r.step = 'quota_reserved'
) i;
)sql";

}  // namespace kg::audit::store
