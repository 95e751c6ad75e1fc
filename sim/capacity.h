// What each ClusterQueue can count on and what it can reach, per flavor and resource, from
// the snapshot's quota arithmetic (kueue-admission.md §6: R6.2 guaranteedQuota, R6.4
// potentialAvailable). Kueue: pkg/cache/scheduler/resource_node.go. `diff` compares these
// between two versions of the policy; nothing else re-derives them.
#pragma once

#include "model/amount.h"
#include "model/cluster.h"

#include <string>
#include <vector>

namespace kg::sim {

/// One ClusterQueue's quota of one (flavor, resource) it declares.
struct QueueCapacity {
    std::string cluster_queue, flavor, resource;
    model::Amount nominal;
    /// The part of the nominal quota no other queue can borrow: nominal - lendingLimit when
    /// the ClusterQueue is in a cohort and sets a lendingLimit, 0 in a cohort without one
    /// (Kueue's guaranteedQuota: all of it may be lent), the whole nominal without a cohort
    /// (there is no one to lend to).
    model::Amount guaranteed;
    /// The most it could ever use with the rest of its cohort tree idle (Kueue's
    /// potentialAvailable): nominal + borrowingLimit, capped by what the tree can lend.
    model::Amount ceiling;
};

/// Every ClusterQueue (last definition of a name wins) x every (flavor, resource) it declares,
/// sorted by ClusterQueue, flavor, resource.
std::vector<QueueCapacity> queue_capacity(const model::Cluster& cluster);

}  // namespace kg::sim
