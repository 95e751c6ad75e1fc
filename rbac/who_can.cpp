// Answers each governed action by asking the authorizer once per (verb, target) through the
// ClusterRoleBindings, and once per namespace of the action's scope through that namespace's
// RoleBindings, then folds the rule-level grants into one line per (binding, subject): a
// reader wants "bob can update and patch via X", not one line per rule and verb.
#include "rbac/who_can.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <tuple>

namespace kg::rbac {

namespace {

struct Fold {
    std::set<std::string> verbs;
    std::vector<std::string> targets;
    std::set<std::string> names;
    bool any_name = false;
    const model::Role* role = nullptr;
};

using FoldKey = std::tuple<std::string, const model::RoleBinding*, const model::Subject*>;

void add(std::map<FoldKey, Fold>& folds, const std::string& ns, const Grant& g, const std::string& verb,
         const std::string& target) {
    Fold& f = folds[{ns, g.binding, g.subject}];
    f.role = g.role;
    f.verbs.insert(verb);
    if (std::find(f.targets.begin(), f.targets.end(), target) == f.targets.end()) {
        f.targets.push_back(target);
    }
    if (g.rule->resource_names.empty()) {
        f.any_name = true;
    } else {
        f.names.insert(g.rule->resource_names.begin(), g.rule->resource_names.end());
    }
}

bool wanted(const Grant& g, const WhoCanQuery& q) {
    if (q.subjects.empty()) {
        return true;
    }
    return std::any_of(q.subjects.begin(), q.subjects.end(), [&](const std::string& p) {
        return subject_matches(*g.subject, *g.binding->meta.namespace_, p);
    });
}

ActionAnswer answer(const Authorizer& az, const GovernedAction& a, const std::vector<std::string>& namespaces,
                    const WhoCanQuery& q) {
    ActionAnswer out;
    out.action = &a;
    out.namespaces = namespaces;
    const bool namespaced = a.scope != ActionScope::cluster;
    if (namespaced && namespaces.empty()) {
        return out;
    }
    const Identity* id = q.as ? &*q.as : nullptr;
    std::map<FoldKey, Fold> folds;
    for (const ActionTarget& t : a.targets) {
        const std::string target = t.text();
        for (const std::string& verb : a.verbs) {
            Request req{verb, t.api_group, t.resource, t.subresource, "", "", true};
            for (const Grant& g : az.cluster_grants(req, id)) {
                if (wanted(g, q)) {
                    add(folds, "", g, verb, target);
                }
            }
            if (!namespaced) {
                continue;
            }
            for (const std::string& ns : namespaces) {
                req.namespace_ = ns;
                for (const Grant& g : az.namespace_grants(req, id)) {
                    if (wanted(g, q)) {
                        add(folds, ns, g, verb, target);
                    }
                }
            }
        }
    }
    for (auto& [key, f] : folds) {
        ActionGrant g;
        g.namespace_ = std::get<0>(key);
        g.binding = std::get<1>(key);
        g.subject = std::get<2>(key);
        g.role = f.role;
        g.verbs.assign(f.verbs.begin(), f.verbs.end());
        g.targets = std::move(f.targets);
        if (!f.any_name) {
            g.resource_names.assign(f.names.begin(), f.names.end());
        }
        out.grants.push_back(std::move(g));
    }
    // The map orders by pointers after the namespace; input order is what a reader expects.
    std::stable_sort(out.grants.begin(), out.grants.end(), [](const ActionGrant& x, const ActionGrant& y) {
        if (x.namespace_ != y.namespace_) {
            return x.namespace_ < y.namespace_;
        }
        if (x.binding != y.binding) {
            return std::less<>()(x.binding, y.binding);  // bindings live in one vector: input order
        }
        return std::less<>()(x.subject, y.subject);      // subjects live in the binding's vector
    });
    return out;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return (x | 0x20) == (y | 0x20);
           });
}

}  // namespace

const std::vector<std::string>& NamespaceSets::of(ActionScope s) const {
    static const std::vector<std::string> none;
    switch (s) {
        case ActionScope::every_namespace: return all;
        case ActionScope::queue_namespaces: return with_local_queues;
        case ActionScope::bypass_namespaces: return bypass;
        case ActionScope::cluster: return none;
    }
    return none;
}

const std::vector<std::string>& NamespaceSets::notes(ActionScope s) const {
    static const std::vector<std::string> none;
    return s == ActionScope::bypass_namespaces ? bypass_notes : none;
}

std::vector<ActionAnswer> who_can(const Authorizer& az, const NamespaceSets& ns, const WhoCanQuery& q) {
    std::vector<ActionAnswer> out;
    for (const GovernedAction& a : governed_actions()) {
        if (!q.actions.empty() && std::find(q.actions.begin(), q.actions.end(), a.id) == q.actions.end()) {
            continue;
        }
        if (!q.namespace_.empty() && a.scope == ActionScope::cluster) {
            continue;
        }
        std::vector<std::string> where = ns.of(a.scope);
        if (!q.namespace_.empty()) {
            // "Every namespace" includes one the inputs do not show; the other scopes are
            // decided by the inputs (a namespace with LocalQueues, one no ClusterQueue selects).
            const bool in = a.scope == ActionScope::every_namespace ||
                            std::find(where.begin(), where.end(), q.namespace_) != where.end();
            where.assign(in ? 1 : 0, q.namespace_);
        }
        out.push_back(answer(az, a, where, q));
        out.back().notes = ns.notes(a.scope);
    }
    return out;
}

bool subject_matches(const model::Subject& s, const std::string& binding_namespace, const std::string& pattern) {
    std::string_view p = pattern;
    for (std::string_view kind : {"User", "Group", "ServiceAccount"}) {
        if (p.size() > kind.size() && p[kind.size()] == ':' && iequals(p.substr(0, kind.size()), kind)) {
            if (s.kind != kind) {
                return false;
            }
            p.remove_prefix(kind.size() + 1);
            break;
        }
    }
    if (s.kind != "ServiceAccount") {
        return s.name == p;
    }
    const std::string& ns = s.namespace_.empty() ? binding_namespace : s.namespace_;
    return p == s.name || p == ns + ":" + s.name || p == ns + "/" + s.name ||
           p == "system:serviceaccount:" + ns + ":" + s.name;
}

std::string subject_text(const model::Subject& s, const std::string& binding_namespace) {
    if (s.kind == "ServiceAccount") {
        return "ServiceAccount " + (s.namespace_.empty() ? binding_namespace : s.namespace_) + "/" + s.name;
    }
    return s.kind + " " + s.name;
}

}  // namespace kg::rbac
