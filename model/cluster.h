// Everything one run loaded: every object by value, indexes by name, the files they
// came from, and counts of skipped kinds. Engines read a `const Cluster&`.
#pragma once

#include "model/object_index.h"
#include "model/objects.h"
#include "model/rbac.h"
#include "model/source_pos.h"

#include <map>
#include <string>
#include <vector>

namespace kg::model {

/// A Configuration value Kueue refuses at start-up (pkg/config/validation.go).
struct ConfigIssue {
    SourcePos pos;
    std::string path;     ///< Configuration field path: integrations.frameworks[2]
    std::string message;  ///< field.ErrorList wording
};

/// Kueue manager Configuration fields that change decisions (kueue-admission.md R0.2).
struct KueueConfig {
    bool fair_sharing = false;
    std::vector<std::string> fair_sharing_strategies;  ///< default per R0.2 when empty
    bool manage_jobs_without_queue_name = false;
    std::optional<LabelSelector> managed_jobs_namespace_selector;
    std::vector<std::string> exclude_resource_prefixes;
    bool quota_check_ignore_undeclared = false;  ///< quotaCheckStrategy: IgnoreUndeclared
    bool requeue_by_creation = false;            ///< waitForPodsReady.requeuingStrategy.timestamp: Creation
    /// clientConnection.qps and .burst (the manager's API client rate limit), when given;
    /// the replay's throughput model reads them (sim/replay/api_throughput.h).
    std::optional<double> client_qps;
    std::optional<std::int64_t> client_burst;
    SourcePos client_qps_pos, client_burst_pos;
    SourcePos pos;
    /// What Kueue's manager would refuse to start with (lint KQ1023; simulate and replay stop).
    std::vector<ConfigIssue> issues;
};

/// A strict-schema violation found while loading (model/schema): reported by lint KQ1022.
struct SchemaIssue {
    std::string kind, namespace_, name;  ///< the object, as written
    SourcePos pos;
    std::string path;     ///< Kueue's field path
    std::string message;  ///< without the object's name
};

class Cluster {
public:
    SourceFiles files;

    std::vector<ResourceFlavor> resource_flavors;
    std::vector<ClusterQueue> cluster_queues;
    std::vector<Cohort> cohorts;
    std::vector<LocalQueue> local_queues;
    std::vector<Workload> workloads;
    std::vector<WorkloadPriorityClass> workload_priority_classes;
    std::vector<PriorityClass> priority_classes;
    std::vector<AdmissionCheck> admission_checks;
    std::vector<Namespace> namespaces;
    std::vector<Node> nodes;
    std::vector<Topology> topologies;
    std::vector<BoundPod> pods;  ///< every v1 Pod, also kept as a Job when Kueue manages it
    std::vector<Job> jobs;
    std::vector<Role> roles;                 ///< Roles and ClusterRoles, in input order
    std::vector<RoleBinding> role_bindings;  ///< RoleBindings and ClusterRoleBindings
    std::optional<KueueConfig> kueue_config;  ///< a Configuration object found among the inputs
    /// Objects of kueue.x-k8s.io checked against Kueue's CRD schemas, in input order.
    std::vector<SchemaIssue> schema_issues;

    /// kind (as written) -> how many objects of it were skipped as not modelled.
    std::map<std::string, std::size_t> skipped_kinds;
    std::size_t documents = 0;

    /// Rebuild the name indexes below; call after adding objects (the loader does).
    void reindex();

    /// Moves every object of `part` to the end of its kind's list here, with its schema
    /// issues, skipped kinds and document count, as if decoded here after the objects
    /// already in. `part` must hold no files and no Kueue Configuration (decodes_alone).
    void append(Cluster&& part);

    const ResourceFlavor* find_resource_flavor(std::string_view name) const;
    const ClusterQueue* find_cluster_queue(std::string_view name) const;
    const Cohort* find_cohort(std::string_view name) const;
    const LocalQueue* find_local_queue(std::string_view ns, std::string_view name) const;
    const WorkloadPriorityClass* find_workload_priority_class(std::string_view name) const;
    const PriorityClass* find_priority_class(std::string_view name) const;
    const AdmissionCheck* find_admission_check(std::string_view name) const;
    const Namespace* find_namespace(std::string_view name) const;
    const Workload* find_workload(std::string_view ns, std::string_view name) const;
    const Topology* find_topology(std::string_view name) const;

    /// Total objects held (all kinds, Jobs included).
    std::size_t object_count() const;

    /// Calls f(meta, kind) for every object kept, kind by kind ("ResourceFlavor", ...; Roles and
    /// bindings as "Role"/"RoleBinding" unless their meta names the cluster-scoped kind). Pods
    /// count through the Jobs Kueue makes of them. The one list of what an object is: counts,
    /// JUnit's test cases and anything else that walks "every object" go through it.
    template <class F>
    void for_each_object(F&& f) const {
        for (const auto& o : resource_flavors) f(o.meta, "ResourceFlavor");
        for (const auto& o : cluster_queues) f(o.meta, "ClusterQueue");
        for (const auto& o : cohorts) f(o.meta, "Cohort");
        for (const auto& o : local_queues) f(o.meta, "LocalQueue");
        for (const auto& o : workloads) f(o.meta, "Workload");
        for (const auto& o : workload_priority_classes) f(o.meta, "WorkloadPriorityClass");
        for (const auto& o : priority_classes) f(o.meta, "PriorityClass");
        for (const auto& o : admission_checks) f(o.meta, "AdmissionCheck");
        for (const auto& o : namespaces) f(o.meta, "Namespace");
        for (const auto& o : nodes) f(o.meta, "Node");
        for (const auto& o : topologies) f(o.meta, "Topology");
        for (const auto& o : jobs) f(o.meta, "Job");
        for (const auto& o : roles) f(o.meta, "Role");
        for (const auto& o : role_bindings) f(o.meta, "RoleBinding");
    }

private:
    ObjectIndex m_rf, m_cq, m_cohort, m_wpc, m_pc, m_ac, m_ns, m_topo;  ///< by name
    ObjectIndex m_lq, m_wl;                                             ///< by namespace and name
};

}  // namespace kg::model
