// End-to-end cycles on small clusters: admission with flavor fungibility, the
// pending message (R5.7.3), preemption within a ClusterQueue (R7), eviction release
// between cycles (R5.12.2) and the explain recorder hook.
#include "model/loader.h"
#include "sim/simulate.h"

#include <catch2/catch.hpp>

#include <vector>

namespace {

const char* k_cluster = R"(
apiVersion: v1
kind: Namespace
metadata: {name: ns}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: on-demand}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: spot}
spec:
  nodeTaints: [{key: spot, value: "true", effect: NoSchedule}]
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
    - name: on-demand
      resources: [{name: cpu, nominalQuota: "4"}]
    - name: spot
      resources: [{name: cpu, nominalQuota: "8"}]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: lq, namespace: ns}
spec: {clusterQueue: cq}
)";

std::string workload(const std::string& name, int cpu, int priority, const std::string& extra = "") {
    return "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: Workload\nmetadata: {name: " + name +
           ", namespace: ns, creationTimestamp: '2026-01-01T00:00:00Z'}\nspec:\n  queueName: lq\n  priority: " +
           std::to_string(priority) +
           "\n  podSets:\n  - name: main\n    count: 1\n    template:\n      spec:\n        containers:\n        - name: c\n"
           "          resources: {requests: {cpu: \"" +
           std::to_string(cpu) + "\"}}\n" + extra;
}

std::string admitted(const std::string& cq, const std::string& flavor, int cpu) {
    return "status:\n  admission:\n    clusterQueue: " + cq +
           "\n    podSetAssignments:\n    - name: main\n      count: 1\n      flavors: {cpu: " + flavor +
           "}\n      resourceUsage: {cpu: \"" + std::to_string(cpu) +
           "\"}\n  conditions:\n  - {type: QuotaReserved, status: \"True\", reason: QuotaReserved, message: ok, "
           "lastTransitionTime: '2026-01-01T00:00:00Z'}\n";
}

struct Recorder : kg::sim::ExplainRecorder {
    std::vector<kg::sim::FlavorFitRecord> records;
    void flavor_fit(const kg::sim::FlavorFitRecord& r) override { records.push_back(r); }
};

kg::sim::SimulationResult run(kg::model::Cluster& cl, const std::string& text, kg::sim::SimOptions opt = {}) {
    kg::model::DiagSink diags;
    kg::model::load_text("test.yaml", text, cl, diags);
    REQUIRE(diags.error_count() == 0);
    return kg::sim::simulate(cl, opt);
}

}  // namespace

TEST_CASE("An untolerated taint skips the flavor; the message lists every reason sorted", "[sim]") {
    kg::model::Cluster cl;
    auto r = run(cl, std::string(k_cluster) + workload("big", 6, 0));
    REQUIRE(r.cycles.size() == 1);
    CHECK(r.cycles[0].admitted.empty());
    REQUIRE(r.cycles[0].pending.size() == 1);
    CHECK(r.cycles[0].pending[0].message ==
          "couldn't assign flavors to pod set main: insufficient quota for cpu in flavor on-demand, previously "
          "considered podsets requests (0) + current podset request (6) > maximum capacity (4), untolerated taint "
          "{spot true NoSchedule <nil>} in flavor spot");
}

TEST_CASE("A fitting workload is admitted with its flavor and count; the recorder sees the numbers", "[sim]") {
    kg::model::Cluster cl;
    Recorder rec;
    kg::sim::SimOptions opt;
    opt.recorder = &rec;
    auto r = run(cl, std::string(k_cluster) + workload("small", 3, 0), opt);
    REQUIRE(r.cycles[0].admitted.size() == 1);
    const auto& a = r.cycles[0].admitted[0];
    CHECK(a.workload == "ns/small");
    CHECK(a.flavors.at("main").at("cpu") == "on-demand");
    CHECK(a.counts.at("main") == 1);
    REQUIRE(rec.records.size() == 1);
    CHECK(rec.records[0].flavor == "on-demand");
    CHECK(rec.records[0].request == 3000);
    CHECK(rec.records[0].available == kg::model::Amount::of(4000));
    CHECK(rec.records[0].mode == kg::sim::GMode::fit);
}

TEST_CASE("Preemption in the ClusterQueue: evicted now, preemptor admitted after the release", "[sim]") {
    kg::model::Cluster cl;
    kg::sim::SimOptions opt;
    opt.cycles = 2;
    auto r = run(cl, std::string(k_cluster) + workload("low", 3, 0, admitted("cq", "on-demand", 3)) + workload("high", 3, 10),
                 opt);
    REQUIRE(r.cycles.size() == 2);
    REQUIRE(r.cycles[0].preempted.size() == 1);
    CHECK(r.cycles[0].preempted[0].workload == "ns/low");
    CHECK(r.cycles[0].preempted[0].preemptor == "ns/high");
    CHECK(r.cycles[0].preempted[0].reason == "InClusterQueue");
    CHECK(r.cycles[0].preempted[0].message ==
          "Preempted to accommodate a workload (UID: UNKNOWN, JobUID: UNKNOWN) due to prioritization in the "
          "ClusterQueue; preemptor path: /cq; preemptee path: /cq");
    CHECK(r.cycles[0].admitted.empty());
    REQUIRE(r.cycles[0].pending.size() == 1);
    CHECK(r.cycles[0].pending[0].message ==
          "couldn't assign flavors to pod set main: insufficient unused quota for cpu in flavor on-demand, 2 more "
          "needed, untolerated taint {spot true NoSchedule <nil>} in flavor spot. Pending the preemption of 1 "
          "workload(s)");
    REQUIRE(r.cycles[1].admitted.size() == 1);
    CHECK(r.cycles[1].admitted[0].workload == "ns/high");
}

TEST_CASE("--until-stable stops when a cycle changes nothing", "[sim]") {
    kg::model::Cluster cl;
    kg::sim::SimOptions opt;
    opt.until_stable = true;
    auto r = run(cl, std::string(k_cluster) + workload("a", 3, 0) + workload("b", 3, 0), opt);
    // Cycle 1 admits one head; cycle 2 finds the other no longer fitting; cycle 3 has no head.
    REQUIRE(r.cycles.size() >= 2);
    REQUIRE(r.cycles.size() < 10);
    std::size_t admitted = 0;
    for (const auto& c : r.cycles) admitted += c.admitted.size();
    CHECK(admitted == 1);
    CHECK(r.cycles.back().pending.size() == 1);
}
