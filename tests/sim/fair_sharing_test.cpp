// Dominant Resource Share (kueue-admission.md R8.2) on the R6.8 example: cq-a using 11
// of a cohort with 12 lendable borrows 1000m, a share of 83.33 (status 84).
#include "model/loader.h"
#include "sim/fair_sharing.h"
#include "sim/snapshot_build.h"

#include <catch2/catch.hpp>

#include <cmath>

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
  fairSharing: {weight: "0"}
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: f
      resources: [{name: cpu, nominalQuota: "6", lendingLimit: "2"}]
)";

}  // namespace

TEST_CASE("DRS of a borrowing ClusterQueue and of a zero-weight one", "[sim][fair-sharing]") {
    kg::model::Cluster cl;
    kg::model::DiagSink diags;
    kg::model::load_text("test.yaml", k_cluster, cl, diags);
    REQUIRE(diags.error_count() == 0);
    kg::sim::Snapshot s = kg::sim::build_snapshot(cl, {});
    int a = s.find_cq("cq-a"), b = s.find_cq("cq-b");
    kg::sim::FR f{"f", "cpu"};

    kg::sim::DRS idle = kg::sim::dominant_resource_share(s, a);
    CHECK_FALSE(idle.borrowing);
    CHECK(idle.ratio == 0);

    s.add_usage(a, f, 11000);
    kg::sim::DRS da = kg::sim::dominant_resource_share(s, a);
    CHECK(da.borrowing);
    CHECK(std::abs(da.ratio - 1000.0 * 1000 / 12000) < 1e-9);
    CHECK(std::ceil(da.ratio / da.weight) == 84);

    // cq-b with weight 0: not borrowing -> share 0; borrowing -> infinite, larger than any finite share.
    CHECK(kg::sim::compare_drs(kg::sim::dominant_resource_share(s, b), da) < 0);
    kg::sim::DRS db = kg::sim::dominant_resource_share(s, b, {{f, 7000}});
    CHECK(db.infinite());
    CHECK(kg::sim::compare_drs(db, da) > 0);
    CHECK(kg::sim::compare_drs(da, da) == 0);
}

TEST_CASE("node_share follows every change of a node's usage, a copy and a rollback", "[sim][fair-sharing]") {
    kg::model::Cluster cl;
    kg::model::DiagSink diags;
    kg::model::load_text("test.yaml", k_cluster, cl, diags);
    REQUIRE(diags.error_count() == 0);
    kg::sim::Snapshot s = kg::sim::build_snapshot(cl, {});
    int a = s.find_cq("cq-a");
    kg::sim::FR f{"f", "cpu"};

    CHECK_FALSE(kg::sim::node_share(s, a).borrowing);  // cached while idle
    s.begin_journal();
    s.add_usage(a, f, 11000);
    CHECK(kg::sim::node_share(s, a).borrowing);
    CHECK(kg::sim::node_share(s, a).ratio == kg::sim::dominant_resource_share(s, a).ratio);
    kg::sim::Snapshot copy = s;  // carries the cached share of the usage it copies
    CHECK(kg::sim::node_share(copy, a).ratio == kg::sim::dominant_resource_share(s, a).ratio);
    s.remove_usage(a, f, 500);
    CHECK(kg::sim::node_share(s, a).ratio == kg::sim::dominant_resource_share(s, a).ratio);
    CHECK(kg::sim::node_share(copy, a).ratio > kg::sim::node_share(s, a).ratio);
    s.rollback();
    CHECK_FALSE(kg::sim::node_share(s, a).borrowing);
    CHECK(kg::sim::node_share(s, a).ratio == 0);
}

namespace {

// What Snapshot::far_usage() keeps track of, counted the slow way.
std::size_t far_entries(const kg::sim::Snapshot& s) {
    std::size_t n = 0;
    for (const auto& node : s.nodes)
        for (const auto& [f, v] : node.usage) n += kg::sim::Snapshot::far(v) ? 1 : 0;
    return n;
}

}  // namespace

