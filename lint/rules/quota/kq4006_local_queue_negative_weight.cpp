// A LocalQueue's fairSharing.weight is not validated by any webhook, so a negative
// weight is accepted and breaks admission fair sharing ordering.
// Kueue: pkg/webhooks/webhooks.go (LocalQueue has no validator).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq4006{"KQ4006", "local-queue-negative-weight",
                        RuleFamily::quota, RuleScope::definition, Severity::error,
                        "A LocalQueue's fairSharing.weight is negative",
                        "Use 0 or a positive weight; Kueue does not reject this value, so lint must."};

void check_kq4006(const RuleContext& cx, FindingSink& out) {
    for (const model::LocalQueue& lq : cx.cluster.local_queues) {
        const auto& w = lq.fair_sharing_weight;
        if (w && w->value.sign() < 0) {
            out.report(k_kq4006, or_doc(w->pos, lq.meta), "spec.fairSharing.weight", ref("LocalQueue", lq.meta),
                       "LocalQueue \"" + lq.meta.key() + "\" has fairSharing.weight " + w->value.to_string() +
                           ": spec.fairSharing.weight must be greater than or equal to 0");
        }
    }
}

}  // namespace kg::lint::rules
