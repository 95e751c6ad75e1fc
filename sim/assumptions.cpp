// Missing references and what the simulator assumes for each (kueue-admission.md R1.3.2
// implicit cohorts, R3.1.1 missing flavors, checks and topologies, R1.6 priority, R3.2 missing
// queues, R1.8.1 namespaces).
#include "sim/assumptions.h"

#include <map>
#include <utility>

namespace kg::sim {

std::vector<Assumption> missing_references(const model::Cluster& cluster) {
    std::map<std::pair<std::string, std::string>, Assumption> found;
    auto add = [&found](std::string kind, std::string name, std::string by, std::string assumed) {
        auto key = std::make_pair(kind, name);
        if (!found.count(key)) found[key] = {std::move(kind), std::move(name), std::move(by), std::move(assumed)};
    };
    for (const model::ClusterQueue& cq : cluster.cluster_queues) {
        const std::string by = "ClusterQueue " + *cq.meta.name;
        if (!cq.cohort->empty() && !cluster.find_cohort(*cq.cohort))
            add("Cohort", *cq.cohort, by,
                "an implicit cohort with no quota of its own and no parent (R1.3.2); export cohorts too if it "
                "has either");
        for (const model::ResourceGroup& rg : cq.resource_groups)
            for (const model::FlavorQuotas& fq : rg.flavors)
                if (!cluster.find_resource_flavor(*fq.name))
                    add("ResourceFlavor", *fq.name, by,
                        "the ClusterQueue is inactive (FlavorNotFound), as Kueue keeps it while the flavor is missing");
        for (const model::AdmissionCheckStrategyRule& r : cq.admission_checks)
            if (!cluster.find_admission_check(*r.name))
                add("AdmissionCheck", *r.name, by,
                    "the ClusterQueue is inactive (AdmissionCheckNotFound), as Kueue keeps it while the check is "
                    "missing");
    }
    for (const model::ResourceFlavor& rf : cluster.resource_flavors)
        if (!rf.topology_name.empty() && !cluster.find_topology(rf.topology_name))
            add("Topology", rf.topology_name, "ResourceFlavor " + *rf.meta.name,
                "every ClusterQueue using the flavor is inactive (TopologyNotFound), as Kueue keeps it while the "
                "Topology is missing");
    for (const model::Cohort& co : cluster.cohorts)
        if (!co.parent_name->empty() && !cluster.find_cohort(*co.parent_name))
            add("Cohort", *co.parent_name, "Cohort " + *co.meta.name,
                "an implicit root cohort with no quota of its own (R1.3.2)");
    for (const model::LocalQueue& lq : cluster.local_queues)
        if (!cluster.find_cluster_queue(*lq.cluster_queue))
            add("ClusterQueue", *lq.cluster_queue, "LocalQueue " + lq.meta.key(),
                "its workloads stay pending with \"ClusterQueue " + *lq.cluster_queue + " doesn't exist\" (R3.2)");
    for (const model::Workload& wl : cluster.workloads) {
        const model::PriorityClassRef& pc = wl.priority_class;
        const std::string by = "Workload " + wl.meta.key();
        std::string from = wl.priority ? "spec.priority (" + std::to_string(*wl.priority) + ")"
                                       : std::string("the lowest globalDefault PriorityClass, else 0");
        if (pc.kind == model::PriorityClassKind::workload_priority_class &&
            !cluster.find_workload_priority_class(*pc.name))
            add("WorkloadPriorityClass", *pc.name, by, "its priority is taken from " + from + " (R1.6)");
        if (pc.kind == model::PriorityClassKind::pod_priority_class && !wl.priority &&
            !cluster.find_priority_class(*pc.name))
            add("PriorityClass", *pc.name, by, "its priority is taken from " + from + " (R1.6)");
    }
    if (cluster.namespaces.empty() && (!cluster.workloads.empty() || !cluster.jobs.empty())) {
        bool labels_matter = false;
        for (const model::ClusterQueue& cq : cluster.cluster_queues) {
            const auto& sel = cq.namespace_selector;
            if (!sel) continue;
            for (const auto& [k, v] : sel->match_labels) labels_matter = labels_matter || k != "kubernetes.io/metadata.name";
            for (const auto& e : sel->match_expressions)
                labels_matter = labels_matter || *e.key != "kubernetes.io/metadata.name";
        }
        if (labels_matter)
            add("Namespace", "*", "the namespaceSelector of a ClusterQueue",
                "every namespace exists with only the label kubernetes.io/metadata.name (R1.8.1), so selectors on "
                "other labels select none; export namespaces too");
    }
    std::vector<Assumption> out;
    for (auto& [key, a] : found) out.push_back(std::move(a));
    return out;
}

std::string assumption_text(const Assumption& a) {
    if (a.name == "*")
        return "the inputs hold no " + a.kind + " object, and " + a.referenced_by + " reads their labels; assumed: " +
               a.assumed;
    return a.kind + " \"" + a.name + "\" (named by " + a.referenced_by + ") is not in the inputs; assumed: " + a.assumed;
}

}  // namespace kg::sim
