// Building the cycle snapshot from the loaded cluster (Kueue pkg/cache/scheduler
// snapshot.go Snapshot, clusterqueue.go updateQueueStatus/inactiveReason,
// pkg/cache/hierarchy for implicit cohorts and cycles).
#pragma once

#include "sim/snapshot.h"

#include <string>
#include <vector>

namespace kg::sim {

/// Builds the tree (R1.3.2 implicit cohorts, R1.3.3 cycles), quotas (R6.1, R6.2) and the usage of
/// `reserving` (R6.3), which must outlive the snapshot. Inactive CQs stay in the tree for quota
/// arithmetic (R3.1.4).
Snapshot build_snapshot(const model::Cluster& cl, const std::vector<const WorkloadInfo*>& reserving);

}  // namespace kg::sim
