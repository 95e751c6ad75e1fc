// What the webhook and CRD require of a ClusterQueue with concurrentAdmissionPolicy
// (gate ConcurrentAdmission, beta and on since Kueue 0.19): exactly one resourceGroup
// with at most 16 flavors, no StrictFIFO, migration constraints only with mode
// TryPreferredFlavors, and a lastAcceptableFlavorName that is one of the queue's flavors.
// Kueue: pkg/webhooks/clusterqueue_webhook.go validateConcurrentAdmissionPolicy.
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq1019{"KQ1019", "concurrent-admission-policy",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A ClusterQueue's concurrentAdmissionPolicy breaks the rules Kueue sets for it",
                        "Keep one resourceGroup of at most 16 flavors, use BestEffortFIFO, and name a flavor of "
                        "the queue in lastAcceptableFlavorName."};

void check_kq1019(const RuleContext& cx, FindingSink& out) {
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        if (!cq.concurrent_admission) {
            continue;
        }
        const model::ConcurrentAdmissionPolicy& p = *cq.concurrent_admission;
        const std::string invalid = "ClusterQueue \"" + *cq.meta.name + "\" is invalid: ";
        auto report = [&](SourcePos pos, const std::string& path, const std::string& msg) {
            out.report(k_kq1019, or_doc(pos, cq.meta), path, ref("ClusterQueue", cq.meta), invalid + path + ": " + msg);
        };
        const std::size_t groups = cq.resource_groups.size();
        if (groups != 1) {
            report(groups ? cq.resource_groups[1].pos : p.pos, "spec.resourceGroups",
                   "Invalid value: " + std::to_string(groups) +
                       ": must have exactly one ResourceGroup when ConcurrentAdmissionPolicy is defined");
        } else if (cq.resource_groups[0].flavors.size() > 16) {
            report(cq.resource_groups[0].flavors[16].name.pos, "spec.resourceGroups[0].flavors",
                   "Invalid value: " + std::to_string(cq.resource_groups[0].flavors.size()) +
                       ": cannot have more than 16 resource flavors in the ResourceGroup when "
                       "ConcurrentAdmissionPolicy is defined");
        }
        if (*cq.queueing_strategy == model::QueueingStrategy::strict_fifo) {
            report(cq.queueing_strategy.pos, "spec.queueingStrategy",
                   "Invalid value: \"StrictFIFO\": StrictFIFO queueing strategy cannot be used when "
                   "ConcurrentAdmissionPolicy is defined");
        }
        if (p.has_constraints && *p.mode != model::MigrationMode::try_preferred_flavors) {
            report(p.constraints_pos, "spec.concurrentAdmissionPolicy.migration.constraints",
                   "Forbidden: may only be set when migration.mode is \"TryPreferredFlavors\" (got "
                   "\"RetainFirstAdmission\")");
        }
        if (p.last_acceptable_flavor) {
            std::vector<std::string> names;
            bool found = false;
            for (const auto& rg : cq.resource_groups) {
                for (const auto& f : rg.flavors) {
                    names.push_back(*f.name);
                    found = found || *f.name == **p.last_acceptable_flavor;
                }
            }
            if (!found) {
                std::string list;
                for (const std::string& n : names) {
                    list += (list.empty() ? "" : " ") + n;
                }
                report(p.last_acceptable_flavor->pos,
                       "spec.concurrentAdmissionPolicy.migration.constraints.lastAcceptableFlavorName",
                       "Invalid value: \"" + **p.last_acceptable_flavor +
                           "\": must be one of the flavors defined in the ClusterQueue: [" + list + "]");
            }
        }
    }
}

}  // namespace kg::lint::rules
