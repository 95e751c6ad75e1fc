// The RBAC authorizer over a snapshot: bindings are resolved to their (aggregated) roles
// once; a request walks the bindings that apply where it is made (every ClusterRoleBinding,
// and the RoleBindings of its namespace) and the rules of each role, as
// plugin/pkg/auth/authorizer/rbac/rbac.go VisitRulesFor does.
#include "rbac/authorizer.h"

#include "rbac/aggregation.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace kg::rbac {

namespace {

bool has(const std::vector<std::string>& list, const std::string& v) {
    return std::find(list.begin(), list.end(), v) != list.end();
}

}  // namespace

Identity service_account(const std::string& ns, const std::string& name) {
    return {"system:serviceaccount:" + ns + ":" + name,
            {"system:serviceaccounts", "system:serviceaccounts:" + ns, "system:authenticated"}};
}

bool rule_allows(const model::PolicyRule& rule, const Request& req) {
    // VerbMatches, APIGroupMatches: "*" or the exact value.
    if (!has(rule.verbs, "*") && !has(rule.verbs, req.verb)) {
        return false;
    }
    if (!has(rule.api_groups, "*") && !has(rule.api_groups, req.api_group)) {
        return false;
    }
    // ResourceMatches: "*", "resource[/subresource]", or "*/subresource".
    const std::string combined = req.subresource.empty() ? req.resource : req.resource + "/" + req.subresource;
    bool resource = false;
    for (const std::string& r : rule.resources) {
        if (r == "*" || r == combined || (!req.subresource.empty() && r == "*/" + req.subresource)) {
            resource = true;
            break;
        }
    }
    if (!resource) {
        return false;
    }
    // ResourceNameMatches: no names means every name; names never match a nameless request
    // (any_name asks whether some name matches, which any listed name does).
    return rule.resource_names.empty() || (req.any_name && req.verb != "create") ||
           (!req.name.empty() && has(rule.resource_names, req.name));
}

bool subject_applies(const model::Subject& s, const Identity& id, const std::string& binding_namespace) {
    if (s.kind == "User") {
        return s.name == id.user;
    }
    if (s.kind == "Group") {
        return has(id.groups, s.name);
    }
    if (s.kind == "ServiceAccount") {
        const std::string& ns = s.namespace_.empty() ? binding_namespace : s.namespace_;
        return id.user == "system:serviceaccount:" + ns + ":" + s.name;
    }
    return false;
}

Authorizer::Authorizer(const model::Cluster& cluster) : m_roles(resolve_aggregation(cluster.roles)) {
    // (cluster?, namespace, name) -> role: a RoleBinding's ClusterRole and Role live apart.
    std::map<std::tuple<bool, std::string, std::string>, const model::Role*> index;
    for (const model::Role& r : m_roles) {
        index.emplace(std::make_tuple(r.cluster, r.cluster ? std::string() : *r.meta.namespace_, *r.meta.name), &r);
    }
    for (const model::RoleBinding& b : cluster.role_bindings) {
        const bool to_cluster_role = b.role_kind == "ClusterRole";
        auto it = index.find(
            std::make_tuple(to_cluster_role, to_cluster_role ? std::string() : *b.meta.namespace_, *b.role_name));
        if (it == index.end()) {
            m_dangling.push_back(&b);
            continue;
        }
        if (b.cluster) {
            m_cluster_bound.push_back({&b, it->second});
        } else {
            m_ns_bound[*b.meta.namespace_].push_back({&b, it->second});
        }
    }
}

void Authorizer::visit(const std::vector<Bound>& bound, const Request& req, const Identity* id,
                       std::vector<Grant>& out) const {
    for (const Bound& bd : bound) {
        const model::RoleBinding& b = *bd.binding;
        for (const model::PolicyRule& rule : bd.role->rules) {
            if (!rule_allows(rule, req)) {
                continue;
            }
            for (const model::Subject& s : b.subjects) {
                if (id == nullptr || subject_applies(s, *id, *b.meta.namespace_)) {
                    out.push_back({&b, bd.role, &rule, &s});
                }
            }
        }
    }
}

std::vector<Grant> Authorizer::match(const Request& req, const Identity* id) const {
    // Every ClusterRoleBinding applies; a RoleBinding only in its namespace, so a
    // cluster-wide request (no namespace) needs a ClusterRoleBinding.
    std::vector<Grant> out = cluster_grants(req, id);
    if (!req.namespace_.empty()) {
        if (auto it = m_ns_bound.find(req.namespace_); it != m_ns_bound.end()) {
            visit(it->second, req, id, out);
        }
    }
    return out;
}

std::vector<Grant> Authorizer::cluster_grants(const Request& req, const Identity* id) const {
    std::vector<Grant> out;
    visit(m_cluster_bound, req, id, out);
    return out;
}

std::vector<Grant> Authorizer::namespace_grants(const Request& req, const Identity* id) const {
    std::vector<Grant> out;
    if (auto it = m_ns_bound.find(req.namespace_); it != m_ns_bound.end()) {
        visit(it->second, req, id, out);
    }
    return out;
}

std::vector<std::string> Authorizer::binding_namespaces() const {
    std::vector<std::string> out;
    for (const auto& [ns, bound] : m_ns_bound) {
        out.push_back(ns);
    }
    return out;
}

std::vector<Grant> Authorizer::allows(const Identity& id, const Request& req) const { return match(req, &id); }

std::vector<Grant> Authorizer::who_can(const Request& req) const { return match(req, nullptr); }

}  // namespace kg::rbac
