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
                       ReplayInput& in, model::DiagSink& diags) {
    bool ok = true;
    model::Cluster extra;
    if (!manifests.empty()) {
        ok = model::load_paths(manifests, extra, diags) && ok;
    }
    if (!generator.empty()) {
        ok = load_generator(generator, in.cluster, in.arrivals, diags, &in.queue_classes) && ok;
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
        ok = load_trace(trace, in.cluster, in.arrivals, diags) && ok;
    }
    in.cluster.reindex();
    return ok;
}

}  // namespace kg::sim::replay
