// Building the scheduler's WorkloadInfo from a model::Workload (Kueue pkg/workload
// workload.go NewInfo, Ordering.GetQueueOrderTimestamp; pkg/util/priority).
#pragma once

#include "sim/snapshot.h"

namespace kg::sim {

/// R1.5.3: QuotaReserved=True, not Finished, spec.active.
bool is_reserving(const model::Workload& wl);
/// Pod sets with effective counts and per-pod requests (R2.1-R2.6, excluded prefixes applied).
WorkloadInfo make_workload_info(const model::Cluster& cl, const model::Workload& wl);
/// Totals of a pod set at `count` pods, with `pods` when the CQ covers it (R2.5, R2.7).
model::ResourceAmounts pod_set_totals_at(const PodSetInfo& ps, std::int32_t count, bool with_pods);

}  // namespace kg::sim
