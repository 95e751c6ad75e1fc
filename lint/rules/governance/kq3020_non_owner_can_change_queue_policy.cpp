// Flags a subject outside the policy's platformOwners that RBAC lets create, update, patch or
// delete the cluster-scoped Kueue objects (ClusterQueues, Cohorts, ResourceFlavors,
// WorkloadPriorityClasses, AdmissionChecks, Topologies): whoever can edit them decides quota
// and preemption for everyone. Kueue: config/components/rbac (kueue-batch-admin-role).
#include "lint/rules/governance/rbac_subjects.h"
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq3020{"KQ3020", "non-owner-can-change-queue-policy",
                        RuleFamily::governance, RuleScope::applied, Severity::warning,
                        "A subject outside the platform owners can change queue policy",
                        "Bind the role to a platform owner only, or add the subject to platformOwners in the policy.",
                        /*defers=*/false, /*security=*/true};

void check_kq3020(const RuleContext& cx, FindingSink& out) {
    // Without owners every subject would be "not an owner": the rule needs the policy.
    if (cx.policy.owner_users.empty() && cx.policy.owner_groups.empty() && cx.policy.owner_service_accounts.empty()) {
        return;
    }
    for (const SubjectReach& r : reach_of(cx.cluster, rbac::ActionCategory::queue_policy)) {
        if (is_control_plane(*r.subject) || is_platform_owner(cx.policy, *r.subject, *r.binding->meta.namespace_)) {
            continue;
        }
        std::string kinds;
        for (const std::string& id : r.actions) {
            kinds += (kinds.empty() ? "" : ", ") + id.substr(id.find('-') + 1);
        }
        std::string verbs;
        for (const std::string& v : r.verbs) {
            verbs += (verbs.empty() ? "" : ", ") + v;
        }
        std::string only;
        for (const std::string& n : r.only_names) {
            only += (only.empty() ? " (only " : ", ") + n;
        }
        only += only.empty() ? "" : ")";
        out.report(k_kq3020, or_doc(r.subject->pos, r.binding->meta), "subjects", binding_ref(*r.binding),
                   subject_name(r) + " can " + verbs + " " + kinds + only + " through " + via(r) +
                       ", and is not among the policy's platformOwners");
    }
}

}  // namespace kg::lint::rules
