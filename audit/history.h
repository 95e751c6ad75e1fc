// History read back from the audit evidence store, as plain types, so cli/,
// report/ and the audit check rules need no SQL (STYLE.md section 1). Filled by
// audit/store/queries.h; quota intervals and versions are in audit/evidence.h.
// Times are Unix microseconds (`*_us`) plus the RFC 3339 text the source carried.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kg::audit {

/// One field that differs between two versions of an object ("spec.resourceGroups[0]...").
/// `before`/`after` are scalar texts (JSON for composite values); nullopt = absent.
struct FieldChange {
    std::string path;
    std::optional<std::string> before;
    std::optional<std::string> after;
};

/// A write to a queue-policy object (ResourceFlavor, ClusterQueue, Cohort, LocalQueue,
/// WorkloadPriorityClass, AdmissionCheck), from the audit log or an export snapshot.
struct ObjectChange {
    std::string kind, namespace_, name, uid, resource_version;
    std::string origin;  ///< "audit" or "export"
    std::string verb;    ///< create, update, patch, delete, or snapshot (export)
    std::optional<int> code;  ///< HTTP status; >= 300 means the write was refused
    std::string actor;
    std::vector<std::string> actor_groups;
    std::string impersonated;
    std::string user_agent;
    std::string time;
    std::int64_t ts_us = 0;
    std::string audit_id;
    /// The annotation values of the object after the write (e.g. a change-ticket annotation).
    std::vector<std::pair<std::string, std::string>> object_annotations;
    /// False when the log had no body (Metadata level, as on GKE/EKS): the diff is unknown.
    bool body_captured = false;
    /// Differences from the previous captured version of the same object; empty when this is
    /// the first captured version or no body was logged (`first_version` tells which).
    std::vector<FieldChange> fields;
    bool first_version = false;
    std::string evidence;  ///< "source-path:line"
};

/// One step of a Workload's life.
struct WorkloadStep {
    std::string namespace_, name, uid;
    std::string step;  ///< created quota_reserved admitted pods_ready evicted preempted requeued
                       ///< pending finished deactivated reactivated deleted
    std::string time;
    std::int64_t ts_us = 0;
    std::string actor, reason, message;
    std::string preemptor_uid, preemptor_path;  ///< for evicted/preempted by preemption, when known
    std::string cluster_queue, local_queue;
    std::optional<std::int64_t> priority;
    std::string evidence;  ///< "source-path:line"
};

/// A Job-like object as first seen (its creation when the log has it).
struct JobRecord {
    std::string kind, api_group, namespace_, name, uid;
    std::string created;
    std::optional<std::int64_t> created_us;
    std::string creator;
    std::optional<std::string> queue_name;  ///< nullopt: created without the label
    std::optional<std::string> priority_class;
    std::optional<bool> kueue_mutated;
    std::string origin;
    std::string evidence;
};

/// A write that set, changed or removed a Job's kueue.x-k8s.io/queue-name or
/// kueue.x-k8s.io/priority-class label (refused attempts included, with their code).
struct JobLabelChange {
    std::string kind, namespace_, name, label;
    std::optional<std::string> old_value, new_value;
    std::string actor, verb, time;
    std::int64_t ts_us = 0;
    std::optional<int> code;
    std::string evidence;
};

/// A Kubernetes Event about a Kueue object (from an events export or an audit-logged create).
struct KueueEvent {
    std::string namespace_, name;
    std::string regarding_kind, regarding_namespace, regarding_name;
    std::string type, reason, message, reporting_component;
    std::optional<std::int64_t> count;
    std::string time;
    std::int64_t ts_us = 0;
};

/// A Namespace's labels as seen at one time (from an audit-logged write or an export).
struct NamespaceRecord {
    std::string name;
    std::vector<std::pair<std::string, std::string>> labels;
    std::string origin, actor, time;
    std::int64_t ts_us = 0;
};

/// One ingested input.
struct SourceInfo {
    std::int64_t id = 0;
    std::string path, format, compression, sha256, status, ingested_at, completed_at, as_of;
    std::string cluster;  ///< the cluster its rows are stored under
    std::optional<std::int64_t> size;
    std::int64_t rows = 0;     ///< evidence rows it contributed
    std::int64_t batches = 0;
    /// What the input held, summed over its batches (a resumed ingest included): events read,
    /// events that yielded Kueue evidence, bad lines/documents, and skipped events by reason.
    /// Zero for sources ingested before schema 2 recorded them.
    std::int64_t events = 0, kept = 0, bad = 0;
    std::vector<std::pair<std::string, std::int64_t>> skipped;
};

/// One cluster's hash chain (schema 4: each cluster's batches chain to each other).
struct ClusterChain {
    std::string cluster;
    std::int64_t batches = 0;
    std::int64_t rows = 0;
    std::string head;  ///< hash of the cluster's last batch
};

/// The result of re-computing the batch hash chains.
struct ChainVerification {
    bool intact = true;
    std::int64_t batches = 0;
    std::int64_t rows = 0;
    /// The store's head: the last batch's hash while the store holds one cluster; with several,
    /// sha256 over every cluster's name and head ("kueuegov-heads-v1"), so a recorded head
    /// covers every cluster's chain ("" for an empty store).
    std::string head;
    std::string head_time;              ///< committed_at of the last batch
    std::string schema_sha256;          ///< digest of the schema (sqlite_master, migrations)
    std::vector<std::string> chain;     ///< the store's head after each batch (chain[n-1] = after batch n)
    std::vector<ClusterChain> clusters; ///< per cluster, sorted by name
    std::vector<std::string> problems;  ///< first mismatch first
    /// "" when every cluster was verified; else the one cluster whose chain and rows were (the
    /// counts, head and chain above are then that cluster's).
    std::string scope_cluster;
};

/// One captured version of an RBAC object (ClusterRole, ClusterRoleBinding, Role,
/// RoleBinding): a successful write from the audit log or an export snapshot. What the
/// cluster's RBAC was at an instant is the last version of each object before it
/// (audit/check/rbac_state.h); refused writes changed nothing and are not versions.
struct RbacVersion {
    std::string kind, namespace_, name;
    std::string origin;  ///< "audit" or "export"
    std::string verb;    ///< create, update, patch, delete, or snapshot (export)
    std::string actor, impersonated;
    std::string time;
    std::int64_t ts_us = 0;
    /// The object after the write; nullopt for a delete, or when the log had no body
    /// (Metadata level): then the object changed in a way the evidence does not show.
    std::optional<std::string> json;
    std::string evidence;  ///< "source-path:line"
};

}  // namespace kg::audit
