// Gathers the namespace sets of the governed actions from the loaded objects and sim/.
#include "lint/governed_namespaces.h"

#include "lint/rules/helpers.h"
#include "sim/queue_path.h"
#include "sim/unlabelled_jobs.h"

#include <map>
#include <set>

namespace kg::lint {

namespace {

std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& x : v) {
        s += (s.empty() ? "" : ", ") + x;
    }
    return s;
}

// The second way to skip the queue: a namespace with LocalQueues whose unlabelled Jobs Kueue
// ignores. Grouped by reason, so each note names the namespaces it explains.
void add_unlabelled_bypass(const model::Cluster& c, const model::KueueConfig* kueue, rbac::NamespaceSets& out) {
    const model::KueueConfig defaults;
    const model::KueueConfig& cfg = kueue ? *kueue : defaults;
    std::map<std::string, std::vector<std::string>> by_reason;
    for (const std::string& ns : out.with_local_queues) {
        const sim::UnlabelledVerdict v = sim::unlabelled_jobs(c, cfg, ns);
        if (v.what == sim::UnlabelledJobs::ignored) {
            by_reason[v.why].push_back(ns);
            out.bypass.push_back(ns);
        }
    }
    for (const auto& [why, list] : by_reason) {
        out.bypass_notes.push_back(join(list) + ": LocalQueues, but a Job or Pod created without the "
                                   "kueue.x-k8s.io/queue-name label runs outside quota (" + why + ")");
    }
    if (!kueue) {
        out.bypass_notes.push_back("no Kueue Configuration in the inputs: assumed Kueue's defaults "
                                   "(manageJobsWithoutQueueName false, managedJobsNamespaceSelector excluding "
                                   "kube-system and kueue-system, LocalQueueDefaulting on)");
    }
}

}  // namespace

rbac::NamespaceSets governed_namespaces(const model::Cluster& c, const model::KueueConfig* kueue) {
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
    if (!out.unselected.empty()) {
        out.bypass_notes.push_back(join(out.unselected) + ": no ClusterQueue selects the namespace");
    }
    add_unlabelled_bypass(c, kueue, out);
    std::set<std::string> bypass(out.bypass.begin(), out.bypass.end());
    bypass.insert(out.unselected.begin(), out.unselected.end());
    out.bypass.assign(bypass.begin(), bypass.end());
    return out;
}

}  // namespace kg::lint
