// Decoding Kueue kinds: v1beta1/v1beta2 parity, CRD defaults, positions of values
// and the exact text of diagnostics (kueue-admission.md §1, §1.10). Misshapen input:
// decode_robustness_test.cpp.
#include "model/loader.h"
#include "tests/model/decode_support.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace kg::model;
using kg::model::test::errors;
using kg::model::test::load;

namespace {

const char* k_cq_v1beta1 = R"(apiVersion: kueue.x-k8s.io/v1beta1
kind: ClusterQueue
metadata:
  name: team-a
spec:
  cohort: ml
  namespaceSelector: {}
  admissionChecks: [prov]
  flavorFungibility:
    whenCanBorrow: Borrow
    whenCanPreempt: Preempt
  preemption:
    reclaimWithinCohort: Any
    withinClusterQueue: LowerPriority
  resourceGroups:
  - coveredResources: [cpu, nvidia.com/gpu]
    flavors:
    - name: h100
      resources:
      - name: cpu
        nominalQuota: 500m
      - name: nvidia.com/gpu
        nominalQuota: 8
        borrowingLimit: 4
)";

const char* k_cq_v1beta2 = R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  cohortName: ml
  namespaceSelector: {}
  admissionChecksStrategy:
    admissionChecks:
    - name: prov
  flavorFungibility:
    whenCanBorrow: MayStopSearch
    whenCanPreempt: MayStopSearch
  preemption:
    reclaimWithinCohort: Any
    withinClusterQueue: LowerPriority
  resourceGroups:
  - coveredResources: [cpu, nvidia.com/gpu]
    flavors:
    - name: h100
      resources:
      - name: cpu
        nominalQuota: 500m
      - name: nvidia.com/gpu
        nominalQuota: 8
        borrowingLimit: 4
)";

}  // namespace

TEST_CASE("a ClusterQueue written in v1beta1 and v1beta2 decodes to the same object", "[model][decode]") {
    auto a = load(k_cq_v1beta1);
    auto b = load(k_cq_v1beta2);
    REQUIRE(a.diags.empty());
    REQUIRE(b.diags.empty());
    REQUIRE(a.cluster.cluster_queues.size() == 1);
    REQUIRE(b.cluster.cluster_queues.size() == 1);
    const ClusterQueue& x = a.cluster.cluster_queues[0];
    const ClusterQueue& y = b.cluster.cluster_queues[0];
    CHECK(*x.cohort == "ml");
    CHECK(*x.cohort == *y.cohort);
    REQUIRE(x.namespace_selector.has_value());
    REQUIRE(y.namespace_selector.has_value());
    CHECK(x.flavor_fungibility.when_can_borrow == WhenCanBorrow::may_stop_search);
    CHECK(x.flavor_fungibility.when_can_preempt == WhenCanPreempt::may_stop_search);
    CHECK(y.flavor_fungibility.when_can_preempt == WhenCanPreempt::may_stop_search);
    CHECK(*x.preemption.reclaim_within_cohort == ReclaimWithinCohort::any);
    CHECK(*y.preemption.reclaim_within_cohort == ReclaimWithinCohort::any);
    CHECK(*x.preemption.within_cluster_queue == WithinClusterQueue::lower_priority);
    CHECK(*y.preemption.within_cluster_queue == WithinClusterQueue::lower_priority);
    REQUIRE(x.admission_checks.size() == 1);
    REQUIRE(y.admission_checks.size() == 1);
    CHECK(*x.admission_checks[0].name == "prov");
    CHECK(*y.admission_checks[0].name == "prov");
    CHECK(x.admission_checks[0].on_flavors.empty());
    REQUIRE(x.resource_groups.size() == 1);
    REQUIRE(y.resource_groups.size() == 1);
    const FlavorQuotas& fx = x.resource_groups[0].flavors.at(0);
    const FlavorQuotas& fy = y.resource_groups[0].flavors.at(0);
    REQUIRE(fx.resources.size() == 2);
    REQUIRE(fy.resources.size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        CHECK(*fx.resources[i].name == *fy.resources[i].name);
        CHECK(*fx.resources[i].nominal_quota == *fy.resources[i].nominal_quota);
        CHECK(fx.resources[i].borrowing_limit.has_value() == fy.resources[i].borrowing_limit.has_value());
    }
    CHECK(fx.resources[0].nominal_quota->milli_value() == 500);
    CHECK(fx.resources[1].nominal_quota->milli_value() == 8000);
    // The quota values sit at the same place in both texts, one line further down in v1beta2.
    CHECK(fx.resources[1].nominal_quota.pos.line == 23);
    CHECK(fx.resources[1].nominal_quota.pos.col == 23);
    CHECK(fy.resources[1].nominal_quota.pos.line == 25);
    CHECK(fy.resources[1].nominal_quota.pos.col == 23);
    CHECK(fy.resources[1].borrowing_limit->pos.line == 26);
}

