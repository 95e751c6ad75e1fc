// Quota arithmetic of the snapshot (kueue-admission.md §6) on the worked example R6.8,
// a hierarchical tree (R6.6 levels) and exact reversibility of usage updates (R6.3).
#include "model/loader.h"
#include "sim/snapshot_build.h"
#include "sim/workload_info.h"

#include <catch2/catch.hpp>

namespace {

const char* k_flat = R"(
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: f}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: cq-a}
spec:
  cohortName: co
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: f
      resources: [{name: cpu, nominalQuota: "10"}]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: cq-b}
spec:
  cohortName: co
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: f
      resources: [{name: cpu, nominalQuota: "6", lendingLimit: "2"}]
)";

kg::sim::Snapshot load(const char* text, kg::model::Cluster& cl) {
    kg::model::DiagSink diags;
    kg::model::load_text("test.yaml", text, cl, diags);
    REQUIRE(diags.error_count() == 0);
    return kg::sim::build_snapshot(cl, {});
}

std::int64_t v(kg::model::Amount a) { return a.value(); }

}  // namespace

TEST_CASE("R6.8 worked example: lending limit and availability in a flat cohort", "[sim][quota]") {
    kg::model::Cluster cl;
    kg::sim::Snapshot s = load(k_flat, cl);
    int a = s.find_cq("cq-a"), b = s.find_cq("cq-b");
    REQUIRE(a >= 0);
    REQUIRE(b >= 0);
    kg::sim::FR f{"f", "cpu"};
    CHECK(v(s.guaranteed(b, f)) == 4000);
    CHECK(v(s.subtree_quota(s.nodes[a].parent, f)) == 12000);
    CHECK(v(s.available(a, f)) == 12000);
    CHECK(v(s.available(b, f)) == 16000);
    CHECK(v(s.potential_available(a, f)) == 12000);
    CHECK(v(s.potential_available(b, f)) == 16000);

    s.add_usage(a, f, 11000);
    CHECK(s.usage(s.nodes[a].parent, f) == 11000);
    CHECK(v(s.available(a, f)) == 1000);
    CHECK(v(s.available(b, f)) == 5000);
    auto [level, reclaim] = s.lowest_fitting_subtree(a, f, 1000);
    CHECK(level == 1);
    CHECK_FALSE(reclaim);

    // b's private quota absorbs its first 4 cores: nothing reaches the cohort.
    s.add_usage(b, f, 3000);
    CHECK(s.usage(s.nodes[b].parent, f) == 11000);
    s.add_usage(b, f, 2000);
    CHECK(s.usage(s.nodes[b].parent, f) == 12000);
    s.remove_usage(b, f, 5000);
    s.remove_usage(a, f, 11000);
    CHECK(s.usage(s.nodes[a].parent, f) == 0);
    CHECK(v(s.available(b, f)) == 16000);
}

TEST_CASE("Borrowing limit caps what a ClusterQueue takes from its cohort", "[sim][quota]") {
    std::string text = k_flat;
    auto pos = text.find("nominalQuota: \"10\"}");
    text.replace(pos, std::string("nominalQuota: \"10\"}").size(), "nominalQuota: \"10\", borrowingLimit: \"1\"}");
    kg::model::Cluster cl;
    kg::sim::Snapshot s = load(text.c_str(), cl);
    int a = s.find_cq("cq-a");
    kg::sim::FR f{"f", "cpu"};
    CHECK(v(s.available(a, f)) == 11000);
    CHECK(v(s.potential_available(a, f)) == 11000);
    s.add_usage(a, f, 11000);
    CHECK(v(s.available(a, f)) == 0);
}

TEST_CASE("A ClusterQueue without cohort sees only its nominal quota", "[sim][quota]") {
    const char* text = R"(
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: f}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: solo}
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: f
      resources: [{name: cpu, nominalQuota: "4"}]
)";
    kg::model::Cluster cl;
    kg::sim::Snapshot s = load(text, cl);
    int q = s.find_cq("solo");
    kg::sim::FR f{"f", "cpu"};
    s.add_usage(q, f, 1500);
    CHECK(v(s.available(q, f)) == 2500);
    CHECK(v(s.potential_available(q, f)) == 4000);
    CHECK(s.lowest_fitting_subtree(q, f, 9000) == std::make_pair(0, false));
}

TEST_CASE("Hierarchical cohorts: levels grow with the subtree that fits", "[sim][quota]") {
    const char* text = R"(
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: f}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata: {name: root}
spec:
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: f
      resources: [{name: cpu, nominalQuota: "10"}]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata: {name: team}
spec: {parentName: root}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: a}
spec:
  cohortName: team
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: f
      resources: [{name: cpu, nominalQuota: "2"}]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: b}
spec:
  cohortName: team
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: f
      resources: [{name: cpu, nominalQuota: "3"}]
)";
    kg::model::Cluster cl;
    kg::sim::Snapshot s = load(text, cl);
    int a = s.find_cq("a");
    kg::sim::FR f{"f", "cpu"};
    CHECK(v(s.potential_available(a, f)) == 15000);
    CHECK(s.lowest_fitting_subtree(a, f, 2000) == std::make_pair(0, true));
    CHECK(s.lowest_fitting_subtree(a, f, 4000) == std::make_pair(1, true));
    CHECK(s.lowest_fitting_subtree(a, f, 8000) == std::make_pair(2, false));
    CHECK(s.path(a) == "/root/team/a");
}
