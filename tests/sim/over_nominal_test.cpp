// The snapshot's list of a cohort's ClusterQueues over nominal (ResourceNode::over_cqs),
// which classical preemption visits instead of every child: after any sequence of usage
// changes, journaled or not, rolled back or not, it holds exactly the children for which
// R6.5 "within nominal" fails on some FR they use.
#include "model/loader.h"
#include "sim/snapshot_build.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace {

std::string cohort_of(int queues) {
    std::string text = "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\nmetadata: {name: f}\n";
    for (int i = 0; i < queues; ++i) {
        text += "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata: {name: cq-" +
                std::to_string(i) +
                "}\nspec:\n  cohortName: co\n  namespaceSelector: {}\n  resourceGroups:\n"
                "  - coveredResources: [cpu, memory]\n    flavors:\n    - name: f\n"
                "      resources: [{name: cpu, nominalQuota: \"4\"}, {name: memory, nominalQuota: \"4\"}]\n";
    }
    return text;
}

// The children over nominal as the full scan finds them.
std::vector<int> scanned(const kg::sim::Snapshot& s, int cohort, const kg::sim::FRSet& frs) {
    std::vector<int> out;
    for (int q : s.nodes[cohort].child_cqs)
        if (!s.within_nominal(q, frs)) out.push_back(q);
    return out;
}

std::vector<int> listed(const kg::sim::Snapshot& s, int cohort) {
    std::vector<int> out = s.nodes[cohort].over_cqs;
    std::sort(out.begin(), out.end());
    for (std::size_t i = 0; i < out.size(); ++i) CHECK(s.nodes[out[i]].over > 0);
    return out;
}

}  // namespace

TEST_CASE("a cohort lists exactly its ClusterQueues over nominal, through usage changes and rollbacks",
          "[sim][quota][preemption]") {
    kg::model::Cluster cl;
    kg::model::DiagSink diags;
    kg::model::load_text("test.yaml", cohort_of(6), cl, diags);
    REQUIRE(diags.error_count() == 0);
    kg::sim::Snapshot s = kg::sim::build_snapshot(cl, {});
    REQUIRE(s.quotas_non_negative());
    const int first = s.find_cq("cq-0");
    REQUIRE(first >= 0);
    const int cohort = s.nodes[first].parent;
    REQUIRE(cohort >= 0);
    const kg::sim::FR cpu{"f", "cpu"}, memory{"f", "memory"};
    const kg::sim::FRSet both{cpu, memory};
    CHECK(s.nodes[cohort].over_cqs.empty());

    std::mt19937 rng(18);
    std::vector<int> cqs = s.nodes[cohort].child_cqs;
    auto sorted = [](std::vector<int> v) {
        std::sort(v.begin(), v.end());
        return v;
    };
    for (int round = 0; round < 200; ++round) {
        const bool journal = round % 3 == 0;
        if (journal) s.begin_journal();
        const std::vector<int> before = listed(s, cohort);
        for (int step = 0; step < 5; ++step) {
            const int q = cqs[rng() % cqs.size()];
            const kg::sim::FR& f = rng() % 2 ? cpu : memory;
            const std::int64_t amount = static_cast<std::int64_t>(rng() % 3000);
            if (rng() % 2 || s.usage(q, f) < amount) {
                s.add_usage(q, f, amount);
            } else {
                s.remove_usage(q, f, amount);
            }
            CHECK(listed(s, cohort) == sorted(scanned(s, cohort, both)));
        }
        if (journal && round % 2 == 0) {
            s.rollback();
            CHECK(listed(s, cohort) == before);
        } else if (journal) {
            s.rollback();  // also consistent when the rollback restores other states
            CHECK(listed(s, cohort) == sorted(scanned(s, cohort, both)));
        }
    }
    // A copy (the R5.9 shadow) carries the lists along with the usage.
    kg::sim::Snapshot copy = s;
    CHECK(listed(copy, cohort) == sorted(scanned(copy, cohort, both)));
    // One FR alone: a ClusterQueue over nominal on the other one is listed, and the scan
    // the list replaces skips it, as classical preemption's does.
    for (int q : listed(s, cohort))
        CHECK((!s.within_nominal(q, {cpu}) || !s.within_nominal(q, {memory})));
}
