// Writes a replay's recorded lifecycle steps as JSON lines (`kueuegov replay --events`):
// a header with the queue objects, then one line per workload step in virtual time, so a
// generator (scripts/gen-audit-log) can write what the API server would log for the trace.
// The format is documented in man/kueuegov-replay.1.
#pragma once

#include "model/cluster.h"
#include "sim/replay/replay_result.h"

#include <cstdint>
#include <ostream>
#include <vector>

namespace kg::report {

struct ReplayEventsInput {
    const sim::ReplayResult& result;  ///< with steps recorded
    const model::Cluster& cluster;      ///< the queue objects of the replay (header line)
    /// Parallel to result.workloads: the Workload as it arrived, and its runtime.
    std::vector<const model::Workload*> workloads;
    std::vector<std::int64_t> runtime_ms;
    std::int64_t start_unix_ms = 0;  ///< wall-clock time of virtual time 0
};

inline constexpr const char* k_replay_events_format = "kueuegov.io/replay-events/v1";

void render_replay_events(std::ostream& out, const ReplayEventsInput& in);

}  // namespace kg::report
