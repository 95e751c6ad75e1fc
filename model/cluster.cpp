// Name indexes over the loaded objects. Later objects with the same name win,
// as a later `kubectl apply` of the same name would.
#include "model/cluster.h"

#include <iterator>

namespace kg::model {

namespace {

// The key an index reads from object `i`: its name, and its namespace for the kinds
// found by both.
template <bool namespaced, typename Vec>
auto key_reader(const Vec& objects) {
    return [&objects](std::size_t i) {
        const ObjectMeta& m = objects[i].meta;
        return ObjectKey{namespaced ? std::string_view(*m.namespace_) : std::string_view(), *m.name};
    };
}

template <bool namespaced, typename Vec>
void index(const Vec& objects, ObjectIndex& idx) {
    idx.rebuild(objects.size(), key_reader<namespaced>(objects));
}

template <bool namespaced, typename Vec>
const typename Vec::value_type* lookup(const Vec& objects, const ObjectIndex& idx, std::string_view ns,
                                       std::string_view name) {
    std::size_t i = idx.find({ns, name}, objects.size(), key_reader<namespaced>(objects));
    return i == ObjectIndex::npos ? nullptr : &objects[i];
}

template <typename Vec>
const typename Vec::value_type* lookup(const Vec& objects, const ObjectIndex& idx, std::string_view name) {
    return lookup<false>(objects, idx, {}, name);
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
    index<false>(resource_flavors, m_rf);
    index<false>(cluster_queues, m_cq);
    index<false>(cohorts, m_cohort);
    index<false>(workload_priority_classes, m_wpc);
    index<false>(priority_classes, m_pc);
    index<false>(admission_checks, m_ac);
    index<false>(namespaces, m_ns);
    index<false>(topologies, m_topo);
    index<true>(local_queues, m_lq);
    index<true>(workloads, m_wl);
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
    return lookup<true>(local_queues, m_lq, ns, name);
}

const Workload* Cluster::find_workload(std::string_view ns, std::string_view name) const {
    return lookup<true>(workloads, m_wl, ns, name);
}

std::size_t Cluster::object_count() const {
    std::size_t n = 0;
    for_each_object([&](const ObjectMeta&, const char*) { ++n; });
    return n;
}

}  // namespace kg::model
