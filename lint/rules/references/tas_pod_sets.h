// The pod sets that ask for Topology-Aware Scheduling, with the ClusterQueue they queue in:
// shared by the TAS reference rules (KQ2013, KQ2014). A Workload owned by a Job of the inputs
// is left to the Job, so one mistake is reported once.
#pragma once

#include "lint/rules/helpers.h"

#include <functional>

namespace kg::lint::rules {

struct TasPodSet {
    const char* kind;  ///< "Job" or "Workload"
    const model::ObjectMeta* meta;
    const model::PodSet* pod_set;
    std::string path;  ///< field path of the request
    const model::ClusterQueue* cluster_queue;
};

/// Calls `fn` for each pod set with an explicit TAS request (sim::tas::explicitly_requests_tas)
/// whose LocalQueue and ClusterQueue are in the inputs.
void for_each_tas_pod_set(const RuleContext& cx, const std::function<void(const TasPodSet&)>& fn);

/// The ResourceFlavors of a ClusterQueue that name a Topology (TAS flavors), in its order.
std::vector<const model::ResourceFlavor*> tas_flavors_of(const model::Cluster& c, const model::ClusterQueue& cq);

}  // namespace kg::lint::rules
