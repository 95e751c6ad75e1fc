// Admissions, waits and preemptions per ClusterQueue from a single export taken at the end of
// the period: the Workloads whose QuotaReserved condition turned True in the period (waits from
// their creation) and whose Preempted or Evicted condition did. A snapshot keeps only the last
// transition of each condition type (audit-evidence.md section 0 item 3), so earlier ones are
// not seen; the report says so.
#pragma once

#include "audit/effects/admissions.h"
#include "audit/effects/effects.h"
#include "model/cluster.h"

#include <map>
#include <string>
#include <vector>

namespace kg::audit::effects {

struct ExportTallies {
    std::map<std::string, AdmissionTally> admissions;
    std::map<std::string, std::vector<PreemptionTally>> preemptions;
};

ExportTallies tallies_from_export(const model::Cluster& c, Span span);

}  // namespace kg::audit::effects
