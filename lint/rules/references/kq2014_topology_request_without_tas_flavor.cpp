// A pod set asking for Topology-Aware Scheduling (a topologyRequest, or the Job's
// kueue.x-k8s.io/podset-*-topology annotations) queued in a ClusterQueue none of whose flavors
// names a Topology: every flavor is rejected ("Flavor %q does not support
// TopologyAwareScheduling") and the workload is never admitted.
// Kueue: pkg/scheduler/flavorassigner/tas_flavorassigner.go (checkPodSetAndFlavorMatchForTAS),
// pkg/controller/jobframework (TAS annotations copied into the Workload's topologyRequest).
#include "lint/rules/references/tas_pod_sets.h"

namespace kg::lint::rules {

const RuleInfo k_kq2014{"KQ2014", "topology-request-without-tas-flavor",
                        RuleFamily::references, RuleScope::applied, Severity::error,
                        "A pod set asks for topology-aware scheduling in a ClusterQueue without TAS flavors",
                        "Give the ClusterQueue a ResourceFlavor with spec.topologyName, queue the job elsewhere, or "
                        "drop the TAS request."};

void check_kq2014(const RuleContext& cx, FindingSink& out) {
    const model::Cluster& c = cx.cluster;
    for_each_tas_pod_set(cx, [&](const TasPodSet& p) {
        if (!tas_flavors_of(c, *p.cluster_queue).empty()) return;
        bool flavors_known = true;  // a missing flavor is KQ2001's finding, and may be a TAS one
        for (const auto& g : p.cluster_queue->resource_groups)
            for (const auto& f : g.flavors) flavors_known = flavors_known && c.find_resource_flavor(*f.name);
        if (!flavors_known) return;
        const SourcePos pos = p.pod_set->topology_request ? p.pod_set->topology_request->pos : SourcePos{};
        out.report(k_kq2014, or_doc(pos, *p.meta), p.path, ref(p.kind, *p.meta),
                   std::string(p.kind) + " \"" + p.meta->key() + "\" pod set \"" + *p.pod_set->name +
                       "\" asks for topology-aware scheduling, but no flavor of ClusterQueue \"" +
                       *p.cluster_queue->meta.name +
                       "\" names a Topology: Kueue never admits it (Flavor does not support TopologyAwareScheduling)");
    });
}

}  // namespace kg::lint::rules
