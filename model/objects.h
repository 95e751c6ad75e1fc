// Typed Kueue and Kubernetes objects, in Kueue's v1beta2 (hub) vocabulary with
// Kueue's defaults applied. v1beta1 input is converted on load (kueue-admission.md
// §1.10). Every field a rule may point at is Located, so findings name file:line:col.
#pragma once

#include "model/boxed.h"
#include "model/quantity.h"
#include "model/selector.h"
#include "model/source_pos.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kg::model {

/// resource name -> quantity, ordered by name for deterministic output.
using ResourceList = std::map<std::string, Located<Quantity>>;

/// Seconds since the Unix epoch (API timestamps have 1 s resolution, R0.4).
using Timestamp = std::int64_t;

struct ObjectMeta {
    std::string api_version;  ///< as written: "kueue.x-k8s.io/v1beta1"
    std::string kind;
    Located<std::string> name;
    Located<std::string> namespace_;  ///< empty for cluster-scoped or when not given
    std::string uid;
    std::string resource_version;
    std::optional<Timestamp> creation_timestamp;
    std::optional<Timestamp> deletion_timestamp;
    Labels labels;
    std::map<std::string, std::string> annotations;
    std::map<std::string, SourcePos> label_pos;       ///< key -> position of the value
    std::map<std::string, SourcePos> annotation_pos;  ///< key -> position of the value
    SourcePos doc_pos;  ///< start of the object's mapping
    std::vector<std::pair<std::string, std::string>> owner_refs;  ///< (kind, name)

    /// "namespace/name", or "name" for cluster-scoped objects.
    std::string key() const { return namespace_->empty() ? *name : *namespace_ + "/" + *name; }
};

// ---------------------------------------------------------------- ResourceFlavor
struct ResourceFlavor {
    ObjectMeta meta;
    std::map<std::string, Located<std::string>> node_labels;
    std::vector<Taint> node_taints;
    std::vector<Toleration> tolerations;
    std::string topology_name;
    SourcePos topology_name_pos;  ///< value of `topologyName`, unknown when absent
    SourcePos node_labels_pos;  ///< key `nodeLabels`, unknown when absent
};

// ---------------------------------------------------------------- quotas (CQ and Cohort)
struct ResourceQuota {
    Located<std::string> name;
    Located<Quantity> nominal_quota;
    std::optional<Located<Quantity>> borrowing_limit;
    std::optional<Located<Quantity>> lending_limit;
    /// Fields present whose text is not a quantity (a diagnostic names each): outputs
    /// show them as invalid, never as the zero (or absence) the model keeps for them.
    bool nominal_quota_invalid = false;
    bool borrowing_limit_invalid = false;
    bool lending_limit_invalid = false;
};

struct FlavorQuotas {
    Located<std::string> name;
    std::vector<ResourceQuota> resources;
};

struct ResourceGroup {
    std::vector<Located<std::string>> covered_resources;
    std::vector<FlavorQuotas> flavors;
    SourcePos pos;
};

// ---------------------------------------------------------------- ClusterQueue
enum class QueueingStrategy { best_effort_fifo, strict_fifo };
enum class StopPolicy { none, hold, hold_and_drain };
enum class WithinClusterQueue { never, lower_priority, lower_or_newer_equal_priority };
enum class ReclaimWithinCohort { never, lower_priority, any };
enum class BorrowWithinCohortPolicy { never, lower_priority };
enum class WhenCanBorrow { may_stop_search, try_next_flavor };
enum class WhenCanPreempt { may_stop_search, try_next_flavor };
enum class FungibilityPreference { unset, borrowing_over_preemption, preemption_over_borrowing };
enum class AdmissionMode { unset, usage_based_admission_fair_sharing, no_admission_fair_sharing };

struct BorrowWithinCohort {
    BorrowWithinCohortPolicy policy = BorrowWithinCohortPolicy::never;
    std::optional<std::int32_t> max_priority_threshold;
};

struct ClusterQueuePreemption {
    Located<WithinClusterQueue> within_cluster_queue{WithinClusterQueue::never};
    Located<ReclaimWithinCohort> reclaim_within_cohort{ReclaimWithinCohort::never};
    Located<BorrowWithinCohort> borrow_within_cohort{};
    bool present = false;  ///< spec.preemption was given
};

struct FlavorFungibility {
    WhenCanBorrow when_can_borrow = WhenCanBorrow::may_stop_search;
    WhenCanPreempt when_can_preempt = WhenCanPreempt::try_next_flavor;
    FungibilityPreference preference = FungibilityPreference::unset;
    SourcePos pos;
};

struct AdmissionCheckStrategyRule {
    Located<std::string> name;
    std::vector<Located<std::string>> on_flavors;  ///< empty = every flavor of the CQ
};

