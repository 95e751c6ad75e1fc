// Filling the evidence report (report/evidence_report.h) from what the user gave: queue
// definitions and lint findings from a Cluster (manifests, or the policy objects rebuilt from
// the audit store), per-queue effects either from the audit evidence store (admissions, waits,
// preemptions, bypass, usage over the period, changes, sources and the hash chain) or from a
// single export. cli/ is where audit/ and report/ meet, so these live here.
#pragma once

#include "audit/check/view.h"
#include "model/cluster.h"
#include "audit/evidence.h"
#include "model/finding.h"
#include "model/policy.h"
#include "report/evidence_report.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace kg::audit {
class EvidenceStore;
}

namespace kg::cli {

/// Cohort tree, ClusterQueues with quotas, selectors, preemption and fair sharing, flavors.
void add_queue_definitions(report::ReportData& d, const model::Cluster& c);

/// Queue-policy objects rebuilt from the store are loaded under this prefix plus their evidence
/// ("source-path:line"), so findings about them point at the audit log line.
inline constexpr std::string_view k_store_evidence_prefix = "evidence-store:";

/// A finding as the report lists it (severity, "ID name", object, message, file:line:col).
report::ReportFinding report_finding(const model::Finding& f, const model::SourceFiles& files);

/// Admissions, waits, preemptions, bypass attempts and usage per ClusterQueue from the Workloads
/// and Jobs of one export taken at `to` (lint findings KQ3002/KQ3005 count bypass attempts).
void add_export_effects(report::ReportData& d, const model::Cluster& c, std::int64_t from, std::int64_t to);

/// The same from the audit evidence store, plus the changes to queue-policy objects during the
/// period, the sources with their hashes and the hash-chain verification. `view` is the history
/// the check rules read (filled for the same period), so the store is queried once. `c` gives
/// the ClusterQueues and LocalQueues that exist at the end of the period. `bypass` are the
/// history findings about Jobs that bypassed the queue (their object names the Job).
void add_store_evidence(report::ReportData& d, const audit::EvidenceStore& store, const audit::check::HistoryView& view,
                        const model::Cluster& c, std::int64_t from, std::int64_t to,
                        const std::vector<model::Finding>& bypass);

/// The (flavor, resource) of the ClusterQueue with the most held quota-time, charted as usage
/// against the nominal quota and borrowing limit in force at each step.
void add_usage_chart(report::ReportQueueStats& st, const std::vector<audit::QuotaInterval>& ivs,
                     const std::vector<audit::QuotaVersion>& vs, std::int64_t from, std::int64_t to);

}  // namespace kg::cli
