// Kueue: jobframework copies the podset TAS annotations into the Workload's
// spec.podSets[].topologyRequest (model/decode/decode_tas.cpp reads both); the scheduler reads
// the request from the Workload queued in its LocalQueue's ClusterQueue.
#include "lint/rules/references/tas_pod_sets.h"

#include "lint/rules/queue_index.h"
#include "sim/tas/tas_placement.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string_view>

namespace kg::lint::rules {

void for_each_tas_pod_set(const RuleContext& cx, const std::function<void(const TasPodSet&)>& fn) {
    const model::Cluster& c = cx.cluster;
    const QueueIndex queues(c);
    auto queue_of = [&](const model::ObjectMeta& m, const std::string& queue) {
        return queue.empty() ? nullptr : queues.cluster_queue(*m.namespace_, queue);
    };
    // Few pod sets ask for TAS: the queue lookups and the set of Jobs are made only for
    // objects that do (made for every object they were most of KQ2013's and KQ2014's time).
    auto asks_tas = [](const std::vector<model::PodSet>& pod_sets) {
        return std::any_of(pod_sets.begin(), pod_sets.end(), sim::tas::explicitly_requests_tas);
    };
    for (const model::Job& job : c.jobs) {
        if (!asks_tas(job.pod_sets)) continue;
        const model::ClusterQueue* cq = queue_of(job.meta, *job.queue_name);
        if (!cq) continue;
        for (const model::PodSet& ps : job.pod_sets)
            if (sim::tas::explicitly_requests_tas(ps))
                fn({"Job", &job.meta, &ps, "pod template metadata.annotations (pod set " + *ps.name + ")", cq});
    }
    std::optional<std::set<std::pair<std::string_view, std::string_view>>> jobs;  // (namespace, name)
    for (const model::Workload& wl : c.workloads) {
        if (!asks_tas(wl.pod_sets)) continue;
        if (!jobs) {
            jobs.emplace();
            for (const model::Job& job : c.jobs) jobs->insert({*job.meta.namespace_, *job.meta.name});
        }
        bool owned = false;
        for (const auto& [kind, name] : wl.meta.owner_refs)
            owned = owned || jobs->count({*wl.meta.namespace_, name});
        if (owned) continue;
        const model::ClusterQueue* cq = queue_of(wl.meta, *wl.queue_name);
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
