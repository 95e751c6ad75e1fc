// fairSharing.weight 0 is valid, but under fair sharing such a queue or cohort gets an
// infinite share value: it can never borrow and is the first to be preempted.
// Kueue: pkg/cache/scheduler/fair_sharing.go (dominant resource share).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq4004{"KQ4004", "fair-sharing-weight-zero",
                        RuleFamily::quota, RuleScope::definition, Severity::warning,
                        "A fairSharing.weight of 0 makes the queue the first preemption victim",
                        "Use a small positive weight (such as 0.1) unless starving this queue is intended."};

namespace {

void check(const std::optional<model::Located<model::Quantity>>& w, const char* kind, const model::ObjectMeta& m,
           FindingSink& out) {
    if (w && w->value.is_zero()) {
        out.report(k_kq4004, or_doc(w->pos, m), "spec.fairSharing.weight", ref(kind, m),
                   std::string(kind) + " \"" + m.key() +
                       "\" has fairSharing.weight 0: under fair sharing it never borrows and is preempted first");
    }
}

}  // namespace

void check_kq4004(const RuleContext& cx, FindingSink& out) {
    for (const auto& o : cx.cluster.cluster_queues) check(o.fair_sharing_weight, "ClusterQueue", o.meta, out);
    for (const auto& o : cx.cluster.cohorts) check(o.fair_sharing_weight, "Cohort", o.meta, out);
    for (const auto& o : cx.cluster.local_queues) check(o.fair_sharing_weight, "LocalQueue", o.meta, out);
}

}  // namespace kg::lint::rules
