// A pod set asking for a topology level (required, preferred or a slice level) that the
// Topology of no TAS flavor of its ClusterQueue has: every flavor is rejected ("Flavor %q does
// not contain the requested level") and the workload is never admitted.
// Kueue: pkg/scheduler/flavorassigner/tas_flavorassigner.go (checkPodSetAndFlavorMatchForTAS),
// pkg/cache/scheduler/tas_flavor_snapshot.go (HasLevel).
#include "lint/rules/references/tas_pod_sets.h"
#include "sim/tas/tas_placement.h"

#include <algorithm>

namespace kg::lint::rules {

const RuleInfo k_kq2013{"KQ2013", "topology-level-not-in-flavor",
                        RuleFamily::references, RuleScope::applied, Severity::error,
                        "A pod set asks for a topology level that no TAS flavor of its ClusterQueue has",
                        "Ask for a level of the flavor's Topology (its spec.levels), or add the level to the Topology."};

namespace {

std::vector<std::string> requested_levels(const model::PodSetTopologyRequest& r) {
    std::vector<std::string> out;
    if (r.required) out.push_back(*r.required);
    if (r.preferred) out.push_back(*r.preferred);
    for (const auto& l : sim::tas::slice_constraints(&r)) out.push_back(l.topology);
    return out;
}

}  // namespace

void check_kq2013(const RuleContext& cx, FindingSink& out) {
    const model::Cluster& c = cx.cluster;
    for_each_tas_pod_set(cx, [&](const TasPodSet& p) {
        if (!p.pod_set->topology_request) return;
        std::vector<std::string> wanted = requested_levels(*p.pod_set->topology_request);
        if (wanted.empty()) return;
        std::string missing, where;
        for (const model::ResourceFlavor* rf : tas_flavors_of(c, *p.cluster_queue)) {
            const model::Topology* t = c.find_topology(rf->topology_name);
            if (!t) return;  // KQ2011's finding; the levels are unknown
            std::string lacks;
            for (const auto& w : wanted)
                if (std::none_of(t->levels.begin(), t->levels.end(), [&](const auto& l) { return *l == w; }) &&
                    lacks.empty())
                    lacks = w;
            if (lacks.empty()) return;  // this flavor can place it
            if (missing.empty()) {
                missing = lacks;
                std::string levels;
                for (const auto& l : t->levels) levels += (levels.empty() ? "" : ", ") + *l;
                where = "Topology \"" + t->meta.name.value + "\" of flavor \"" + *rf->meta.name + "\" (levels: " +
                        levels + ")";
            }
        }
        if (missing.empty()) return;  // no TAS flavor at all: KQ2014's finding
        out.report(k_kq2013, or_doc(p.pod_set->topology_request->pos, *p.meta), p.path, ref(p.kind, *p.meta),
                   std::string(p.kind) + " \"" + p.meta->key() + "\" pod set \"" + *p.pod_set->name +
                       "\" asks for topology level \"" + missing + "\", which no TAS flavor of ClusterQueue \"" +
                       *p.cluster_queue->meta.name + "\" has (e.g. " + where +
                       "): Kueue never admits it (Flavor does not contain the requested level)");
    });
}

}  // namespace kg::lint::rules