TEST_CASE("far_usage counts usage near INT64_MAX through writes, a copy and a rollback", "[sim][fair-sharing]") {
    // The fair-sharing iterator trusts the count instead of visiting every node once per
    // cycle; a count that drifted would keep winners across picks where usage is not exact.
    kg::model::Cluster cl;
    kg::model::DiagSink diags;
    kg::model::load_text("test.yaml", k_cluster, cl, diags);
    REQUIRE(diags.error_count() == 0);
    kg::sim::Snapshot s = kg::sim::build_snapshot(cl, {});
    int a = s.find_cq("cq-a"), b = s.find_cq("cq-b");
    kg::sim::FR f{"f", "cpu"};
    constexpr std::int64_t k_huge = std::int64_t{1} << 60;

    CHECK(s.far_usage() == 0);
    s.add_usage(a, f, 11000);
    CHECK(s.far_usage() == 0);
    s.add_usage(a, f, k_huge);  // cq-a and the cohort above it
    CHECK(s.far_usage() == far_entries(s));
    CHECK(s.far_usage() == 2);
    kg::sim::Snapshot copy = s;
    s.begin_journal();
    s.remove_usage(a, f, k_huge);
    CHECK(s.far_usage() == far_entries(s));
    CHECK(s.far_usage() == 0);
    s.set_own_usage(b, f, -1);  // negative counts as far too
    s.add_usage(b, f, k_huge);
    CHECK(s.far_usage() == far_entries(s));
    s.rollback();  // back to the huge usage of cq-a, none of cq-b's entries
    CHECK(s.far_usage() == far_entries(s));
    CHECK(s.far_usage() == 2);
    CHECK(copy.far_usage() == 2);
    s.remove_usage(a, f, k_huge);
    CHECK(s.far_usage() == 0);
    CHECK(copy.far_usage() == far_entries(copy));
}

namespace {

const char* k_tree = R"(
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: f}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata: {name: root}
spec: {}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata: {name: left}
spec: {parentName: root}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata: {name: right}
spec: {parentName: root}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: cq-l}
spec:
  cohortName: left
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: f
      resources: [{name: cpu, nominalQuota: "4"}]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: cq-r}
spec:
  cohortName: right
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: f
      resources: [{name: cpu, nominalQuota: "4"}]
)";

}  // namespace

TEST_CASE("A cohort's record of which children moved follows usage writes and a rollback", "[sim][fair-sharing]") {
    // The fair-sharing target search looks again only at the child cohorts listed here; a write
    // that did not list its cohort would leave the search ranking a stale set of borrowers.
    kg::model::Cluster cl;
    kg::model::DiagSink diags;
    kg::model::load_text("tree.yaml", k_tree, cl, diags);
    REQUIRE(diags.error_count() == 0);
    kg::sim::Snapshot s = kg::sim::build_snapshot(cl, {});
    int l = s.find_cq("cq-l");
    int left = s.nodes[l].parent;
    int root = s.nodes[left].parent;
    REQUIRE(root >= 0);
    REQUIRE(s.nodes[root].child_cohorts.size() == 2);
    kg::sim::FR f{"f", "cpu"};

    s.add_usage(l, f, 1000);
    CHECK(s.nodes[root].kids_changed.empty());  // not looked at yet: the first look sees all
    s.nodes[root].kids_known = true;
    s.begin_journal();
    s.add_usage(l, f, 5000);  // cq-l borrows, so `left` does too
    REQUIRE(s.nodes[root].kids_changed.size() == 1);
    CHECK(s.nodes[root].kids_changed.front() == left);
    s.add_usage(l, f, 1000);
    CHECK(s.nodes[root].kids_changed.size() == 1);  // listed once until looked at
    s.nodes[root].kids_changed.clear();
    s.nodes[left].listed_as_changed = false;
    s.rollback();
    REQUIRE(s.nodes[root].kids_changed.size() == 1);
    CHECK(s.nodes[root].kids_changed.front() == left);
    CHECK(s.nodes[left].kids_changed.empty());  // ClusterQueues are not listed
}
