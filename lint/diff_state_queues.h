// The queue side of `diff --state`: ClusterQueues that stop or start admitting (sim's
// cluster_queue_status with the cohort hierarchy), LocalQueues whose ClusterQueue the head
// lacks, and cohort trees (sim/hierarchy) that merge or split.
#pragma once

#include "lint/diff_state.h"

namespace kg::lint {

std::vector<ClusterQueueChange> cluster_queue_changes(const model::Cluster& base, const model::Cluster& head);
/// LocalQueues whose ClusterQueue is missing under the head but was there under the base (or
/// the LocalQueue is new); `pending` left at 0 for the caller to fill.
std::vector<OrphanedLocalQueue> orphaned_local_queues(const model::Cluster& base, const model::Cluster& head);
std::vector<CohortTreeChange> cohort_tree_changes(const model::Cluster& base, const model::Cluster& head);

}  // namespace kg::lint