/// spec.concurrentAdmissionPolicy (gate ConcurrentAdmission, beta since Kueue 0.19).
enum class MigrationMode { try_preferred_flavors, retain_first_admission };
struct ConcurrentAdmissionPolicy {
    SourcePos pos;                                ///< the concurrentAdmissionPolicy mapping
    Located<MigrationMode> mode{MigrationMode::try_preferred_flavors};
    bool has_constraints = false;
    SourcePos constraints_pos;
    std::optional<Located<std::string>> last_acceptable_flavor;  ///< constraints.lastAcceptableFlavorName
};

struct ClusterQueue {
    ObjectMeta meta;
    Located<std::string> cohort;  ///< v1beta2 cohortName / v1beta1 cohort; "" = none
    std::vector<ResourceGroup> resource_groups;
    Located<QueueingStrategy> queueing_strategy{QueueingStrategy::best_effort_fifo};
    /// nil selector (nullopt) matches no namespace; {} matches every namespace (R3.3).
    std::optional<LabelSelector> namespace_selector;
    ClusterQueuePreemption preemption;
    FlavorFungibility flavor_fungibility;
    std::optional<Located<Quantity>> fair_sharing_weight;  ///< default 1
    std::vector<AdmissionCheckStrategyRule> admission_checks;
    Located<StopPolicy> stop_policy{StopPolicy::none};
    AdmissionMode admission_mode = AdmissionMode::unset;
    std::optional<ConcurrentAdmissionPolicy> concurrent_admission;
    /// Fields and values the decoder accepted in another API version's spelling, as
    /// "spec.cohort", "spec.cohortName", "spec.admissionChecks",
    /// "spec.flavorFungibility.whenCanBorrow=Borrow" (KQ1021 decides by apiVersion).
    std::vector<Located<std::string>> version_spellings;
};

// ---------------------------------------------------------------- Cohort
struct Cohort {
    ObjectMeta meta;
    Located<std::string> parent_name;  ///< "" = root (v1alpha1 `parent` accepted as alias)
    std::vector<ResourceGroup> resource_groups;
    std::optional<Located<Quantity>> fair_sharing_weight;
    std::vector<Located<std::string>> version_spellings;  ///< "spec.parent" (v1alpha1)
};

// ---------------------------------------------------------------- LocalQueue
struct LocalQueue {
    ObjectMeta meta;
    Located<std::string> cluster_queue;
    Located<StopPolicy> stop_policy{StopPolicy::none};
    std::optional<Located<Quantity>> fair_sharing_weight;
};

// ---------------------------------------------------------------- pods
struct Container {
    std::string name;
    ResourceList requests;
    ResourceList limits;
    std::string restart_policy;  ///< "Always" marks a sidecar init container
};

struct PodSpec {
    std::vector<Container> init_containers;
    std::vector<Container> containers;
    ResourceList pod_requests;  ///< pod-level spec.resources.requests
    ResourceList pod_limits;
    ResourceList overhead;
    Labels node_selector;
    std::optional<NodeAffinity> node_affinity;  ///< required terms only
    std::vector<Toleration> tolerations;
    std::string runtime_class_name;
    std::string priority_class_name;
    std::optional<std::int32_t> priority;
};

/// One layer of spec.podSets[].topologyRequest.podsetSliceRequiredTopologyConstraints.
struct SliceConstraint {
    std::string topology;  ///< a level's node label
    std::int32_t size = 0;
};

/// spec.podSets[].topologyRequest (Kueue v1beta2 PodSetTopologyRequest): what Kueue's
/// scheduler reads for Topology-Aware Scheduling. Jobs get it from their TAS annotations.
struct PodSetTopologyRequest {
    std::optional<std::string> required;
    std::optional<std::string> preferred;
    std::optional<bool> unconstrained;  ///< set (even false) counts as an explicit request
    std::optional<std::string> slice_required_topology;  ///< podSetSliceRequiredTopology
    std::optional<std::int32_t> slice_size;              ///< podSetSliceSize
    std::vector<SliceConstraint> slice_constraints;      ///< multi-layer, outermost first
    std::optional<std::string> pod_set_group_name;
    SourcePos pos;
};

struct PodSet {
    Located<std::string> name{"main"};
    std::int32_t count = 1;
    std::optional<std::int32_t> min_count;
    PodSpec template_spec;
    /// Boxed: few pod sets have one, and inline it was a third of every PodSet's bytes.
    Boxed<PodSetTopologyRequest> topology_request;
};

// ---------------------------------------------------------------- Workload
enum class ConditionStatus { true_, false_, unknown };

struct Condition {
    std::string type;
    ConditionStatus status = ConditionStatus::unknown;
    std::string reason;
    std::string message;
    std::optional<Timestamp> last_transition_time;
};

/// Pods per topology domain; `values` has one entry per level of the assignment.
struct TopologyDomain {
    std::vector<std::string> values;
    std::int32_t count = 0;
};

