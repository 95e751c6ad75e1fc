// Flags a binding of a Kueue admin role to the service accounts of a user namespace (one
// holding LocalQueues, or listed in a trust domain): every pod there can run as that service
// account, so whoever can start a job in the namespace gets the admin role. A Kueue admin
// role aggregates rbac.kueue.x-k8s.io/batch-admin (kueue-batch-admin-role) or can write a
// queue-policy kind or workloads/status. Kueue: config/components/rbac/batch_admin_role.yaml.
#include "lint/governed_namespaces.h"
#include "lint/rules/governance/rbac_subjects.h"
#include "lint/rules/helpers.h"

#include <map>
#include <set>
#include <tuple>

namespace kg::lint::rules {

const RuleInfo k_kq3023{"KQ3023", "user-service-account-kueue-admin",
                        RuleFamily::governance, RuleScope::applied, Severity::warning,
                        "Service accounts of a user namespace are bound to a Kueue admin role",
                        "Bind the admin role to the platform team's identities instead; give the workload's service "
                        "account kueue-batch-user-role at most.",
                        /*defers=*/false, /*security=*/true};

namespace {

bool aggregates_batch_admin(const model::Role& r) {
    for (const model::LabelSelector& s : r.aggregation_selectors) {
        if (s.matches({{"rbac.kueue.x-k8s.io/batch-admin", "true"}})) {
            return true;
        }
    }
    return false;
}

bool writes_policy(const model::Role& r) {
    for (const rbac::GovernedAction& a : rbac::governed_actions()) {
        if (a.category != rbac::ActionCategory::queue_policy && a.category != rbac::ActionCategory::workload_status) {
            continue;
        }
        for (const rbac::ActionTarget& t : a.targets) {
            for (const std::string& verb : a.verbs) {
                rbac::Request req{verb, t.api_group, t.resource, t.subresource, "", "", true};
                for (const model::PolicyRule& rule : r.rules) {
                    if (rbac::rule_allows(rule, req)) {
                        return true;
                    }
                }
            }
        }
    }
    return false;
}

/// The user namespace whose service accounts `s` names, or "" when it names none.
std::string user_namespace_of(const model::Subject& s, const std::string& binding_ns, const std::set<std::string>& user) {
    std::string ns;
    if (s.kind == "ServiceAccount") {
        ns = s.namespace_.empty() ? binding_ns : s.namespace_;
    } else if (s.kind == "Group" && s.name.rfind("system:serviceaccounts:", 0) == 0) {
        ns = s.name.substr(std::string("system:serviceaccounts:").size());
    }
    return user.count(ns) ? ns : "";
}

}  // namespace

void check_kq3023(const RuleContext& cx, FindingSink& out) {
    std::set<std::string> user = namespaces_with_local_queues(cx.cluster);
    user.erase("");
    for (const model::TrustDomain& d : cx.policy.domains) {
        for (const auto& ns : d.namespaces) {
            user.insert(*ns);
        }
    }
    rbac::Authorizer az(cx.cluster);  // aggregated roles
    std::map<std::tuple<bool, std::string, std::string>, const model::Role*> roles;
    for (const model::Role& r : az.roles()) {
        roles[{r.cluster, r.cluster ? "" : *r.meta.namespace_, *r.meta.name}] = &r;
    }
    for (const model::RoleBinding& b : cx.cluster.role_bindings) {
        const bool to_cluster_role = b.role_kind == "ClusterRole";
        auto it = roles.find({to_cluster_role, to_cluster_role ? "" : *b.meta.namespace_, *b.role_name});
        if (it == roles.end() || !(aggregates_batch_admin(*it->second) || writes_policy(*it->second))) {
            continue;
        }
        for (const model::Subject& s : b.subjects) {
            const std::string ns = user_namespace_of(s, *b.meta.namespace_, user);
            if (ns.empty() || is_platform_owner(cx.policy, s, *b.meta.namespace_)) {
                continue;
            }
            out.report(k_kq3023, or_doc(s.pos, b.meta), "subjects", binding_ref(b),
                       rbac::subject_text(s, *b.meta.namespace_) + " (service accounts of user namespace " + ns +
                           ") is bound to " + b.role_kind + " " + *b.role_name + ", a Kueue admin role, through " +
                           (b.cluster ? "ClusterRoleBinding " : "RoleBinding ") + b.meta.key() +
                           ": any pod in " + ns + " can act as it");
        }
    }
}

}  // namespace kg::lint::rules
