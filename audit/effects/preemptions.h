// Preemptions per ClusterQueue from the Workload steps in the evidence store, each counted
// once. Kueue records one preemption as Evicted (reason Preempted) and, since v0.9, also as
// Preempted with the rule as its reason (InClusterQueue, InCohortReclamation, ...): the two
// steps of one Workload at one second are one preemption, described by the richer Preempted
// step. Other evictions (deactivation, PodsReady timeout, stopped queue) are not preemptions.
#pragma once

#include "audit/effects/effects.h"
#include "audit/history.h"

#include <map>
#include <string>
#include <vector>

namespace kg::audit::effects {

/// Keyed by the preempted Workload's ClusterQueue; tallies sorted by (reason, preemptor).
std::map<std::string, std::vector<PreemptionTally>> preemptions_from_steps(const std::vector<WorkloadStep>& steps,
                                                                            Span span);

/// The preemptor as Kueue named it: a Workload UID (resolved to namespace/name through
/// `names`, UID -> "ns/name") and, since v0.15, the path of its ClusterQueue.
std::string preemptor_text(const std::string& uid, const std::string& path,
                           const std::map<std::string, std::string>& names);

}  // namespace kg::audit::effects
