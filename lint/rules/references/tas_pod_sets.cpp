// Kueue: jobframework copies the podset TAS annotations into the Workload's
// spec.podSets[].topologyRequest (model/decode/decode_tas.cpp reads both); the scheduler reads
// the request from the Workload queued in its LocalQueue's ClusterQueue.
#include "lint/rules/references/tas_pod_sets.h"

#include "sim/tas/tas_placement.h"

#include <set>

namespace kg::lint::rules {

namespace {

const model::ClusterQueue* queue_of(const model::Cluster& c, const model::ObjectMeta& m, const std::string& queue) {
    if (queue.empty()) return nullptr;
    const model::LocalQueue* lq = find_local_queue_for(c, *m.namespace_, queue);
    return lq ? c.find_cluster_queue(*lq->cluster_queue) : nullptr;
}

}  // namespace

void for_each_tas_pod_set(const RuleContext& cx, const std::function<void(const TasPodSet&)>& fn) {
    const model::Cluster& c = cx.cluster;
    std::set<std::pair<std::string, std::string>> jobs;  // (namespace, name)
    for (const model::Job& job : c.jobs) {
        jobs.insert({*job.meta.namespace_, *job.meta.name});
        const model::ClusterQueue* cq = queue_of(c, job.meta, *job.queue_name);
        if (!cq) continue;
        for (const model::PodSet& ps : job.pod_sets)
            if (sim::tas::explicitly_requests_tas(ps))
                fn({"Job", &job.meta, &ps, "pod template metadata.annotations (pod set " + *ps.name + ")", cq});
    }
    for (const model::Workload& wl : c.workloads) {
        bool owned = false;
        for (const auto& [kind, name] : wl.meta.owner_refs) owned = owned || jobs.count({*wl.meta.namespace_, name});
        if (owned) continue;
        const model::ClusterQueue* cq = queue_of(c, wl.meta, *wl.queue_name);
        if (!cq) continue;
        for (std::size_t i = 0; i < wl.pod_sets.size(); ++i)
            if (sim::tas::explicitly_requests_tas(wl.pod_sets[i]))
                fn({"Workload", &wl.meta, &wl.pod_sets[i], "spec.podSets[" + std::to_string(i) + "].topologyRequest", cq});
    }
}

std::vector<const model::ResourceFlavor*> tas_flavors_of(const model::Cluster& c, const model::ClusterQueue& cq) {
    std::vector<const model::ResourceFlavor*> out;
    std::set<std::string> seen;
    for (const auto& g : cq.resource_groups)
        for (const auto& f : g.flavors) {
            const model::ResourceFlavor* rf = c.find_resource_flavor(*f.name);
            if (rf && !rf->topology_name.empty() && seen.insert(*f.name).second) out.push_back(rf);
        }
    return out;
}

}  // namespace kg::lint::rules