TEST_CASE("ClusterQueue defaults follow the CRD", "[model][decode]") {
    auto l = load(R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: bare
spec:
  flavorFungibility: {}
)");
    REQUIRE(l.diags.empty());
    const ClusterQueue& cq = l.cluster.cluster_queues.at(0);
    CHECK(cq.cohort->empty());
    CHECK(*cq.queueing_strategy == QueueingStrategy::best_effort_fifo);
    CHECK_FALSE(cq.namespace_selector.has_value());  // nil: matches no namespace
    CHECK_FALSE(cq.preemption.present);
    CHECK(*cq.preemption.within_cluster_queue == WithinClusterQueue::never);
    CHECK(*cq.preemption.reclaim_within_cohort == ReclaimWithinCohort::never);
    CHECK(cq.preemption.borrow_within_cohort->policy == BorrowWithinCohortPolicy::never);
    CHECK(cq.flavor_fungibility.when_can_borrow == WhenCanBorrow::may_stop_search);
    CHECK(cq.flavor_fungibility.when_can_preempt == WhenCanPreempt::try_next_flavor);
    CHECK(cq.flavor_fungibility.preference == FungibilityPreference::unset);
    CHECK(*cq.stop_policy == StopPolicy::none);
    CHECK_FALSE(cq.fair_sharing_weight.has_value());
    CHECK(cq.admission_mode == AdmissionMode::unset);
}

TEST_CASE("Cohort: parentName, v1alpha1 parent alias, quota and weight", "[model][decode]") {
    auto l = load(R"(apiVersion: kueue.x-k8s.io/v1alpha1
kind: Cohort
metadata: {name: child}
spec:
  parent: root
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata: {name: root}
spec:
  fairSharing: {weight: "0"}
  resourceGroups:
  - coveredResources: [nvidia.com/gpu]
    flavors:
    - name: h100
      resources: [{name: nvidia.com/gpu, nominalQuota: 16}]
)");
    REQUIRE(l.diags.empty());
    REQUIRE(l.cluster.cohorts.size() == 2);
    CHECK(*l.cluster.cohorts[0].parent_name == "root");
    CHECK(l.cluster.cohorts[0].parent_name.pos.line == 5);
    CHECK(l.cluster.cohorts[1].parent_name->empty());
    REQUIRE(l.cluster.cohorts[1].fair_sharing_weight.has_value());
    CHECK(l.cluster.cohorts[1].fair_sharing_weight->value.milli_value() == 0);
    CHECK(l.cluster.cohorts[1].resource_groups.at(0).flavors.at(0).resources.at(0).nominal_quota->milli_value() ==
          16000);
}

