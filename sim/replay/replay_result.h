// What a replay measured, per workload and per ClusterQueue: shared by the
// simulator that produces it and the renderers that print it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace kg::sim {

/// (flavor, resource) -> amount (cpu in milli).
using Usage = std::map<std::pair<std::string, std::string>, std::int64_t>;

struct WorkloadResult {
    std::string workload;
    std::string workload_class;
    std::string cluster_queue;       ///< of the last admission, "" if never admitted
    std::int64_t arrival_ms = 0;
    std::int64_t admitted_ms = -1;   ///< last admission (Kueue's recorder keeps the latest), -1 never
    std::int64_t finished_ms = -1;
    /// When the last admission's patch landed, so a watcher saw the workload admitted: what
    /// Kueue's harness recorder measured to before kubernetes-sigs/kueue#13313 (August 2026),
    /// when the published rangespec.yaml means were calibrated. admitted_ms with --instant.
    std::int64_t admission_seen_ms = -1;
    int evictions = 0;
    std::int64_t time_to_admission_ms() const { return admitted_ms < 0 ? -1 : admitted_ms - arrival_ms; }
    std::int64_t time_to_admission_seen_ms() const {
        return admission_seen_ms < 0 ? -1 : admission_seen_ms - arrival_ms;
    }
};

/// One pod set of a quota reservation: the flavor chosen per resource and the podset's total.
struct PodSetReservation {
    std::string name;
    std::int32_t count = 0;
    std::map<std::string, std::string> flavors;  ///< resource -> flavor
    std::map<std::string, std::int64_t> usage;   ///< resource -> total amount (cpu in milli)
};

/// One step of a workload's lifecycle in virtual time, what Kueue would write into the
/// Workload's status at that moment. Recorded only on request (`kueuegov replay --events`).
struct ReplayStep {
    enum class Kind { created, pending, quota_reserved, admitted, evicted, requeued, finished };
    Kind kind = Kind::created;
    std::int64_t at_ms = 0;
    std::size_t workload = 0;                ///< index into ReplayResult::workloads
    std::string cluster_queue;               ///< quota_reserved, admitted, evicted
    std::vector<PodSetReservation> pod_sets; ///< quota_reserved
    std::string reason;             ///< pending: QuotaReserved=False reason; evicted/requeued: "Preempted"
    std::string preemption_reason;  ///< evicted: InClusterQueue | InCohortReclamation | ...
    std::string preemptor;          ///< evicted: namespace/name of the preemptor
    std::string message;            ///< pending, evicted, requeued: the condition message
};

/// A ClusterQueue's quota in use from `at_ms` until the next sample (none before the first).
struct UsageSample {
    std::int64_t at_ms = 0;
    Usage used;  ///< (flavor, resource) -> amount held by its admitted workloads
};

struct QueueResult {
    std::string cluster_queue;
    std::map<std::pair<std::string, std::string>, __int128> used_integral;  ///< amount x ms
    Usage nominal;
    std::int64_t first_ms = 0, last_ms = 0;
    int admissions = 0;
    /// Usage over time: one sample per virtual millisecond at which it changed (after every
    /// cycle of that millisecond), so a step function.
    std::vector<UsageSample> timeline;
};

/// The controller-throughput model of the run (sim/replay/api_throughput.h).
struct ApiThroughputSummary {
    bool modelled = false;       ///< false: --instant
    double qps = 0;              ///< Kueue's client
    std::int64_t burst = 0;
    std::int64_t kueue_writes = 0;   ///< Workload writes charged to Kueue's client
    std::int64_t runner_writes = 0;  ///< the harness runner's (Finished, eviction completed)
};

struct ReplayResult {
    std::vector<WorkloadResult> workloads;      ///< in arrival order
    std::map<std::string, QueueResult> queues;  ///< by ClusterQueue name
    std::map<std::string, std::string> queue_class;  ///< ClusterQueue -> class for the summary
    std::int64_t end_ms = 0;                    ///< when the last workload finished
    std::size_t cycles = 0;
    bool stalled = false;  ///< workloads left pending with nothing more to happen
    std::vector<ReplayStep> steps;  ///< in time order; empty unless steps were recorded
    ApiThroughputSummary api;
};

}  // namespace kg::sim
