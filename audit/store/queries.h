// Reading the evidence store: every query returns plain types (audit/evidence.h,
// audit/history.h), so cli/, report/ and the audit check rules need no SQL.
// This header is the store's contract with its readers:
//   - times in parameters are Unix seconds for quota (as audit::QuotaInterval uses) and
//     Unix microseconds (`*_us`) elsewhere; results are ordered by time, then insertion;
//   - refused writes (HTTP status >= 300) are returned by object_changes and
//     job_label_changes with their code (attempts are evidence), and never change state
//     in quota_versions or jobs;
//   - every row names its evidence as "source-path:line".
#pragma once

#include "audit/store/store.h"
#include "audit/evidence.h"
#include "audit/history.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kg::audit::query {

/// Every ingested source with its hash, status and how many rows and batches it contributed.
std::vector<audit::SourceInfo> sources(const EvidenceStore& store);

/// Quota held by Workloads, per podset and (flavor, resource), clipped to [from, to) (Unix
/// seconds). A reservation starts at its QuotaReserved=True transition and ends at the next
/// QuotaReserved=False, Finished=True or deletion (audit-evidence.md section 3.4); one still
/// open at the end of the evidence runs to `to`. local_queue comes from the Workload's
/// spec.queueName when any evidence carried it.
std::vector<audit::QuotaInterval> quota_intervals(const EvidenceStore& store, std::int64_t from, std::int64_t to);

/// Each ClusterQueue's quota per (flavor, resource) while each captured revision was in force,
/// for the revisions overlapping [from, to) (Unix seconds). A revision lasts until the next
/// captured revision or the ClusterQueue's deletion. The first revision starts when it was
/// written, except when it is only known from an export snapshot: then its start is unknown
/// and valid_from is INT64_MIN. Revisions with identical quotas are merged.
std::vector<audit::QuotaVersion> quota_versions(const EvidenceStore& store, std::int64_t from, std::int64_t to);

struct ChangeFilter {
    std::vector<std::string> kinds;  ///< empty = all queue-policy kinds
    std::string namespace_, name;    ///< empty = any
    std::optional<std::int64_t> from_us, to_us;
};

/// Writes to queue-policy objects (and export snapshots of them) with actor, verb, time and the
/// field-level difference from the previous captured version of the same object (spec, labels
/// and annotations; kubectl's last-applied-configuration annotation is left out).
std::vector<audit::ObjectChange> object_changes(const EvidenceStore& store, const ChangeFilter& filter = {});

/// Every version of the RBAC objects (successful writes and export snapshots), ordered by time
/// then insertion: what the cluster's RBAC was at any instant the evidence covers.
std::vector<audit::RbacVersion> rbac_versions(const EvidenceStore& store);

/// Workload lifecycle steps, ordered by time; empty namespace/name = every Workload.
std::vector<audit::WorkloadStep> workload_steps(const EvidenceStore& store, const std::string& namespace_ = "",
                                                const std::string& name = "");

/// Jobs (any Kueue-manageable kind) as created or exported, ordered by creation time.
std::vector<audit::JobRecord> jobs(const EvidenceStore& store);

/// Changes (and refused attempts) of Jobs' queue-name and priority-class labels, by time.
std::vector<audit::JobLabelChange> job_label_changes(const EvidenceStore& store);

/// Kubernetes Events about Kueue objects, by time; empty namespace/name = all.
std::vector<audit::KueueEvent> kueue_events(const EvidenceStore& store, const std::string& regarding_namespace = "",
                                            const std::string& regarding_name = "");

/// Namespaces with their labels each time they were seen, by name then time.
std::vector<audit::NamespaceRecord> namespaces(const EvidenceStore& store);

}  // namespace kg::audit::query
