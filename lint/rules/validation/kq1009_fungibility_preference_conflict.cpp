// flavorFungibility.preference needs whenCanBorrow and whenCanPreempt both TryNextFlavor;
// whenCanBorrow defaults to MayStopSearch, so setting only `preference` fails.
// Kueue: pkg/webhooks/clusterqueue_webhook.go validateFlavorFungibility (also CEL).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq1009{"KQ1009", "fungibility-preference-conflict",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "flavorFungibility.preference is set without both policies at TryNextFlavor",
                        "Set whenCanBorrow and whenCanPreempt to TryNextFlavor, or remove preference."};

void check_kq1009(const RuleContext& cx, FindingSink& out) {
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        const model::FlavorFungibility& f = cq.flavor_fungibility;
        if (f.preference == model::FungibilityPreference::unset) {
            continue;
        }
        if (f.when_can_borrow == model::WhenCanBorrow::try_next_flavor &&
            f.when_can_preempt == model::WhenCanPreempt::try_next_flavor) {
            continue;
        }
        const char* pref = f.preference == model::FungibilityPreference::borrowing_over_preemption
                               ? "BorrowingOverPreemption"
                               : "PreemptionOverBorrowing";
        out.report(k_kq1009, or_doc(f.pos, cq.meta), "spec.flavorFungibility.preference",
                   ref("ClusterQueue", cq.meta),
                   "ClusterQueue \"" + *cq.meta.name +
                       "\" is invalid: spec.flavorFungibility.preference: Invalid value: \"" + pref +
                       "\": preference \"" + pref + "\" requires both whenCanBorrow and whenCanPreempt to be "
                       "TryNextFlavor");
    }
}

}  // namespace kg::lint::rules
