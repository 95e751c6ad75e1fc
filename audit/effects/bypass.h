// Attribution of Jobs that ran outside Kueue to the ClusterQueue they bypassed. A Job without a
// queue-name label names no LocalQueue, so it is attributed only when exactly one ClusterQueue
// serves its namespace; in a namespace with LocalQueues of several ClusterQueues it is listed
// once, with the candidates, instead of being counted against each (one Job, one count).
#pragma once

#include "audit/effects/effects.h"
#include "model/cluster.h"
#include "model/finding.h"

#include <map>
#include <string>
#include <vector>

namespace kg::audit::effects {

/// The Jobs named by findings of the rules that report a Job outside Kueue: lint KQ3002
/// (job-bypasses-queue) and KQ3005 (accelerator Job without LocalQueue) on an export, history
/// KQ5002 (Job created without queue-name) on the store. One entry per Job, in first-seen order.
std::vector<BypassJob> bypass_jobs_from_findings(const std::vector<model::Finding>& findings);

/// Fills each Job's `serving` from the LocalQueues of `c` (end of the period).
void add_serving_queues(std::vector<BypassJob>& jobs, const model::Cluster& c);

struct BypassAttribution {
    std::map<std::string, std::int64_t> per_queue;  ///< ClusterQueue -> Jobs attributed to it alone
    std::vector<BypassJob> unattributed;            ///< served by several ClusterQueues
};

BypassAttribution attribute_bypass(const std::vector<BypassJob>& jobs);

}  // namespace kg::audit::effects
