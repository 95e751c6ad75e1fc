// Who can do each governed action (rbac/governed_actions.h), and through which binding and
// role: the engine of `kueuegov who-can` and of the RBAC lint rules. The namespaces each
// action is asked in come from the caller (which namespaces hold LocalQueues, which no
// ClusterQueue selects are Kueue semantics, answered in sim/ and gathered in lint/).
#pragma once

#include "rbac/authorizer.h"
#include "rbac/governed_actions.h"

#include <optional>
#include <string>
#include <vector>

namespace kg::rbac {

/// The namespaces each ActionScope stands for, each sorted and without "".
struct NamespaceSets {
    std::vector<std::string> all;                ///< ActionScope::every_namespace
    std::vector<std::string> with_local_queues;  ///< ActionScope::queue_namespaces
    std::vector<std::string> unselected;         ///< no ClusterQueue selects them
    std::vector<std::string> bypass;             ///< ActionScope::bypass_namespaces (includes unselected)
    std::vector<std::string> bypass_notes;       ///< why each bypass namespace is one, and what was assumed
    const std::vector<std::string>& of(ActionScope s) const;
    /// Sentences explaining the namespaces of scope `s` (empty for most scopes).
    const std::vector<std::string>& notes(ActionScope s) const;
};

/// One subject of one binding that can do an action: the verbs and targets its role allows.
struct ActionGrant {
    /// "" when the grant holds cluster-wide (a ClusterRoleBinding: for a namespaced action, in
    /// every namespace of the action's scope); else the RoleBinding's namespace.
    std::string namespace_;
    const model::Subject* subject = nullptr;
    const model::RoleBinding* binding = nullptr;
    const model::Role* role = nullptr;        ///< into Authorizer::roles(): valid while the authorizer lives
    std::vector<std::string> verbs;           ///< sorted
    std::vector<std::string> targets;         ///< ActionTarget::text(), in catalogue order
    std::vector<std::string> resource_names;  ///< sorted; empty: every object
};

struct ActionAnswer {
    const GovernedAction* action = nullptr;
    std::vector<std::string> namespaces;  ///< where it was asked (empty for cluster actions)
    std::vector<std::string> notes;       ///< why those namespaces (NamespaceSets::notes)
    std::vector<ActionGrant> grants;      ///< cluster-wide first, then by namespace, binding, subject
};

/// Narrows the answer. Empty fields narrow nothing.
struct WhoCanQuery {
    std::vector<std::string> actions;  ///< action ids
    std::string namespace_;            ///< only namespaced actions, asked in this namespace only
    std::vector<std::string> subjects; ///< subject_matches patterns: any of them
    std::optional<Identity> as;        ///< only the grants that reach this identity
};

/// For each action of the query (catalogue order), every grant. Actions whose scope holds no
/// namespace are answered with no grant (there is nowhere to do them).
std::vector<ActionAnswer> who_can(const Authorizer& az, const NamespaceSets& ns, const WhoCanQuery& q);

/// True when `pattern` names the subject: "NAME" (a user or group name, or a service account's
/// "NS:NAME" or "system:serviceaccount:NS:NAME"), or "KIND:NAME" with KIND User, Group or
/// ServiceAccount (case-insensitive).
bool subject_matches(const model::Subject& s, const std::string& binding_namespace, const std::string& pattern);

/// "User alice", "Group platform-admins", "ServiceAccount team-a/runner".
std::string subject_text(const model::Subject& s, const std::string& binding_namespace);

}  // namespace kg::rbac
