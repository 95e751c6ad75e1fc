// "Can this identity do this verb on this resource in this namespace, and through which
// binding, role and rule?" as Kubernetes' RBAC authorizer answers it
// (plugin/pkg/auth/authorizer/rbac/rbac.go, rbac/v1 helpers VerbMatches, APIGroupMatches,
// ResourceMatches, ResourceNameMatches; appliesTo for subjects). RBAC only grants: there is no
// deny, so the answer is the list of grants, empty when the request is refused.
#pragma once

#include "model/cluster.h"
#include "model/rbac.h"

#include <map>
#include <string>
#include <vector>

namespace kg::rbac {

/// Who asks: a user name and its groups. A service account is the user
/// "system:serviceaccount:NS:NAME" in the groups "system:serviceaccounts" and
/// "system:serviceaccounts:NS" (service_account() builds it).
struct Identity {
    std::string user;
    std::vector<std::string> groups;
};

/// The identity of service account NS/NAME, with the groups the API server gives it
/// (and system:authenticated).
Identity service_account(const std::string& ns, const std::string& name);

/// A resource request. An empty namespace asks cluster-wide: only ClusterRoleBindings apply.
struct Request {
    std::string verb;
    std::string api_group;    ///< "" for the core group
    std::string resource;     ///< plural: "workloads"
    std::string subresource;  ///< "status", or ""
    std::string name;         ///< "" when the request names no object (create, list)
    std::string namespace_;
    /// Match rules restricted by resourceNames as well (the grant's rule says which names):
    /// "can S change some ClusterQueue" rather than "this one". Never for create, whose
    /// request carries no name.
    bool any_name = false;
};

/// One way a request is allowed: the binding, its role and the rule that match, and the
/// subject of the binding through which the identity (or, for who_can, the subject) gets it.
struct Grant {
    const model::RoleBinding* binding = nullptr;
    const model::Role* role = nullptr;
    const model::PolicyRule* rule = nullptr;
    const model::Subject* subject = nullptr;
};

class Authorizer {
public:
    /// Resolves aggregation and indexes the roles; `cluster` must outlive the authorizer.
    explicit Authorizer(const model::Cluster& cluster);

    /// Every grant that allows `id` the request; empty when RBAC refuses it.
    std::vector<Grant> allows(const Identity& id, const Request& req) const;

    /// Every (subject, binding, role, rule) that allows the request, subjects as bound: a
    /// Group subject stands for all its members. ClusterRoleBindings first, then the
    /// namespace's RoleBindings, each in input order.
    std::vector<Grant> who_can(const Request& req) const;

    /// who_can (or allows, with `id`) through ClusterRoleBindings only.
    std::vector<Grant> cluster_grants(const Request& req, const Identity* id = nullptr) const;
    /// who_can (or allows, with `id`) through the RoleBindings of req.namespace_ only.
    std::vector<Grant> namespace_grants(const Request& req, const Identity* id = nullptr) const;
    /// Namespaces that hold at least one RoleBinding to a role among the inputs, sorted.
    std::vector<std::string> binding_namespaces() const;

    /// The roles after aggregation (what the grants point into).
    const std::vector<model::Role>& roles() const { return m_roles; }

    /// A binding whose role is not among the inputs grants nothing; these are they.
    const std::vector<const model::RoleBinding*>& dangling() const { return m_dangling; }

private:
    struct Bound {
        const model::RoleBinding* binding;
        const model::Role* role;
    };
    std::vector<Grant> match(const Request& req, const Identity* id) const;
    void visit(const std::vector<Bound>& bound, const Request& req, const Identity* id, std::vector<Grant>& out) const;

    std::vector<model::Role> m_roles;
    std::vector<Bound> m_cluster_bound;                         ///< ClusterRoleBindings
    std::map<std::string, std::vector<Bound>, std::less<>> m_ns_bound;  ///< RoleBindings by namespace
    std::vector<const model::RoleBinding*> m_dangling;
};

/// RBAC's matchers, exposed for tests and rules.
bool rule_allows(const model::PolicyRule& rule, const Request& req);
bool subject_applies(const model::Subject& s, const Identity& id, const std::string& binding_namespace);

}  // namespace kg::rbac
