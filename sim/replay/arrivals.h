// What a replay feeds the simulator: the queue objects to add to the cluster and
// the Workloads that arrive over virtual time, each with its runtime. Two sources:
// Kueue's scheduler-performance generator config and kueuegov's own trace file.
#pragma once

#include "model/cluster.h"
#include "model/diagnostic.h"
#include "model/loader.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace kg::sim::replay {

/// One Workload of the replay and when it arrives. The Workload itself is `base` plus the
/// identity held here: a generator shares one base among the arrivals of a workload template
/// in one queue, since they differ only in name, uid and creation time. With every workload
/// pending at once (ls-cq10x: 500,000 behind a 50 qps client), a Workload apiece was most of
/// the replay's memory.
struct Arrival {
    /// Spec and status, shared by the arrivals of one template: its metadata.name and
    /// creationTimestamp are this arrival's only when `name` is empty (a trace's workload).
    std::shared_ptr<const model::Workload> base;
    std::string name;              ///< metadata.name, or "" for base's own
    /// metadata.uid is "replay-" and this number in 10 digits (order_arrivals numbers them in
    /// time order); -1: base's own. A number, not the 17-character string, which would need a
    /// heap block of its own per workload.
    std::int64_t uid_number = -1;
    std::int64_t arrival_ms = 0;   ///< virtual time of creation, from the start of the replay
    std::int64_t runtime_ms = 0;   ///< runs this long once admitted, then finishes
    std::string workload_class;    ///< summary grouping ("small", "large", or the trace's class)

    const std::string& workload_name() const { return name.empty() ? *base->meta.name : name; }
    /// metadata.uid ("" when neither set nor in base).
    std::string uid() const;
    /// "namespace/name", as Workload's meta.key().
    std::string key() const;
    /// metadata.creationTimestamp: its arrival second for a named arrival, else base's.
    std::optional<model::Timestamp> creation_timestamp() const;
    /// The whole pending Workload: base with this arrival's name, uid and creation_timestamp().
    model::Workload workload() const;
};

struct ClientRate;  // sim/replay/api_throughput.h

/// Virtual time 0 maps to this wall-clock second, so timestamps stay realistic.
inline constexpr std::int64_t k_replay_epoch = 1767225600;  // 2026-01-01T00:00:00Z

/// Reads Kueue's test/performance/scheduler generator.yaml and builds what its harness
/// builds (see shared/data/kueue-perf/SOURCES.md): ResourceFlavor `rf`, cohorts,
/// ClusterQueues, a Namespace and LocalQueue per ClusterQueue, and the Workload arrivals.
/// Returns false when the file cannot be read or is not a generator config.
/// `queue_classes` receives ClusterQueue name -> the queue set's className, for the summary.
/// `creation_rate`: the harness's creating client (sim/replay/creation_pace.h) paces the
/// arrivals; null keeps the nominal schedule, (k+1) x creationIntervalMs.
bool load_generator(const std::string& path, model::Cluster& cluster, std::vector<Arrival>& arrivals,
                    model::DiagSink& diags, std::map<std::string, std::string>* queue_classes = nullptr,
                    const model::LoadOptions& opt = {}, const ClientRate* creation_rate = nullptr);

/// Reads a kueuegov trace (kind: WorkloadTrace, see man kueuegov-replay): workloads with
/// arrival and runtime. Queue objects come from the -f manifests. Both readers bound the file
/// and its document by `opt` (bytes per file and per run, nodes, keys), as manifests are.
bool load_trace(const std::string& path, model::Cluster& cluster, std::vector<Arrival>& arrivals,
                model::DiagSink& diags, const model::LoadOptions& opt = {});

}  // namespace kg::sim::replay
