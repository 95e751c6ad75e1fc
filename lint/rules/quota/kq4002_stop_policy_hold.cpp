// stopPolicy Hold or HoldAndDrain left in a manifest stops admission (the queue
// reports Stopped); usually a maintenance switch someone forgot to undo.
// Kueue: pkg/cache/scheduler/clusterqueue.go inactiveReason (Stopped).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq4002{"KQ4002", "stop-policy-hold",
                        RuleFamily::quota, RuleScope::definition, Severity::warning,
                        "A ClusterQueue or LocalQueue is stopped by stopPolicy",
                        "Set stopPolicy to None when the maintenance is over, or suppress with a reason."};

namespace {

void check(const model::Located<model::StopPolicy>& p, const char* kind, const model::ObjectMeta& m,
           FindingSink& out) {
    if (*p == model::StopPolicy::none) {
        return;
    }
    const char* v = *p == model::StopPolicy::hold ? "Hold" : "HoldAndDrain";
    out.report(k_kq4002, or_doc(p.pos, m), "spec.stopPolicy", ref(kind, m),
               std::string(kind) + " \"" + m.key() + "\" has stopPolicy " + v + ": it admits no new workloads" +
                   (*p == model::StopPolicy::hold_and_drain ? " and evicts admitted ones" : ""));
}

}  // namespace

void check_kq4002(const RuleContext& cx, FindingSink& out) {
    for (const auto& cq : cx.cluster.cluster_queues) {
        check(cq.stop_policy, "ClusterQueue", cq.meta, out);
    }
    for (const auto& lq : cx.cluster.local_queues) {
        check(lq.stop_policy, "LocalQueue", lq.meta, out);
    }
}

}  // namespace kg::lint::rules
