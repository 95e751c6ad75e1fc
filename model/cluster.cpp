// Name indexes over the loaded objects. Later objects with the same name win,
// as a later `kubectl apply` of the same name would.
#include "model/cluster.h"

#include <iterator>

namespace kg::model {

namespace {

template <typename Vec>
void index_by_name(const Vec& objects, std::map<std::string, std::size_t, std::less<>>& idx) {
    idx.clear();
    for (std::size_t i = 0; i < objects.size(); ++i) {
        idx[*objects[i].meta.name] = i;
    }
}

template <typename Vec>
void index_by_key(const Vec& objects, std::map<std::string, std::size_t, std::less<>>& idx) {
    idx.clear();
    for (std::size_t i = 0; i < objects.size(); ++i) {
        idx[*objects[i].meta.namespace_ + "/" + *objects[i].meta.name] = i;
    }
}

template <typename Vec>
const typename Vec::value_type* lookup(const Vec& objects, const std::map<std::string, std::size_t, std::less<>>& idx,
                                       std::string_view key) {
    auto it = idx.find(key);
    return it == idx.end() ? nullptr : &objects[it->second];
}

template <typename Vec>
void move_to_end(Vec& to, Vec& from) {
    to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
    from.clear();
}

}  // namespace

void Cluster::append(Cluster&& part) {
    move_to_end(resource_flavors, part.resource_flavors);
    move_to_end(cluster_queues, part.cluster_queues);
    move_to_end(cohorts, part.cohorts);
    move_to_end(local_queues, part.local_queues);
    move_to_end(workloads, part.workloads);
    move_to_end(workload_priority_classes, part.workload_priority_classes);
    move_to_end(priority_classes, part.priority_classes);
    move_to_end(admission_checks, part.admission_checks);
    move_to_end(namespaces, part.namespaces);
    move_to_end(nodes, part.nodes);
    move_to_end(topologies, part.topologies);
    move_to_end(pods, part.pods);
    move_to_end(jobs, part.jobs);
    move_to_end(roles, part.roles);
    move_to_end(role_bindings, part.role_bindings);
    move_to_end(schema_issues, part.schema_issues);
    for (auto& [kind, count] : part.skipped_kinds) {
        skipped_kinds[kind] += count;
    }
    documents += part.documents;
}

void Cluster::reindex() {
    index_by_name(resource_flavors, m_rf);
    index_by_name(cluster_queues, m_cq);
    index_by_name(cohorts, m_cohort);
    index_by_name(workload_priority_classes, m_wpc);
    index_by_name(priority_classes, m_pc);
    index_by_name(admission_checks, m_ac);
    index_by_name(namespaces, m_ns);
    index_by_name(topologies, m_topo);
    index_by_key(local_queues, m_lq);
    index_by_key(workloads, m_wl);
}

const ResourceFlavor* Cluster::find_resource_flavor(std::string_view n) const { return lookup(resource_flavors, m_rf, n); }
const ClusterQueue* Cluster::find_cluster_queue(std::string_view n) const { return lookup(cluster_queues, m_cq, n); }
const Cohort* Cluster::find_cohort(std::string_view n) const { return lookup(cohorts, m_cohort, n); }
const WorkloadPriorityClass* Cluster::find_workload_priority_class(std::string_view n) const {
    return lookup(workload_priority_classes, m_wpc, n);
}
const PriorityClass* Cluster::find_priority_class(std::string_view n) const { return lookup(priority_classes, m_pc, n); }
const AdmissionCheck* Cluster::find_admission_check(std::string_view n) const { return lookup(admission_checks, m_ac, n); }
const Namespace* Cluster::find_namespace(std::string_view n) const { return lookup(namespaces, m_ns, n); }
const Topology* Cluster::find_topology(std::string_view n) const { return lookup(topologies, m_topo, n); }

const LocalQueue* Cluster::find_local_queue(std::string_view ns, std::string_view name) const {
    std::string key(ns);
    key += '/';
    key += name;
    return lookup(local_queues, m_lq, key);
}

const Workload* Cluster::find_workload(std::string_view ns, std::string_view name) const {
    std::string key(ns);
    key += '/';
    key += name;
    return lookup(workloads, m_wl, key);
}

std::size_t Cluster::object_count() const {
    std::size_t n = 0;
    for_each_object([&](const ObjectMeta&, const char*) { ++n; });
    return n;
}

}  // namespace kg::model
