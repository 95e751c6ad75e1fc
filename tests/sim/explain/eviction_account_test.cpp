// explain's account of a workload evicted by preemption (sim/explain): the rule from
// the Preempted reason, the preemptor from the UID in Kueue's eviction message, the numbers.
#include "sim/explain/explanation.h"
#include "model/loader.h"

#include <catch2/catch.hpp>

namespace {

const char* k_state = R"(
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: default}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: cq}
spec:
  namespaceSelector: {}
  preemption: {withinClusterQueue: LowerPriority}
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: default
      resources: [{name: cpu, nominalQuota: "2"}]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: lq, namespace: ns}
spec: {clusterQueue: cq}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata: {name: high, namespace: ns, uid: u-high}
spec:
  queueName: lq
  priority: 10
  podSets: [{name: main, count: 1, template: {spec: {containers: [{name: c, resources: {requests: {cpu: "2"}}}]}}}]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata: {name: low, namespace: ns, uid: u-low}
spec:
  queueName: lq
  priority: 1
  podSets: [{name: main, count: 1, template: {spec: {containers: [{name: c, resources: {requests: {cpu: "2"}}}]}}}]
status:
  conditions:
  - {type: QuotaReserved, status: "False", reason: Pending, message: Evicted by the test runner}
  - type: Evicted
    status: "True"
    reason: Preempted
    message: "Preempted to accommodate a workload (UID: u-high, JobUID: UNKNOWN) due to prioritization in the ClusterQueue; preemptor path: /cq; preemptee path: /cq"
  - type: Preempted
    status: "True"
    reason: InClusterQueue
    message: "Preempted to accommodate a workload (UID: u-high, JobUID: UNKNOWN) due to prioritization in the ClusterQueue; preemptor path: /cq; preemptee path: /cq"
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata: {name: orphan, namespace: ns, uid: u-orphan}
spec:
  queueName: lq
  podSets: [{name: main, count: 1, template: {spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}}}]
status:
  conditions:
  - type: Preempted
    status: "True"
    reason: InCohortReclaimWhileBorrowing
    message: "Preempted to accommodate a workload (UID: u-gone, JobUID: UNKNOWN) due to reclamation within the cohort while borrowing; preemptor path: /co/a; preemptee path: /co/cq"
)";

kg::model::Cluster load() {
    kg::model::Cluster cl;
    kg::model::DiagSink diags;
    kg::model::load_text("state.yaml", k_state, cl, diags);
    REQUIRE(diags.error_count() == 0);
    return cl;
}

}  // namespace

TEST_CASE("an evicted workload names its preemptor, the within-ClusterQueue rule and the priorities") {
    kg::model::Cluster cl = load();
    auto p = kg::sim::explain_workload(cl, "ns", "low", {});
    REQUIRE(p);
    REQUIRE(p->eviction);
    const kg::sim::EvictionAccount& e = *p->eviction;
    CHECK(e.rule == "withinClusterQueue");
    REQUIRE(e.preemptor);
    CHECK(e.preemptor->meta.key() == "ns/high");
    CHECK(e.quota_released);
    CHECK(e.findings.at(0) == "preemptor ns/high has priority 10; this workload has 1, lower");
    CHECK(e.findings.at(1) == "ClusterQueue cq has preemption.withinClusterQueue: LowerPriority, and both workloads are in it");
}

TEST_CASE("a preemptor missing from the inputs is said to be missing; workloads not evicted have no account") {
    kg::model::Cluster cl = load();
    auto orphan = kg::sim::explain_workload(cl, "ns", "orphan", {});
    REQUIRE(orphan);
    REQUIRE(orphan->eviction);
    CHECK(orphan->eviction->rule == "borrowWithinCohort");
    CHECK(orphan->eviction->preemptor == nullptr);
    CHECK(orphan->eviction->preemptor_uid == "u-gone");
    CHECK(orphan->eviction->preemptor_path == "/co/a");
    CHECK(orphan->eviction->findings.at(0) == "no Workload with UID u-gone in the inputs (finished or deleted since)");
    auto high = kg::sim::explain_workload(cl, "ns", "high", {});
    REQUIRE(high);
    CHECK_FALSE(high->eviction);
}