TEST_CASE("Workload defaults and v1beta1 priorityClassSource mapping", "[model][decode]") {
    auto l = load(R"Y(apiVersion: kueue.x-k8s.io/v1beta1
kind: Workload
metadata: {name: w1, namespace: ns, creationTimestamp: "2026-01-01T00:00:10Z"}
spec:
  queueName: lq
  priorityClassName: high
  priorityClassSource: kueue.x-k8s.io/workloadpriorityclass
  priority: 100
  podSets:
  - template: {spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}}
---
apiVersion: kueue.x-k8s.io/v1beta1
kind: Workload
metadata: {name: w2, namespace: ns}
spec:
  priorityClassName: dropped
  priorityClassSource: ""
  priority: 7
  active: false
  podSets: [{name: workers, count: 3, minCount: 2, template: {spec: {containers: []}}}]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata: {name: w3, namespace: ns}
spec:
  priorityClassRef: {group: scheduling.k8s.io, kind: PriorityClass, name: sys}
  podSets: [{name: main, count: 1, template: {spec: {containers: []}}}]
status:
  conditions:
  - type: QuotaReserved
    status: "False"
    reason: Pending
    message: "couldn't assign flavors to pod set main: insufficient quota for nvidia.com/gpu in flavor h100, previously considered podsets requests (0) + current podset request (8) > maximum capacity (4)"
    lastTransitionTime: "2026-01-01T00:01:00Z"
)Y");
    REQUIRE(errors(l).empty());
    REQUIRE(l.cluster.workloads.size() == 3);
    const Workload& w1 = l.cluster.workloads[0];
    CHECK(w1.meta.creation_timestamp == std::optional<Timestamp>(1767225610));
    REQUIRE(w1.pod_sets.size() == 1);
    CHECK(*w1.pod_sets[0].name == "main");
    CHECK(w1.pod_sets[0].count == 1);
    CHECK(w1.active);
    CHECK(w1.priority_class.kind == PriorityClassKind::workload_priority_class);
    CHECK(*w1.priority_class.name == "high");
    CHECK(w1.priority == std::optional<std::int32_t>(100));
    const Workload& w2 = l.cluster.workloads[1];
    CHECK(w2.priority_class.kind == PriorityClassKind::none);
    CHECK(w2.priority_class.name->empty());
    CHECK(w2.priority == std::optional<std::int32_t>(7));
    CHECK_FALSE(w2.active);
    CHECK(w2.pod_sets.at(0).count == 3);
    CHECK(w2.pod_sets.at(0).min_count == std::optional<std::int32_t>(2));
    const Workload& w3 = l.cluster.workloads[2];
    CHECK(w3.priority_class.kind == PriorityClassKind::pod_priority_class);
    CHECK(*w3.priority_class.name == "sys");
    REQUIRE(w3.conditions.size() == 1);
    CHECK(w3.conditions[0].type == "QuotaReserved");
    CHECK(w3.conditions[0].status == ConditionStatus::false_);
    CHECK(w3.conditions[0].last_transition_time == std::optional<Timestamp>(1767225660));
}

TEST_CASE("Namespaces get kubernetes.io/metadata.name", "[model][decode]") {
    auto l = load("apiVersion: v1\nkind: Namespace\nmetadata: {name: team-a, labels: {team: nlp}}\n");
    REQUIRE(l.diags.empty());
    const Namespace& ns = l.cluster.namespaces.at(0);
    CHECK(ns.meta.labels.at("kubernetes.io/metadata.name") == "team-a");
    CHECK(ns.meta.labels.at("team") == "nlp");
}

