// Virtual-time replay: workloads arrive, wait, are admitted, run for their runtime
// and finish; scheduling cycles run at every event, as Kueue's scheduler would run
// them, until nothing more can happen. Measures what Kueue's scheduler-performance
// recorder measures (test/performance/scheduler/runner/recorder): time to
// admission per workload class and ClusterQueue usage against nominal quota.
#pragma once

#include "sim/decisions.h"
#include "sim/replay/api_throughput.h"
#include "sim/replay/replay_result.h"
#include "sim/replay/arrivals.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace kg::sim::replay {

using sim::QueueResult;
using sim::ReplayResult;
using sim::Usage;
using sim::WorkloadResult;

/// No row: a workload that is not one of the replay's arrivals (or a scheduler that does not
/// keep rows), found by its key instead.
inline constexpr std::size_t k_no_row = static_cast<std::size_t>(-1);

struct Admitted {
    std::string workload;  ///< namespace/name
    std::string cluster_queue;
    Usage usage;
    std::vector<sim::PodSetReservation> pod_sets;  ///< per pod set (for recorded steps)
    bool admitted = true;  ///< false: quota reserved, admission checks not all Ready
    /// Its row (as given to Scheduler::add), so the replay need not look the key up; k_no_row
    /// when the scheduler does not know it.
    std::size_t row = k_no_row;
};

struct CycleResult {
    std::vector<Admitted> admitted;
    std::vector<sim::PreemptedDecision> preempted;  ///< their quota is released
    std::vector<sim::PendingDecision> pending;      ///< only when asked (report_pending)
    /// The next cycle would try other heads than this one did (its heads went inadmissible and
    /// the workloads behind them are next): Kueue runs that cycle without waiting for an event.
    bool heads_moved = false;
};

/// What the replay needs from a scheduler: the simulator implements it.
class Scheduler {
public:
    virtual ~Scheduler() = default;
    /// A new pending workload (a.workload() is the whole Workload). The arrival lives until
    /// run_replay returns (run_replay owns the arrivals), so a scheduler may keep a reference.
    /// `row`: the arrival's row in the result (run_replay's number for it); `key`: a.key(),
    /// which the replay has made once already.
    virtual void add(const Arrival& a, std::size_t row, const std::string& key) = 0;
    /// The workload of `row` (its key `key`) ran to completion: it releases its quota (and
    /// triggers requeueing).
    virtual void finish(std::size_t row, const std::string& key) = 0;
    /// One scheduling cycle at virtual time `now_ms`; evictions it decides complete before the next.
    virtual CycleResult run_cycle(std::int64_t now_ms) = 0;
    /// Nominal quota per ClusterQueue and (flavor, resource), for usage percentages.
    virtual std::map<std::string, Usage> nominal_quota() const = 0;
    /// Whether cycles list the pending workloads with their messages (recorded steps need it).
    virtual void report_pending(bool) {}
    /// Whether Admitted::pod_sets are wanted (only recorded steps read them).
    virtual void record_steps(bool) {}
    /// On: finish() and completed evictions no longer requeue the inadmissible workloads of
    /// the cohort tree; the replay calls requeue_tree() when Kueue's requeuer would.
    virtual void defer_requeues(bool) {}
    /// The name that stands for `cq`'s cohort tree (requeue notices are batched per tree).
    virtual std::string requeue_tree_of(const std::string& cq) const { return cq; }
    /// Requeues the inadmissible workloads of the tree named `tree`; true when any became active.
    virtual bool requeue_tree(const std::string& /*tree*/) { return false; }
};

struct ReplayOptions {
    std::size_t max_cycles_per_event = 10000;
    bool record_steps = false;  ///< fill ReplayResult::steps (kueuegov replay --events)
    /// What Kueue's API writes cost (sim/replay/api_throughput.h); Kueue's default client
    /// rate unless set. `instant`: none, every cycle and eviction takes no time.
    ThroughputOptions throughput;
};

/// Replays `arrivals` through `scheduler`. `max_cycles_per_event` bounds the cycles run back
/// to back after one batch of events (a safety net; Kueue settles in a few).
ReplayResult run_replay(std::vector<Arrival> arrivals, Scheduler& scheduler, const ReplayOptions& options);
inline ReplayResult run_replay(std::vector<Arrival> arrivals, Scheduler& scheduler,
                               std::size_t max_cycles_per_event = 10000) {
    return run_replay(std::move(arrivals), scheduler, ReplayOptions{max_cycles_per_event, false, {}});
}

}  // namespace kg::sim::replay
