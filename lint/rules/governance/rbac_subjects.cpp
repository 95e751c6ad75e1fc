// Owners, control-plane identities and per-subject reach for the RBAC rules (rbac_subjects.h).
#include "lint/rules/governance/rbac_subjects.h"

#include "lint/governed_namespaces.h"

#include <algorithm>
#include <functional>
#include <map>
#include <utility>

namespace kg::lint::rules {

namespace {

bool listed(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

bool is_platform_owner(const model::GovernancePolicy& p, const model::Subject& s, const std::string& binding_ns) {
    if (s.kind == "User") {
        return listed(p.owner_users, s.name);
    }
    if (s.kind == "Group") {
        return listed(p.owner_groups, s.name);
    }
    const std::string& ns = s.namespace_.empty() ? binding_ns : s.namespace_;
    return listed(p.owner_service_accounts, ns + ":" + s.name);
}

bool is_control_plane(const model::Subject& s) {
    if (s.kind == "ServiceAccount") {
        const std::string suffix = "controller-manager";
        return s.name.find("kueue") != std::string::npos && s.name.size() >= suffix.size() &&
               s.name.compare(s.name.size() - suffix.size(), suffix.size(), suffix) == 0;
    }
    if (s.name.rfind("system:", 0) != 0) {
        return false;
    }
    if (s.kind == "User") {
        return s.name != "system:anonymous" && s.name.rfind("system:serviceaccount:", 0) != 0;
    }
    return s.name != "system:authenticated" && s.name != "system:unauthenticated" &&
           s.name != "system:serviceaccounts" && s.name.rfind("system:serviceaccounts:", 0) != 0;
}

std::vector<SubjectReach> reach_of(const model::Cluster& c, rbac::ActionCategory category) {
    rbac::Authorizer az(c);
    rbac::WhoCanQuery q;
    for (const rbac::GovernedAction& a : rbac::governed_actions()) {
        if (a.category == category) {
            q.actions.push_back(a.id);
        }
    }
    std::map<std::pair<const model::RoleBinding*, const model::Subject*>, SubjectReach> by;
    std::set<std::pair<const model::RoleBinding*, const model::Subject*>> unlimited;
    for (const rbac::ActionAnswer& an : rbac::who_can(az, governed_namespaces(c), q)) {
        for (const rbac::ActionGrant& g : an.grants) {
            SubjectReach& r = by[{g.binding, g.subject}];
            r.binding = g.binding;
            r.subject = g.subject;
            if (r.actions.empty() || r.actions.back() != an.action->id) {
                r.actions.push_back(an.action->id);
            }
            r.verbs.insert(g.verbs.begin(), g.verbs.end());
            r.namespaces.insert(g.namespace_);
            if (g.resource_names.empty()) {
                unlimited.insert({g.binding, g.subject});
            }
            r.only_names.insert(g.resource_names.begin(), g.resource_names.end());
        }
    }
    std::vector<SubjectReach> out;
    for (auto& [key, r] : by) {
        if (unlimited.count(key)) {
            r.only_names.clear();
        }
        out.push_back(std::move(r));
    }
    // Bindings and subjects live in the cluster's vectors: pointer order is input order.
    std::sort(out.begin(), out.end(), [](const SubjectReach& x, const SubjectReach& y) {
        return std::less<>()(x.binding, y.binding) || (x.binding == y.binding && std::less<>()(x.subject, y.subject));
    });
    return out;
}

std::string subject_name(const SubjectReach& r) { return rbac::subject_text(*r.subject, *r.binding->meta.namespace_); }

std::string via(const SubjectReach& r) {
    // The role as the binding names it: the aggregated roles the grants point into belong to
    // the authorizer reach_of built, which is gone by now.
    return std::string(r.binding->cluster ? "ClusterRoleBinding " : "RoleBinding ") + r.binding->meta.key() + " -> " +
           r.binding->role_kind + " " + *r.binding->role_name;
}

model::ObjectRef binding_ref(const model::RoleBinding& b) {
    return {b.cluster ? "ClusterRoleBinding" : "RoleBinding", *b.meta.namespace_, *b.meta.name};
}

}  // namespace kg::lint::rules
