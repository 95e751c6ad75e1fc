// The order a queue keeps its workloads in for preemption searches (sim/preemption
// candidate_order): R7.3 past `evicted`, rebuilt when a workload joins or leaves the queue for
// good, not used while a search has one taken out.
#include "model/loader.h"
#include "sim/preemption/preemption.h"
#include "sim/snapshot_build.h"

#include <catch2/catch.hpp>

#include <deque>
#include <string>
#include <vector>

namespace {

const char* k_cluster = R"(
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: f}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: cq-a}
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: f
      resources: [{name: cpu, nominalQuota: "10"}]
)";

kg::sim::WorkloadInfo info(const std::string& name, int priority, long reserved_at) {
    kg::sim::WorkloadInfo w;
    w.key = "ns/" + name;
    w.uid = "uid-" + name;
    w.priority = priority;
    w.cluster_queue = "cq-a";
    w.reserving = true;
    w.quota_reserved_at = reserved_at;
    w.usage[kg::sim::FR{"f", "cpu"}] = 1000;
    return w;
}

std::vector<std::string> keys(const std::vector<const kg::sim::WorkloadInfo*>* order) {
    std::vector<std::string> out;
    if (order)
        for (const auto* w : *order) out.push_back(w->key);
    return out;
}

}  // namespace

TEST_CASE("candidate order: R7.3 keys, rebuilt on membership changes, withheld while one is taken out",
          "[sim][preemption]") {
    kg::model::Cluster cl;
    kg::model::DiagSink diags;
    kg::model::load_text("test.yaml", k_cluster, cl, diags);
    REQUIRE(diags.error_count() == 0);
    kg::sim::Snapshot s = kg::sim::build_snapshot(cl, {});
    int q = s.find_cq("cq-a");
    std::deque<kg::sim::WorkloadInfo> infos;  // elements never move
    infos.push_back(info("old-low", 1, 100));
    infos.push_back(info("new-low", 1, 200));
    infos.push_back(info("high", 5, 50));
    for (std::size_t i = 0; i < infos.size(); ++i) infos[i].id = static_cast<kg::sim::WorkloadIds::Id>(i);
    for (const auto& w : infos) s.add_workload(w);

    // Lower priority first, then the newest reservation.
    CHECK(keys(kg::sim::candidate_order(s, q)) == std::vector<std::string>{"ns/new-low", "ns/old-low", "ns/high"});

    s.remove_workload(infos[0], q);
    CHECK(kg::sim::candidate_order(s, q) == nullptr);
    s.restore_workload(infos[0], q);
    CHECK(keys(kg::sim::candidate_order(s, q)) == std::vector<std::string>{"ns/new-low", "ns/old-low", "ns/high"});

    infos.push_back(info("lowest", 0, 10));
    infos.back().id = 3;
    s.add_workload(infos.back());
    CHECK(keys(kg::sim::candidate_order(s, q)) ==
          std::vector<std::string>{"ns/lowest", "ns/new-low", "ns/old-low", "ns/high"});

    s.forget_workload(1);  // ns/new-low
    CHECK(keys(kg::sim::candidate_order(s, q)) == std::vector<std::string>{"ns/lowest", "ns/old-low", "ns/high"});
    // A workload forgotten while a search had it out leaves nothing outstanding either.
    s.remove_workload(infos[2], q);
    s.forget_workload(2);  // ns/high
    CHECK(keys(kg::sim::candidate_order(s, q)) == std::vector<std::string>{"ns/lowest", "ns/old-low"});
}