TEST_CASE("AdmissionCheck Active condition, Node capacity and taints, PriorityClasses", "[model][decode]") {
    auto l = load(R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: AdmissionCheck
metadata: {name: prov}
spec: {controllerName: kueue.x-k8s.io/provisioning-request}
status:
  conditions: [{type: Active, status: "True", reason: Active, lastTransitionTime: "2026-01-01T00:00:00Z"}]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: AdmissionCheck
metadata: {name: silent}
spec: {controllerName: x}
---
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {cloud.google.com/gke-accelerator: nvidia-h100-80gb}}
spec:
  unschedulable: true
  taints: [{key: cloud.google.com/gke-spot, value: "true", effect: NoSchedule}]
status:
  capacity: {cpu: "208", nvidia.com/gpu: "8", memory: 1843Gi}
  allocatable: {cpu: 207500m}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata: {name: high}
value: 10000
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: sys}
value: -5
globalDefault: true
)");
    REQUIRE(errors(l).empty());
    REQUIRE(l.cluster.admission_checks.size() == 2);
    CHECK(l.cluster.admission_checks[0].controller_name == "kueue.x-k8s.io/provisioning-request");
    CHECK(l.cluster.admission_checks[0].active == std::optional<bool>(true));
    CHECK_FALSE(l.cluster.admission_checks[1].active.has_value());
    REQUIRE(l.cluster.nodes.size() == 1);
    const kg::model::Node& n = l.cluster.nodes[0];
    CHECK(n.unschedulable);
    REQUIRE(n.taints.size() == 1);
    CHECK(n.taints[0].key == "cloud.google.com/gke-spot");
    CHECK(n.capacity.at("nvidia.com/gpu")->milli_value() == 8000);
    CHECK(n.allocatable.at("cpu")->milli_value() == 207500);
    REQUIRE(l.cluster.workload_priority_classes.size() == 1);
    CHECK(*l.cluster.workload_priority_classes[0].value == 10000);
    CHECK(l.cluster.workload_priority_classes[0].value.pos.line == 26);
    REQUIRE(l.cluster.priority_classes.size() == 1);
    CHECK(l.cluster.priority_classes[0].value == -5);
    CHECK(l.cluster.priority_classes[0].global_default);
}

TEST_CASE("Kueue Configuration, v1beta2 and v1beta1, also inside its ConfigMap", "[model][decode]") {
    auto a = load(R"(apiVersion: config.kueue.x-k8s.io/v1beta2
kind: Configuration
fairSharing: {}
manageJobsWithoutQueueName: true
resources: {excludeResourcePrefixes: [ephemeral-storage], quotaCheckStrategy: IgnoreUndeclared}
waitForPodsReady: {requeuingStrategy: {timestamp: Creation}}
)");
    REQUIRE(errors(a).empty());
    REQUIRE(a.cluster.kueue_config.has_value());
    CHECK(a.cluster.kueue_config->fair_sharing);
    CHECK(a.cluster.kueue_config->manage_jobs_without_queue_name);
    CHECK(a.cluster.kueue_config->quota_check_ignore_undeclared);
    CHECK(a.cluster.kueue_config->requeue_by_creation);
    CHECK(a.cluster.kueue_config->exclude_resource_prefixes == std::vector<std::string>{"ephemeral-storage"});
    CHECK(a.cluster.kueue_config->issues.empty());

    auto b = load(R"(apiVersion: v1
kind: ConfigMap
metadata: {name: kueue-manager-config, namespace: kueue-system}
data:
  controller_manager_config.yaml: |
    apiVersion: config.kueue.x-k8s.io/v1beta1
    kind: Configuration
    fairSharing:
      enable: false
      preemptionStrategies: [LessThanOrEqualToFinalShare]
    manageJobsWithoutQueueName: true
    managedJobsNamespaceSelector:
      matchExpressions:
      - {key: kubernetes.io/metadata.name, operator: NotIn, values: [kube-system]}
)");
    REQUIRE(errors(b).empty());
    REQUIRE(b.cluster.kueue_config.has_value());
    CHECK_FALSE(b.cluster.kueue_config->fair_sharing);  // v1beta1 needs enable: true (R1.10.2)
    CHECK(b.cluster.kueue_config->fair_sharing_strategies ==
          std::vector<std::string>{"LessThanOrEqualToFinalShare"});
    CHECK(b.cluster.kueue_config->manage_jobs_without_queue_name);
    CHECK(b.cluster.kueue_config->managed_jobs_namespace_selector.has_value());
    CHECK(b.cluster.skipped_kinds.empty());

    auto c = load(R"(apiVersion: v1
kind: ConfigMap
metadata: {name: kueue-manager-config}
data:
  controller_manager_config.yaml: |
    apiVersion: config.kueue.x-k8s.io/v1beta1
    kind: Configuration
    manageJobsWithoutQueueName: perhaps
)");
    auto e = errors(c);
    REQUIRE(e.size() == 1);
    // Positions inside the embedded document name it as a file of its own.
    CHECK(e[0].rfind("in.yaml#controller_manager_config.yaml:3:29: error: ", 0) == 0);
}
