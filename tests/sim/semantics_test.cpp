// Kueue's rules written once in sim/: the cohort hierarchy, ClusterQueue status, the queue
// path and the preemption message, each checked on its own.
#include "model/loader.h"
#include "sim/cluster_queue_status.h"
#include "sim/hierarchy.h"
#include "sim/preemption_message.h"
#include "sim/queue_path.h"

#include <catch2/catch.hpp>

namespace {

kg::model::Cluster load(const std::string& text) {
    kg::model::Cluster cl;
    kg::model::DiagSink diags;
    kg::model::load_text("state.yaml", text, cl, diags);
    REQUIRE(diags.error_count() == 0);
    return cl;
}

const char* k_cohorts = R"(
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata: {name: a}
spec: {parentName: b}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata: {name: b}
spec: {parentName: a}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata: {name: leaf}
spec: {parentName: a}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata: {name: team}
spec: {parentName: org}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: cq}
spec: {cohortName: team, namespaceSelector: {}}
)";

}  // namespace

TEST_CASE("the hierarchy adds implicit cohorts and marks every chain that reaches a cycle", "[sim][hierarchy]") {
    kg::model::Cluster cl = load(k_cohorts);
    kg::sim::CohortHierarchy h(cl);
    REQUIRE(h.find("org"));
    CHECK(h.find("org")->object == nullptr);  // implicit (R1.3.2)
    CHECK(h.root("team") == "org");
    CHECK(h.chain("team") == std::vector<std::string>{"team", "org"});
    CHECK(h.in_cycle("a"));
    CHECK(h.in_cycle("leaf"));  // leads into the loop
    CHECK_FALSE(h.in_cycle("team"));
    CHECK(h.root("leaf").empty());
    CHECK(h.cycle_of("a") == std::vector<std::string>{"a", "b"});
    CHECK(h.cycle_of("leaf") == std::vector<std::string>{"a", "b"});
    CHECK(h.members("org").size() == 1);
}

TEST_CASE("ClusterQueue status lists Kueue's reasons in order and writes its message", "[sim][status]") {
    kg::model::Cluster cl = load(R"(
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: cq}
spec:
  stopPolicy: Hold
  admissionChecksStrategy: {admissionChecks: [{name: gone}]}
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: missing
      resources: [{name: cpu, nominalQuota: "1"}]
)");
    kg::sim::ClusterQueueStatus s = kg::sim::cluster_queue_status(cl, cl.cluster_queues.at(0));
    CHECK_FALSE(s.active());
    CHECK(s.reason() == "Stopped");
    CHECK(s.message() ==
          "Can't admit new workloads: is stopped, references missing ResourceFlavor(s): missing, references missing "
          "AdmissionCheck(s): gone.");
}

TEST_CASE("the queue path stops at the first broken link with Kueue's message", "[sim][queue_path]") {
    kg::model::Cluster cl = load(R"(
apiVersion: v1
kind: Namespace
metadata: {name: other}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: cq}
spec: {namespaceSelector: {}}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: lq, namespace: ns}
spec: {clusterQueue: cq}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata: {name: wl, namespace: ns}
spec:
  queueName: lq
  podSets: [{name: main, count: 1, template: {spec: {containers: [{name: c}]}}}]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata: {name: lost, namespace: ns}
spec:
  queueName: nosuch
  podSets: [{name: main, count: 1, template: {spec: {containers: [{name: c}]}}}]
)");
    kg::sim::CohortHierarchy h(cl);
    const kg::model::Workload& wl = *cl.find_workload("ns", "wl");
    CHECK_FALSE(kg::sim::queue_blocker(cl, wl));
    kg::sim::QueuePath p = kg::sim::trace_queue_path(cl, h, wl);
    REQUIRE(p.first_problem());
    CHECK(p.first_problem()->step == kg::sim::PathStep::namespace_exists);
    CHECK(p.first_problem()->message == "workload namespace \"ns\" does not exist: namespaces \"ns\" not found");
    auto blocked = kg::sim::nomination_blocker(cl, *p.cluster_queue, wl, true);
    REQUIRE(blocked);
    CHECK(blocked->message == p.first_problem()->message);  // the scheduler says the same
    auto lost = kg::sim::queue_blocker(cl, *cl.find_workload("ns", "lost"));
    REQUIRE(lost);
    CHECK(lost->message == "LocalQueue nosuch doesn't exist");
}

TEST_CASE("the preemption message parses back to what was formatted", "[sim][preemption_message]") {
    kg::sim::PreemptionMessage m{"u1", "", "InCohortReclaimWhileBorrowing", "/root/a", "/root/b"};
    std::string text = kg::sim::format_preemption_message(m);
    CHECK(text ==
          "Preempted to accommodate a workload (UID: u1, JobUID: UNKNOWN) due to reclamation within the cohort while "
          "borrowing; preemptor path: /root/a; preemptee path: /root/b");
    auto back = kg::sim::parse_preemption_message(text);
    REQUIRE(back);
    CHECK(back->preemptor_uid == "u1");
    CHECK(back->preemptor_job_uid == "UNKNOWN");
    CHECK(back->reason == "InCohortReclaimWhileBorrowing");
    CHECK(back->preemptor_path == "/root/a");
    CHECK(back->preemptee_path == "/root/b");
    CHECK(kg::sim::preemption_rule(back->reason) == "borrowWithinCohort");
    CHECK_FALSE(kg::sim::parse_preemption_message("The workload is admitted"));
    // An older Kueue wrote only the UID part.
    auto old = kg::sim::parse_preemption_message("Preempted to accommodate a higher priority Workload (UID: x)");
    REQUIRE(old);
    CHECK(old->preemptor_uid == "x");
    CHECK(old->preemptor_path.empty());
}
