// Wait time to admission per ClusterQueue from a replay (mean, median and 95th percentile),
// so `diff --trace/--generator` can show what a policy change does to the waits. Kueue's
// recorder keeps a workload's latest admission; so does ReplayResult.
#pragma once

#include "sim/replay/replay_result.h"

#include <cstdint>
#include <map>
#include <string>

namespace kg::sim::replay {

struct QueueWaits {
    std::int64_t workloads = 0;      ///< in the group (for "": never admitted)
    std::int64_t admitted = 0;       ///< workloads admitted at least once
    std::int64_t mean_ms = 0;        ///< integer mean (sum / count), as the recorder computes it
    std::int64_t p50_ms = 0, p95_ms = 0;  ///< nearest-rank percentiles
};

/// By the ClusterQueue of each workload's last admission; workloads never admitted are
/// counted under "" (workloads = how many, admitted 0).
std::map<std::string, QueueWaits> queue_waits(const ReplayResult& r);

/// Replays `in` (as `kueuegov replay` does, with `in.throughput`) and returns the waits per ClusterQueue.
struct ReplayInput;
std::map<std::string, QueueWaits> replay_waits(ReplayInput& in, bool fair_sharing);

}  // namespace kg::sim::replay
