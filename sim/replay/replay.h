// Virtual-time replay: workloads arrive, wait, are admitted, run for their runtime
// and finish; scheduling cycles run at every event, as Kueue's scheduler would run
// them, until nothing more can happen. Measures what Kueue's scheduler-performance
// recorder measures (test/performance/scheduler/runner/recorder): time to
// admission per workload class and ClusterQueue usage against nominal quota.
#pragma once

#include "model/replay_result.h"
#include "sim/replay/arrivals.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace kg::sim::replay {

using model::QueueResult;
using model::ReplayResult;
using model::Usage;
using model::WorkloadResult;

struct Admitted {
    std::string workload;  ///< namespace/name
    std::string cluster_queue;
    Usage usage;
};

struct CycleResult {
    std::vector<Admitted> admitted;
    std::vector<std::string> preempted;  ///< namespace/name; their quota is released
};

/// What the replay needs from a scheduler: the simulator implements it.
class Scheduler {
public:
    virtual ~Scheduler() = default;
    /// A new pending workload (creationTimestamp set from its arrival).
    virtual void add(const model::Workload& wl) = 0;
    /// The workload ran to completion: it releases its quota (and triggers requeueing).
    virtual void finish(const std::string& key) = 0;
    /// One scheduling cycle at virtual time `now_ms`; evictions it decides complete before the next.
    virtual CycleResult run_cycle(std::int64_t now_ms) = 0;
    /// Nominal quota per ClusterQueue and (flavor, resource), for usage percentages.
    virtual std::map<std::string, Usage> nominal_quota() const = 0;
};

/// Replays `arrivals` through `scheduler`. `max_cycles_per_event` bounds the cycles run after
/// one batch of simultaneous events (a safety net; Kueue settles in a few).
ReplayResult run_replay(std::vector<Arrival> arrivals, Scheduler& scheduler, std::size_t max_cycles_per_event = 10000);

}  // namespace kg::sim::replay