/// status.admission.podSetAssignments[].topologyAssignment, uncompressed from any valid
/// v1beta2 slice encoding (or the v1beta1 `domains` list).
struct TopologyAssignment {
    std::vector<std::string> levels;
    std::vector<TopologyDomain> domains;
};

struct PodSetAssignment {
    std::string name;
    std::map<std::string, std::string> flavors;  ///< resource -> flavor
    std::map<std::string, Quantity> resource_usage;
    std::optional<std::int32_t> count;
    std::optional<TopologyAssignment> topology_assignment;
    std::string delayed_topology_request;  ///< "", "Pending" or "Ready"
};

struct Admission {
    std::string cluster_queue;
    std::vector<PodSetAssignment> pod_set_assignments;
};

enum class PriorityClassKind { none, workload_priority_class, pod_priority_class };

struct PriorityClassRef {
    PriorityClassKind kind = PriorityClassKind::none;
    Located<std::string> name;
};

enum class CheckState { pending, ready, retry, rejected };

struct AdmissionCheckStatus {
    std::string name;
    CheckState state = CheckState::pending;
    std::string message;
};

struct ReclaimablePod {
    std::string name;
    std::int32_t count = 0;
};

struct Workload {
    ObjectMeta meta;
    Located<std::string> queue_name;
    std::optional<std::int32_t> priority;  ///< spec.priority as written
    PriorityClassRef priority_class;
    bool active = true;
    std::vector<PodSet> pod_sets;
    std::optional<std::int64_t> maximum_execution_time_seconds;

    // status
    std::optional<Admission> admission;
    std::vector<Condition> conditions;
    std::optional<std::int32_t> requeue_count;
    std::optional<Timestamp> requeue_at;
    std::vector<ReclaimablePod> reclaimable_pods;
    std::vector<AdmissionCheckStatus> admission_checks;

    /// Where it came from: "Workload" when loaded as such, else the Job kind it was derived from.
    std::string origin_kind = "Workload";
    std::string origin_name;

    const Condition* condition(std::string_view type) const;
    bool condition_true(std::string_view type) const;
};

// ---------------------------------------------------------------- other kinds
struct WorkloadPriorityClass {
    ObjectMeta meta;
    Located<std::int32_t> value;
    std::string description;
};

struct PriorityClass {
    ObjectMeta meta;
    std::int32_t value = 0;
    bool global_default = false;
};

struct AdmissionCheck {
    ObjectMeta meta;
    std::string controller_name;
    /// The status condition `Active`; nullopt when the export carries no status.
    std::optional<bool> active;
};

struct Namespace {
    ObjectMeta meta;  ///< labels include kubernetes.io/metadata.name (added if missing, R1.8.1)
};

struct Node {
    ObjectMeta meta;
    ResourceList capacity;
    ResourceList allocatable;
    std::vector<Taint> taints;
    bool unschedulable = false;
    /// status.conditions Ready=True; Kueue's TAS cache drops nodes that are not
    /// (pkg/cache/scheduler/tas_nodes_cache.go sync).
    bool ready = false;
};

/// kueue.x-k8s.io Topology: the node labels of its levels, highest first.
struct Topology {
    ObjectMeta meta;
    std::vector<Located<std::string>> levels;
};

/// A Pod as far as TAS capacity needs it: bound pods that are not TAS-managed use their
/// node's allocatable (pkg/controller/tas/pod_usage_controller.go).
struct BoundPod {
    ObjectMeta meta;
    std::string node_name;  ///< spec.nodeName, "" when not bound
    std::string phase;      ///< status.phase
    PodSpec spec;
};

/// A Job-like object Kueue manages (batch/v1 Job, JobSet, RayJob, Kubeflow jobs, Pod, ...),
/// with the pod sets of the Workload Kueue would create for it (see model/jobs/).
struct Job {
    ObjectMeta meta;
    /// kueue.x-k8s.io/queue-name label (or annotation); empty value and unknown pos when absent.
    Located<std::string> queue_name;
    bool has_queue_name = false;
    Located<std::string> priority_class;  ///< kueue.x-k8s.io/priority-class label
    bool suspend = false;
    std::vector<PodSet> pod_sets;
    /// The PriorityClass Kueue reads when no WorkloadPriorityClass label is set: the kind's own
    /// field (Kubeflow/MPI runPolicy.schedulingPolicy.priorityClass), else the first pod set's
    /// priorityClassName (jobframework ExtractPriority). Empty when none.
    Located<std::string> pod_priority_class;
    /// How many identical Workloads Kueue creates for this object: 1, except Deployment (one
    /// single-pod Workload per replica) and LeaderWorkerSet (one per group, spec.replicas).
    std::int32_t workload_count = 1;
    /// Set when Kueue names the Workload itself rather than hashing the owner: pod groups use
    /// the kueue.x-k8s.io/pod-group-name label as the Workload name.
    std::string workload_name;
};

}  // namespace kg::model
