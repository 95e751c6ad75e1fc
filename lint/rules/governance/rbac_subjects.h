// What the RBAC governance rules (KQ3020-KQ3023) share: whether a binding's subject is a
// platform owner (the policy's platformOwners) or part of the control plane, and who can do
// the governed actions of one category, folded to one entry per (binding, subject).
#pragma once

#include "lint/rule.h"
#include "rbac/who_can.h"

#include <set>
#include <string>
#include <vector>

namespace kg::lint::rules {

/// True when the policy's platformOwners names the subject: a user, a group, or a service
/// account as "NS:NAME".
bool is_platform_owner(const model::GovernancePolicy& p, const model::Subject& s, const std::string& binding_ns);

/// True for Kubernetes' own identities (users and groups named system:..., such as
/// system:masters or system:kube-controller-manager, but not the broad groups
/// system:authenticated, system:unauthenticated and system:serviceaccounts[:NS], nor
/// system:anonymous) and for Kueue's controller (a service account whose name holds "kueue"
/// and ends in "controller-manager", as audit's history rules recognise it).
bool is_control_plane(const model::Subject& s);

/// One subject of one binding and what it can do of a category.
struct SubjectReach {
    const model::RoleBinding* binding = nullptr;
    const model::Subject* subject = nullptr;
    std::vector<std::string> actions;  ///< action ids, catalogue order
    std::set<std::string> verbs;
    std::set<std::string> namespaces;  ///< "" for cluster-wide
    std::set<std::string> only_names;  ///< resourceNames the grants are limited to; empty: every object
};

/// Every (binding, subject) that can do an action of `category`, in input order.
std::vector<SubjectReach> reach_of(const model::Cluster& c, rbac::ActionCategory category);

/// "Group oncall", "ServiceAccount team-a/ci-runner".
std::string subject_name(const SubjectReach& r);
/// "ClusterRoleBinding x -> ClusterRole y".
std::string via(const SubjectReach& r);
/// The ObjectRef of the binding.
model::ObjectRef binding_ref(const model::RoleBinding& b);

}  // namespace kg::lint::rules
