// namespaceSelector: {} on a ClusterQueue with accelerator quota lets every namespace
// (today's and tomorrow's) submit to the pool. Kueue: pkg/cache (namespaceSelector).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq3003{"KQ3003", "open-accelerator-pool",
                        RuleFamily::governance, RuleScope::definition, Severity::warning,
                        "A ClusterQueue with accelerator quota selects every namespace",
                        "Select the tenant namespaces by label instead of namespaceSelector: {}.",
                        /*defers=*/false, /*security=*/true};

void check_kq3003(const RuleContext& cx, FindingSink& out) {
    // With no trust domains in the policy there is one tenant as far as lint knows, and an open
    // pool is the quick-start setup: info. Declared domains make it a governance finding.
    const Severity sev = cx.policy.domains.empty() ? Severity::info : k_kq3003.severity;
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        if (!cq.namespace_selector || !cq.namespace_selector->is_empty()) {
            continue;
        }
        std::string accel;
        for (const auto& rg : cq.resource_groups) {
            for (const auto& r : rg.covered_resources) {
                if (accel.empty() && model::is_accelerator(*r, cx.policy.accelerators)) {
                    accel = *r;
                }
            }
        }
        if (accel.empty()) {
            continue;
        }
        out.report_as(sev, k_kq3003, or_doc(cq.namespace_selector->pos, cq.meta), "spec.namespaceSelector",
                   ref("ClusterQueue", cq.meta),
                   "ClusterQueue \"" + *cq.meta.name + "\" has accelerator quota (" + accel +
                       ") and namespaceSelector {}, which admits workloads from every namespace");
    }
}

}  // namespace kg::lint::rules
