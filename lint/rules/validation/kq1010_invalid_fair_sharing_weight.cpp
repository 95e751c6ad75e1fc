// fairSharing.weight must be >= 0 and, when not 0, above 1n.
// Kueue: pkg/webhooks/common.go validateFairSharing (ClusterQueue and Cohort).
#include "lint/rules/validation/quota_groups.h"

namespace kg::lint::rules {

const RuleInfo k_kq1010{"KQ1010", "invalid-fair-sharing-weight",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A ClusterQueue or Cohort fairSharing.weight is negative or too small",
                        "Use 0 (never borrow under fair sharing) or a weight above 1n, such as 1."};

namespace {

void check_weight(const std::optional<model::Located<model::Quantity>>& w, const char* kind,
                  const model::ObjectMeta& m, FindingSink& out) {
    if (!w) {
        return;
    }
    std::string why;
    if (w->value.sign() < 0) {
        why = "must be greater than or equal to 0";
    } else if (w->value.nanos() > 0 && w->value.nanos() <= 1) {
        why = "When not 0, weight must be > 10e-9";
    } else {
        return;
    }
    out.report(k_kq1010, or_doc(w->pos, m), "spec.fairSharing.weight", ref(kind, m),
               std::string(kind) + " \"" + *m.name + "\" is invalid: spec.fairSharing.weight: Invalid value: " +
                   q_str(w->value) + ": " + why);
}

}  // namespace

void check_kq1010(const RuleContext& cx, FindingSink& out) {
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        check_weight(cq.fair_sharing_weight, "ClusterQueue", cq.meta, out);
    }
    for (const model::Cohort& co : cx.cluster.cohorts) {
        check_weight(co.fair_sharing_weight, "Cohort", co.meta, out);
    }
}

}  // namespace kg::lint::rules
