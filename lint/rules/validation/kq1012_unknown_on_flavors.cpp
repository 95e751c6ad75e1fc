// admissionChecksStrategy onFlavors must name flavors of this ClusterQueue.
// Kueue: pkg/webhooks/clusterqueue_webhook.go validateAdmissionCheckOnFlavorsWithOld
// (gate RejectUpdatesToCQWithInvalidOnFlavors, on since 0.18).
#include "lint/rules/helpers.h"

#include <algorithm>

namespace kg::lint::rules {

const RuleInfo k_kq1012{"KQ1012", "unknown-on-flavors",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "An admission check's onFlavors names a flavor the ClusterQueue does not have",
                        "Name only flavors listed in spec.resourceGroups, or add the flavor to the queue."};

void check_kq1012(const RuleContext& cx, FindingSink& out) {
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        std::vector<std::string> flavors;
        for (const auto& rg : cq.resource_groups) {
            for (const auto& f : rg.flavors) {
                flavors.push_back(*f.name);
            }
        }
        std::string supported;
        for (const std::string& f : flavors) {
            supported += (supported.empty() ? "\"" : ", \"") + f + "\"";
        }
        for (std::size_t i = 0; i < cq.admission_checks.size(); ++i) {
            const auto& on = cq.admission_checks[i].on_flavors;
            for (std::size_t j = 0; j < on.size(); ++j) {
                if (std::find(flavors.begin(), flavors.end(), *on[j]) != flavors.end()) {
                    continue;
                }
                std::string path = "spec.admissionChecksStrategy.admissionChecks[" + std::to_string(i) +
                                   "].onFlavors[" + std::to_string(j) + "]";
                out.report(k_kq1012, or_doc(on[j].pos, cq.meta), path, ref("ClusterQueue", cq.meta),
                           "ClusterQueue \"" + *cq.meta.name + "\" is invalid: " + path + ": Unsupported value: \"" +
                               *on[j] + "\": supported values: " + (supported.empty() ? "none" : supported));
            }
        }
    }
}

}  // namespace kg::lint::rules
