// diff --state: every line agrees with `explain` on the head input (the same simulator, the
// same first cycle), and the queue-level changes read the simulator's answers.
#include "lint/diff_state.h"
#include "model/loader.h"
#include "sim/explain/explanation.h"

#include <catch2/catch.hpp>

#include <string>

using namespace kg;
using lint::PendingOutcome;

namespace {

const std::string k_case = std::string(KG_SOURCE_DIR) + "/testdata/cli/golden/diff-state-text/";

model::Cluster load_side(const std::string& policy) {
    model::Cluster c;
    model::DiagSink d;
    REQUIRE(model::load_paths({k_case + "state.yaml", k_case + policy}, c, d));
    REQUIRE(d.error_count() == 0);
    return c;
}

model::Cluster load_text(const std::string& text) {
    model::Cluster c;
    model::DiagSink d;
    model::load_text("in.yaml", text, c, d);
    REQUIRE(d.error_count() == 0);
    return c;
}

std::pair<std::string, std::string> split_key(const std::string& key) {
    auto slash = key.find('/');
    return {key.substr(0, slash), key.substr(slash + 1)};
}

}  // namespace

TEST_CASE("every workload diff --state reports agrees with explain on the head input", "[lint][diff_state]") {
    const model::Cluster base = load_side("base"), head = load_side("head");
    const lint::StateImpact s = lint::diff_state(base, head);
    REQUIRE(s.pending.size() == 5);
    REQUIRE(s.running.size() == 1);
    sim::ExplainOptions opt;
    opt.cycles = 1;  // diff --state reports the first cycle
    int never = 0, admitted = 0, waits = 0;
    for (const lint::PendingImpact& p : s.pending) {
        auto [ns, name] = split_key(p.workload);
        INFO(p.workload);
        auto e = sim::explain_workload(head, ns, name, opt);
        REQUIRE(e);
        switch (p.head) {
            case PendingOutcome::admitted:
                ++admitted;
                CHECK(e->verdict.kind == sim::VerdictKind::admitted_next_cycle);
                break;
            case PendingOutcome::preempting:
                CHECK(e->verdict.kind == sim::VerdictKind::admitted_after_preempting);
                break;
            case PendingOutcome::waits:
                ++waits;
                CHECK(e->outcome.pending_at_end);
                CHECK(e->outcome.message == p.head_message);
                CHECK(e->verdict.kind != sim::VerdictKind::never_fits);
                break;
            case PendingOutcome::never_fits: {
                ++never;
                CHECK(e->outcome.message == p.head_message);
                // explain's own numbers (for a workload behind the head: computed as if it were
                // the head): the request exceeds the most the queue could ever get.
                bool beyond_maximum = false;
                for (const sim::FlavorCheck& c : e->flavor_checks) beyond_maximum = beyond_maximum || c.maximum < c.needs;
                CHECK((e->verdict.kind == sim::VerdictKind::never_fits || beyond_maximum));
                CHECK(beyond_maximum);
                break;
            }
        }
    }
    CHECK(never == 2);  // team-a/sweep-22 (the head) and team-a/sweep-21 (behind it)
    CHECK(admitted == 1);
    CHECK(waits == 2);
    for (const lint::RunningImpact& r : s.running) {
        auto [ns, name] = split_key(r.workload);
        auto e = sim::explain_workload(head, ns, name, opt);
        REQUIRE(e);
        CHECK(e->verdict.kind == (r.preempted_by_head.empty() ? sim::VerdictKind::running : sim::VerdictKind::preempted_next_cycle));
        CHECK(r.newly_preemptible());
        REQUIRE(r.reclaimers_head.size() == 1);
        CHECK(r.reclaimers_head[0].cluster_queue == "team-b");
    }
    CHECK(s.any_newly_preemptible());
    CHECK(s.any_new_never_fits());
    CHECK(s.any_newly_inactive());
}

TEST_CASE("the same policy on both sides has no impact", "[lint][diff_state]") {
    const model::Cluster base = load_side("base");
    const lint::StateImpact s = lint::diff_state(base, base);
    CHECK(s.running.empty());
    CHECK(s.pending.empty());
    CHECK(s.cluster_queues.empty());
    CHECK(s.orphaned_local_queues.empty());
    CHECK(s.cohort_trees.empty());
    CHECK(s.by_cluster_queue.empty());
    CHECK(s.pending_total == 6);
    CHECK(s.running_total == 1);
    CHECK(!s.any_newly_preemptible());
    CHECK(!s.any_new_never_fits());
    CHECK(!s.any_newly_inactive());
}

TEST_CASE("a cohort tree that loses its parent link splits in two", "[lint][diff_state]") {
    auto cq = [](const std::string& name, const std::string& cohort) {
        return "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata: {name: " + name +
               "}\nspec: {cohortName: " + cohort + "}\n---\n";
    };
    const std::string parent = "apiVersion: kueue.x-k8s.io/v1beta2\nkind: Cohort\nmetadata: {name: left}\nspec: {parentName: org}\n---\n";
    const model::Cluster base = load_text(cq("a", "left") + cq("b", "org") + parent);
    const model::Cluster head = load_text(cq("a", "left") + cq("b", "org"));
    const lint::StateImpact s = lint::diff_state(base, head);
    REQUIRE(s.cohort_trees.size() == 1);
    CHECK(!s.cohort_trees[0].merge);
    CHECK(s.cohort_trees[0].tree == "org");
    REQUIRE(s.cohort_trees[0].parts.size() == 2);
    CHECK(s.cohort_trees[0].parts[0].root == "left");
    CHECK(s.cohort_trees[0].parts[0].cluster_queues == std::vector<std::string>{"a"});
    CHECK(s.cohort_trees[0].parts[1].root == "org");
    // Merging back is the reverse.
    const lint::StateImpact back = lint::diff_state(head, base);
    REQUIRE(back.cohort_trees.size() == 1);
    CHECK(back.cohort_trees[0].merge);
}
