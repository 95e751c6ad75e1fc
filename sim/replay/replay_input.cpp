#include "sim/replay/replay_input.h"

#include "model/loader.h"

#include <set>

namespace kg::sim::replay {

namespace {

// Objects of `overrides` replace same-named queue objects of `base` (the generated ones).
template <typename T>
void overlay(std::vector<T>& base, const std::vector<T>& overrides) {
    std::set<std::string> names;
    for (const T& o : overrides) {
        names.insert(o.meta.key());
    }
    std::vector<T> kept;
    for (T& o : base) {
        if (!names.count(o.meta.key())) {
            kept.push_back(std::move(o));
        }
    }
    kept.insert(kept.end(), overrides.begin(), overrides.end());
    base = std::move(kept);
}

}  // namespace

bool load_replay_input(const std::string& generator, const std::string& trace, const std::vector<std::string>& manifests,
                       ReplayInput& in, model::DiagSink& diags, const model::LoadOptions& opt,
                       const std::string& kueue_config, bool instant) {
    // One run count for the manifests, the generator and the trace, so the run limit bounds all three.
    std::uint64_t own = 0;
    model::LoadOptions lo = opt;
    if (lo.run_read == nullptr) {
        lo.run_read = &own;
    }
    bool ok = true;
    model::Cluster extra;
    if (!manifests.empty()) {
        ok = model::load_paths(manifests, extra, diags, lo) && ok;
    }
    if (!kueue_config.empty()) {
        // Only its Configuration is taken; it shares the file table so diagnostics name it.
        model::Cluster side;
        side.files = std::move(extra.files);
        const std::size_t before = diags.error_count();
        const bool read = model::load_paths({kueue_config}, side, diags, lo);
        extra.files = std::move(side.files);
        ok = read && ok;
        if (side.kueue_config) {
            extra.kueue_config = std::move(side.kueue_config);
        } else if (read && diags.error_count() == before) {
            diags.error(model::SourcePos{static_cast<std::uint32_t>(extra.files.size() - 1), 1, 1},
                        "--kueue-config: expected a Kueue Configuration (or its ConfigMap), found none");
            ok = false;
        }
    }
    if (!generator.empty()) {
        // One file table for the manifests and the generator: diagnostics of either name the
        // right file, and the manifests' objects keep their positions.
        in.cluster.files = std::move(extra.files);
        // The harness creates its Workloads through the runner's client (creation_pace.h).
        const ClientRate creator = k_perf_runner_rate;
        ok = load_generator(generator, in.cluster, in.arrivals, diags, &in.queue_classes, lo,
                            instant ? nullptr : &creator) && ok;
        overlay(in.cluster.resource_flavors, extra.resource_flavors);
        overlay(in.cluster.cohorts, extra.cohorts);
        overlay(in.cluster.cluster_queues, extra.cluster_queues);
        overlay(in.cluster.local_queues, extra.local_queues);
        overlay(in.cluster.namespaces, extra.namespaces);
        if (extra.kueue_config) {
            in.cluster.kueue_config = extra.kueue_config;
        }
        in.cluster.workload_priority_classes = extra.workload_priority_classes;
    } else {
        in.cluster = std::move(extra);
        ok = load_trace(trace, in.cluster, in.arrivals, diags, lo) && ok;
    }
    in.cluster.reindex();
    ok = throughput_options(in.cluster.kueue_config, generator.empty() ? k_kueue_default_rate : k_perf_harness_rate,
                            instant, in.throughput, diags) && ok;
    return ok;
}

}  // namespace kg::sim::replay
