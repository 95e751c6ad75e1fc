// Filling the evidence report's ReportData from the engines' results: queue definitions from
// the loaded Cluster, findings from lint and the history checks, per-queue effects, changes and
// the evidence inventory from audit/effects. Conversions only: the computing is in audit/.
#pragma once

#include "audit/effects/changes.h"
#include "audit/effects/definitions.h"
#include "audit/effects/effects.h"
#include "audit/effects/inventory.h"
#include "model/cluster.h"
#include "model/finding.h"
#include "report/evidence_report.h"

#include <string_view>
#include <vector>

namespace kg::report {

/// Cohort tree, ClusterQueues with quotas, selectors, preemption and fair sharing, flavors.
void add_queue_definitions(ReportData& d, const model::Cluster& c);

/// A finding as the report lists it (severity, "ID name", object, message, file:line:col).
ReportFinding report_finding(const model::Finding& f, const model::SourceFiles& files);

/// Per-queue statistics, usage charts and the bypass Jobs no single ClusterQueue owns.
void add_effects(ReportData& d, const audit::effects::PeriodEffects& e);

void add_changes(ReportData& d, const std::vector<audit::effects::ChangeLine>& changes);

void add_sources(ReportData& d, const std::vector<audit::effects::InventoryEntry>& inventory);

/// The hash chain's head and verification result.
void add_chain(ReportData& d, const audit::ChainVerification& v);
/// The chain as one cluster's section of a report over several shows it: that cluster's own
/// head, and the verification of the whole store (one run covers every cluster's chain).
void add_cluster_chain(ReportData& d, const audit::ChainVerification& v, const std::string& cluster);

}  // namespace kg::report
