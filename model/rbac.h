// RBAC objects as read (rbac.authorization.k8s.io/v1): who may change the queues is a
// question of Roles, ClusterRoles and their bindings (issue 19). Plain data with positions;
// aggregation and the "can S do V on R" evaluation are an engine and live outside model/.
// Field names follow k8s.io/api/rbac/v1 types.go.
#pragma once

#include "model/objects.h"
#include "model/selector.h"
#include "model/source_pos.h"

#include <string>
#include <vector>

namespace kg::model {

/// One rule of a Role or ClusterRole. Empty lists match nothing, "*" matches everything,
/// resources may name a subresource ("workloads/status", "*/status").
struct PolicyRule {
    std::vector<std::string> verbs;
    std::vector<std::string> api_groups;
    std::vector<std::string> resources;
    std::vector<std::string> resource_names;     ///< empty: every name
    std::vector<std::string> non_resource_urls;  ///< ClusterRoles only; kept, not evaluated
    SourcePos pos;                               ///< the rule's mapping
};

/// A Role (namespaced) or ClusterRole (namespace empty). A ClusterRole with an
/// aggregationRule gets its rules from the ClusterRoles its selectors match, as the API
/// server's ClusterRole aggregation controller fills them in.
struct Role {
    ObjectMeta meta;
    bool cluster = false;  ///< ClusterRole
    std::vector<PolicyRule> rules;
    std::vector<LabelSelector> aggregation_selectors;  ///< aggregationRule.clusterRoleSelectors
    bool aggregated = false;                            ///< has an aggregationRule
};

/// A subject of a binding: kind User, Group or ServiceAccount.
struct Subject {
    std::string kind;
    std::string name;
    std::string namespace_;  ///< ServiceAccount only
    SourcePos pos;
};

/// A RoleBinding (namespaced; its roleRef may name a ClusterRole, granted in that namespace
/// only) or ClusterRoleBinding (namespace empty; roleRef is a ClusterRole).
struct RoleBinding {
    ObjectMeta meta;
    bool cluster = false;   ///< ClusterRoleBinding
    std::string role_kind;  ///< Role or ClusterRole
    Located<std::string> role_name;
    std::vector<Subject> subjects;
};

}  // namespace kg::model
