// Per-queue wait statistics of a replay. Percentiles by nearest rank (the smallest wait with at
// least p% of the admitted workloads at or below it): exact on integer milliseconds.
#include "sim/replay/waits.h"

#include "sim/replay/replay.h"
#include "sim/replay/replay_input.h"
#include "sim/replay/sim_scheduler.h"

#include <algorithm>
#include <vector>

namespace kg::sim::replay {

namespace {

std::int64_t nearest_rank(const std::vector<std::int64_t>& sorted, int percent) {
    if (sorted.empty()) return 0;
    std::size_t rank = (sorted.size() * static_cast<std::size_t>(percent) + 99) / 100;  // ceil(p/100 * n)
    return sorted[std::max<std::size_t>(rank, 1) - 1];
}

}  // namespace

std::map<std::string, QueueWaits> queue_waits(const ReplayResult& r) {
    std::map<std::string, std::vector<std::int64_t>> waits;
    std::map<std::string, std::int64_t> count;
    for (const WorkloadResult& w : r.workloads) {
        std::vector<std::int64_t>& v = waits[w.cluster_queue];
        ++count[w.cluster_queue];
        if (w.admitted_ms >= 0) v.push_back(w.time_to_admission_ms());
    }
    std::map<std::string, QueueWaits> out;
    for (auto& [q, v] : waits) {
        std::sort(v.begin(), v.end());
        QueueWaits s;
        s.workloads = count[q];
        s.admitted = static_cast<std::int64_t>(v.size());
        std::int64_t sum = 0;
        for (std::int64_t x : v) sum += x;
        s.mean_ms = v.empty() ? 0 : sum / s.admitted;
        s.p50_ms = nearest_rank(v, 50);
        s.p95_ms = nearest_rank(v, 95);
        out[q] = s;
    }
    return out;
}

std::map<std::string, QueueWaits> replay_waits(ReplayInput& in, bool fair_sharing) {
    SimScheduler scheduler(in.cluster, fair_sharing);
    ReplayOptions options;
    options.throughput = in.throughput;
    return queue_waits(run_replay(in.arrivals, scheduler, options));
}

}  // namespace kg::sim::replay
