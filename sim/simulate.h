// Kueue's scheduling cycles, offline (pkg/scheduler/scheduler.go schedule, nominate,
// processEntry; pkg/cache/queue for heads and requeueing): kueue-admission.md §4, §5.
#pragma once

#include "model/cluster.h"
#include "sim/decisions.h"
#include "sim/explain_recorder.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace kg::sim {

struct SimOptions {
    std::size_t cycles = 1;
    bool until_stable = false;        ///< run until a cycle changes nothing (capped by max_cycles)
    std::size_t max_cycles = 1000;
    bool fair_sharing = false;        ///< also on when the cluster's Kueue config enables it
    std::optional<model::Timestamp> now;  ///< clock for backoff (R4.6); default: latest timestamp seen
    ExplainRecorder* recorder = nullptr;  ///< optional per-flavor fit numbers (null = off)
};

/// The Workloads Kueue's job framework would create for the managed Jobs that have none yet
/// (pkg/controller/jobframework/reconciler.go): the pending work a Job manifest stands for.
std::vector<model::Workload> workloads_for_jobs(const model::Cluster& cluster);

/// Runs the cycles over the loaded state. Never throws on bad input: unknown references
/// become pending workloads with Kueue's message.
sim::SimulationResult simulate(const model::Cluster& cluster, const SimOptions& opt);

/// Nominates queued workload `key` as if it were its ClusterQueue's head in the first cycle,
/// on the loaded state, changing nothing (explain's flavor numbers for a workload behind the
/// head). nullopt when the workload is not queued in a ClusterQueue.
std::optional<HeadRecord> nominate_as_head(const model::Cluster& cluster, const SimOptions& opt,
                                           const std::string& key);

/// Every pending workload queued in a ClusterQueue, nominated as its ClusterQueue's head on the
/// cluster with no quota in use (no workload reserving): its flavor assignment then meets only
/// what the policy could ever give it (R6.4 potentialAvailable, flavors, partial admission),
/// so a head record with mode no_fit names a workload this policy can never admit, with
/// Kueue's message. Sorted by workload key; workloads not queued are left out.
std::vector<HeadRecord> nominate_on_idle_cluster(const model::Cluster& cluster, const SimOptions& opt);

}  // namespace kg::sim
