// Flags a subject outside the policy's platformOwners that RBAC lets update or patch
// workloads/status: the status holds the admission, so such a subject can admit a Workload
// without quota or evict one. Kueue writes it in pkg/workload/patching (PatchAdmissionStatus).
#include "lint/rules/governance/rbac_subjects.h"
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq3021{"KQ3021", "non-owner-can-write-workload-status",
                        RuleFamily::governance, RuleScope::applied, Severity::warning,
                        "A subject outside the platform owners can write workloads/status (force or clear admission)",
                        "Remove workloads/status update and patch from the subject's role; only Kueue's controller "
                        "and the platform owners need them.",
                        /*defers=*/false, /*security=*/true};

void check_kq3021(const RuleContext& cx, FindingSink& out) {
    if (cx.policy.owner_users.empty() && cx.policy.owner_groups.empty() && cx.policy.owner_service_accounts.empty()) {
        return;
    }
    for (const SubjectReach& r : reach_of(cx.cluster, rbac::ActionCategory::workload_status)) {
        if (is_control_plane(*r.subject) || is_platform_owner(cx.policy, *r.subject, *r.binding->meta.namespace_)) {
            continue;
        }
        std::string verbs;
        for (const std::string& v : r.verbs) {
            verbs += (verbs.empty() ? "" : ", ") + v;
        }
        const std::string where = r.namespaces.count("") ? "in every namespace" : "in namespace " + *r.binding->meta.namespace_;
        out.report(k_kq3021, or_doc(r.subject->pos, r.binding->meta), "subjects", binding_ref(*r.binding),
                   subject_name(r) + " can " + verbs + " workloads/status " + where + " through " + via(r) +
                       ", and is not among the policy's platformOwners");
    }
}

}  // namespace kg::lint::rules
