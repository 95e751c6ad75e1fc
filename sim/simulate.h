// Kueue's scheduling cycles, offline (pkg/scheduler/scheduler.go schedule, nominate,
// processEntry; pkg/cache/queue for heads and requeueing): kueue-admission.md §4, §5.
#pragma once

#include "model/cluster.h"
#include "sim/decisions.h"
#include "sim/explain_recorder.h"

#include <cstddef>
#include <optional>
#include <string>

namespace kg::sim {

struct SimOptions {
    std::size_t cycles = 1;
    bool until_stable = false;        ///< run until a cycle changes nothing (capped by max_cycles)
    std::size_t max_cycles = 1000;
    bool fair_sharing = false;        ///< also on when the cluster's Kueue config enables it
    std::optional<model::Timestamp> now;  ///< clock for backoff (R4.6); default: latest timestamp seen
    ExplainRecorder* recorder = nullptr;  ///< optional per-flavor fit numbers (null = off)
};

/// Runs the cycles over the loaded state. Never throws on bad input: unknown references
/// become pending workloads with Kueue's message.
sim::SimulationResult simulate(const model::Cluster& cluster, const SimOptions& opt);

/// Nominates queued workload `key` as if it were its ClusterQueue's head in the first cycle,
/// on the loaded state, changing nothing (explain's flavor numbers for a workload behind the
/// head). nullopt when the workload is not queued in a ClusterQueue.
std::optional<HeadRecord> nominate_as_head(const model::Cluster& cluster, const SimOptions& opt,
                                           const std::string& key);

}  // namespace kg::sim
