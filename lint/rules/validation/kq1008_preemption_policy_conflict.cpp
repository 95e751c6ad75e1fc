// reclaimWithinCohort Never forbids borrowWithinCohort preemption.
// Kueue: pkg/webhooks/clusterqueue_webhook.go validatePreemption (also a CEL rule).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq1008{"KQ1008", "preemption-policy-conflict",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "borrowWithinCohort preempts while reclaimWithinCohort is Never",
                        "Set borrowWithinCohort.policy to Never, or reclaimWithinCohort to LowerPriority or Any."};

void check_kq1008(const RuleContext& cx, FindingSink& out) {
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        const auto& p = cq.preemption;
        if (p.present && *p.reclaim_within_cohort == model::ReclaimWithinCohort::never &&
            p.borrow_within_cohort->policy != model::BorrowWithinCohortPolicy::never) {
            out.report(k_kq1008, or_doc(p.borrow_within_cohort.pos, cq.meta), "spec.preemption",
                       ref("ClusterQueue", cq.meta),
                       "ClusterQueue \"" + *cq.meta.name +
                           "\" is invalid: spec.preemption: Invalid value: \"object\": reclaimWithinCohort=Never and "
                           "borrowWithinCohort.Policy!=Never");
        }
    }
}

}  // namespace kg::lint::rules
