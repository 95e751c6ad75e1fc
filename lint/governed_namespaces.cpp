// Gathers the namespace sets of the governed actions from the loaded objects and sim/.
#include "lint/governed_namespaces.h"

#include "lint/rules/helpers.h"
#include "sim/queue_path.h"

#include <set>

namespace kg::lint {

rbac::NamespaceSets governed_namespaces(const model::Cluster& c) {
    std::set<std::string> all = rules::known_namespaces(c);
    for (const model::Role& r : c.roles) {
        all.insert(*r.meta.namespace_);
    }
    for (const model::RoleBinding& b : c.role_bindings) {
        all.insert(*b.meta.namespace_);
    }
    all.erase("");
    std::set<std::string> with_lq = rules::namespaces_with_local_queues(c);
    with_lq.erase("");

    rbac::NamespaceSets out;
    out.all.assign(all.begin(), all.end());
    out.with_local_queues.assign(with_lq.begin(), with_lq.end());
    for (const std::string& ns : out.all) {
        bool exists = true, selected = false;
        for (const model::ClusterQueue& cq : c.cluster_queues) {
            sim::PathCheck check = sim::check_namespace(c, cq, ns);
            if (check.ok) {
                selected = true;
                break;
            }
            // Inputs with Namespace objects but not this one: the namespace is not in the
            // cluster, so nothing can be created in it.
            exists = exists && check.step != sim::PathStep::namespace_exists;
        }
        if (c.cluster_queues.empty()) {
            exists = c.namespaces.empty() || c.find_namespace(ns) != nullptr;
        }
        if (exists && !selected) {
            out.unselected.push_back(ns);
        }
    }
    return out;
}

}  // namespace kg::lint
