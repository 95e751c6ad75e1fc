// AdmissionCheck combinations Kueue accepts but then keeps the ClusterQueue inactive
// for: more than one MultiKueue check, a MultiKueue check limited to some flavors
// (onFlavors), or MultiKueue together with ProvisioningRequest checks. The reasons come
// from the simulator's ClusterQueue status, so lint and simulate agree on them.
// Kueue: pkg/cache/scheduler/clusterqueue.go inactiveReason.
#include "lint/rules/helpers.h"

#include "sim/cluster_queue_status.h"

namespace kg::lint::rules {

const RuleInfo k_kq2010{"KQ2010", "multikueue-check-conflict",
                        RuleFamily::references, RuleScope::applied, Severity::error,
                        "A ClusterQueue combines MultiKueue admission checks in a way that keeps it inactive",
                        "Use one MultiKueue AdmissionCheck for all flavors, and keep ProvisioningRequest checks on "
                        "the worker clusters."};

void check_kq2010(const RuleContext& cx, FindingSink& out) {
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        for (const sim::InactivePart& part : sim::cluster_queue_status(cx.cluster, cq).parts) {
            if (part.check_index < 0) continue;  // stop policy, flavors, checks: other rules
            auto i = static_cast<std::size_t>(part.check_index);
            out.report(k_kq2010, or_doc(cq.admission_checks[i].name.pos, cq.meta),
                       "spec.admissionChecksStrategy.admissionChecks[" + std::to_string(i) + "]",
                       ref("ClusterQueue", cq.meta),
                       "ClusterQueue \"" + *cq.meta.name + "\" stays inactive (" + part.reason + "): " + part.message);
        }
    }
}

}  // namespace kg::lint::rules
