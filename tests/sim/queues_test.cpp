// Per-ClusterQueue pending queues (R4.1, R4.2, R4.4.4, R4.5, R4.7, R4.8) and the cycle's use of
// them: heads, bulk moves of one scheduling shape, requeue-all, and arrivals of a bulk-moved
// shape going straight to the inadmissible set.
#include "model/loader.h"
#include "sim/scheduler.h"
#include "sim/pending_queues.h"
#include "sim/workload_info.h"

#include <catch2/catch.hpp>

#include <string>
#include <tuple>
#include <vector>

namespace {

kg::sim::PendingWorkload pending(kg::sim::PendingQueues& q, const std::string& key, const std::string& cq, int priority, std::int64_t ts,
                                 const std::string& shape) {
    kg::sim::PendingWorkload p;
    p.info.key = key;
    p.info.cluster_queue = cq;
    p.info.priority = priority;
    p.info.order_ts = ts;
    p.shape = q.shape_of(shape);
    return p;
}

/// A one-pod Workload ns/`name` asking for `cpu` cpus through LocalQueue ns/`queue`.
std::string workload_yaml(const std::string& name, const std::string& queue, int cpu, const std::string& ts) {
    return "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: Workload\nmetadata: {name: " + name +
           ", namespace: ns, creationTimestamp: '" + ts + "'}\nspec:\n  queueName: " + queue +
           "\n  podSets:\n  - name: main\n    count: 1\n    template:\n      spec:\n"
           "        containers:\n        - name: c\n          resources: {requests: {cpu: \"" +
           std::to_string(cpu) + "\"}}\n";
}

/// The cluster of `text`, which must load without errors.
kg::model::Cluster load_cluster(const std::string& text) {
    kg::model::Cluster cl;
    kg::model::DiagSink diags;
    kg::model::load_text("q.yaml", text, cl, diags);
    REQUIRE(diags.error_count() == 0);
    return cl;
}

/// ClusterQueue `cq` with `cpu` cpus of flavor rf (`strategy`: its queueingStrategy, "" for
/// the default) and its LocalQueue ns/`lq`.
std::string queue_yaml(const std::string& cq, const std::string& lq, const std::string& cpu,
                       const std::string& strategy = "") {
    return "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata: {name: " + cq +
           "}\nspec:\n  namespaceSelector: {}\n" + (strategy.empty() ? "" : "  queueingStrategy: " + strategy + "\n") +
           "  resourceGroups:\n  - coveredResources: [cpu]\n"
           "    flavors: [{name: rf, resources: [{name: cpu, nominalQuota: \"" + cpu + "\"}]}]\n"
           "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata: {name: " + lq +
           ", namespace: ns}\nspec: {clusterQueue: " + cq + "}\n";
}

const std::string k_flavor = "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\nmetadata: {name: rf}\n";

/// One ClusterQueue with 1 cpu of flavor rf, its LocalQueue ns/lq, and one-pod Workloads
/// `workloads` (name, cpu, creationTimestamp) in ns/lq: the cycle tests' cluster.
kg::model::Cluster one_queue_cluster(const std::vector<std::tuple<std::string, int, std::string>>& workloads) {
    std::string text = k_flavor + queue_yaml("cq", "lq", "1");
    for (const auto& [name, cpu, ts] : workloads) text += workload_yaml(name, "lq", cpu, ts);
    return load_cluster(text);
}

}  // namespace

TEST_CASE("queues: heads follow R4.2 per ClusterQueue, in ClusterQueue name order") {
    kg::sim::PendingQueues q;
    q.insert("ns/old-low", pending(q, "ns/old-low", "b", 1, 10, "s1"), true, false, true);
    q.insert("ns/new-high", pending(q, "ns/new-high", "b", 5, 20, "s2"), true, false, true);
    q.insert("ns/a1", pending(q, "ns/a1", "a", 0, 30, "s1"), true, false, true);
    q.insert("ns/a0", pending(q, "ns/a0", "a", 0, 20, "s1"), true, false, true);
    q.insert("ns/held", pending(q, "ns/held", "a", 9, 1, "s1"), false, false, true);  // not queued
    CHECK(q.heads({}) == std::vector<std::string>{"ns/a0", "ns/new-high"});
    // R4.7: the sticky preemptor of a BestEffortFIFO queue comes first.
    CHECK(q.heads({{"b", "ns/old-low"}}) == std::vector<std::string>{"ns/a0", "ns/old-low"});
    q.erase("ns/a0");
    CHECK(q.heads({}) == std::vector<std::string>{"ns/a1", "ns/new-high"});
}

TEST_CASE("queues: a bulk move takes one shape out of the active heap until requeue-all") {
    kg::sim::PendingQueues q;
    for (int i = 0; i < 4; ++i) {
        std::string k = "ns/same-" + std::to_string(i);
        q.insert(k, pending(q, k, "cq", 0, i, "shape"), true, false, true);
    }
    q.insert("ns/other", pending(q, "ns/other", "cq", 0, 9, "other"), true, false, true);
    auto& failed = q.at("ns/same-0");
    failed.reason = "NoFit";
    q.unqueue(failed);
    q.enqueue(failed, true);
    q.bulk_move(failed);
    CHECK(q.bulk_moved("cq", "shape"));
    CHECK_FALSE(q.bulk_moved("cq", "other"));
    CHECK(q.is_inadmissible(q.at("ns/same-3")));
    CHECK(q.heads({}) == std::vector<std::string>{"ns/other"});
    q.requeue_all("cq");
    CHECK_FALSE(q.bulk_moved("cq", "shape"));
    CHECK_FALSE(q.is_inadmissible(q.at("ns/same-3")));
    CHECK(q.heads({}) == std::vector<std::string>{"ns/same-0"});
}

TEST_CASE("queues: requeue_tree reaches the inadmissible workloads of its own tree only (R4.5)") {
    kg::sim::PendingQueues q;
    q.set_tree("a", 0);
    q.set_tree("c", 1);
    q.insert("ns/a-0", pending(q, "ns/a-0", "a", 0, 1, "s"), true, true, true);
    q.insert("ns/b-0", pending(q, "ns/b-0", "b", 0, 1, "s"), true, true, true);
    q.insert("ns/c-0", pending(q, "ns/c-0", "c", 0, 1, "s"), true, true, true);
    q.insert("ns/d-0", pending(q, "ns/d-0", "d", 0, 1, "s"), true, true, true);  // in no tree
    q.set_tree("b", 0);  // a queue that already holds inadmissible workloads joins its tree
    CHECK(q.heads({}).empty());
    CHECK(q.requeue_tree(0) == 2);
    CHECK(q.heads({}) == std::vector<std::string>{"ns/a-0", "ns/b-0"});
    CHECK(q.is_inadmissible(q.at("ns/c-0")));
    CHECK(q.requeue_tree(0) == 0);  // nothing left to move
    // A bulk record alone is cleared by the tree's requeue too.
    auto& failed = q.at("ns/a-0");
    failed.reason = "NoFit";
    q.unqueue(failed);
    q.enqueue(failed, true);
    q.bulk_move(failed);
    q.erase("ns/a-0");
    CHECK(q.bulk_moved("a", "s"));
    CHECK(q.requeue_tree(0) == 0);
    CHECK_FALSE(q.bulk_moved("a", "s"));
    CHECK(q.requeue_tree(1) == 1);
    CHECK(q.requeue_tree(7) == 0);
    CHECK(q.heads({}) == std::vector<std::string>{"ns/b-0", "ns/c-0"});
    CHECK(q.is_inadmissible(q.at("ns/d-0")));
}

TEST_CASE("queues: a bulk move rewrites only overwritable QuotaReserved reasons (R4.4.4)") {
    kg::sim::PendingQueues q;
    auto evicted = pending(q, "ns/evicted", "cq", 0, 2, "shape");
    evicted.has_condition = true;
    evicted.condition_reason = "PendingEvaluation";
    evicted.message = "Preempted to accommodate a workload";
    q.insert("ns/evicted", std::move(evicted), true, false, true);
    auto fresh = pending(q, "ns/fresh", "cq", 0, 3, "shape");  // no QuotaReserved condition
    q.insert("ns/fresh", std::move(fresh), true, false, true);
    auto& failed = q.insert("ns/failed", pending(q, "ns/failed", "cq", 0, 1, "shape"), true, true, true);
    failed.reason = "WaitingForQuota";
    q.bulk_move(failed);
    CHECK(q.at("ns/evicted").message == "Bypassed scheduling evaluation because an equivalent workload recently failed");
    CHECK(q.at("ns/evicted").reason == "WaitingForQuota");
    CHECK(q.at("ns/fresh").message.empty());
}

TEST_CASE("cycle: an arrival with a bulk-moved shape waits for the next requeue-all (R4.8)") {
    kg::model::Cluster cl =
        one_queue_cluster({{"big", 2, "2026-01-01T00:00:00Z"}, {"late", 2, "2026-01-01T00:00:05Z"}});
    const kg::model::Workload* big = cl.find_workload("ns", "big");
    const kg::model::Workload* late = cl.find_workload("ns", "late");
    REQUIRE(big);
    REQUIRE(late);
    kg::sim::CycleRunner runner(cl, false);
    runner.add_pending(kg::sim::make_workload_info(cl, *big), "");
    kg::sim::CycleDecisions first;
    runner.run_cycle(first);  // big: NoFit, bulk move of its shape
    runner.add_pending(kg::sim::make_workload_info(cl, *late), "");
    kg::sim::CycleDecisions second;
    runner.run_cycle(second);
    // No head at all: `late` went straight to the inadmissible set, so it was not evaluated
    // and still has no message.
    REQUIRE(second.pending.size() == 2);
    for (const auto& p : second.pending)
        if (p.workload == "ns/late") CHECK(p.message.empty());
}

TEST_CASE("queues: shape_of keeps one copy of each shape, which workloads share") {
    kg::sim::PendingQueues q;
    const std::string* small = q.shape_of("50|main#1#-;cpu=1000;rc:");
    CHECK(*small == "50|main#1#-;cpu=1000;rc:");
    CHECK(q.shape_of(std::string("50|main#1#-;cpu=1000;rc:")) == small);
    CHECK(q.shape_of("100|main#1#-;cpu=5000;rc:") != small);
    q.insert("ns/a", pending(q, "ns/a", "cq", 0, 1, "50|main#1#-;cpu=1000;rc:"), true, false, true);
    q.insert("ns/b", pending(q, "ns/b", "cq", 0, 2, "50|main#1#-;cpu=1000;rc:"), true, false, true);
    CHECK(q.at("ns/a").shape == small);
    CHECK(q.at("ns/b").shape == small);
}

TEST_CASE("cycle: with PendingReport::changed a workload is listed once it has a message, not before") {
    kg::model::Cluster cl =
        one_queue_cluster({{"fits", 1, "2026-01-01T00:00:00Z"}, {"waits", 2, "2026-01-01T00:00:05Z"}});
    kg::sim::CycleRunner runner(cl, false);
    runner.set_report_pending(kg::sim::CycleRunner::PendingReport::changed);
    runner.add_pending(kg::sim::make_workload_info(cl, *cl.find_workload("ns", "fits")), "");
    runner.add_pending(kg::sim::make_workload_info(cl, *cl.find_workload("ns", "waits")), "");
    kg::sim::CycleDecisions first;
    runner.run_cycle(first);  // `fits` is the head and is admitted; `waits` was not evaluated
    REQUIRE(first.admitted.size() == 1);
    CHECK(first.pending.empty());
    kg::sim::CycleDecisions second;
    runner.run_cycle(second);  // `waits` is the head now and does not fit
    REQUIRE(second.pending.size() == 1);
    CHECK(second.pending[0].workload == "ns/waits");
    CHECK_FALSE(second.pending[0].message.empty());
    CHECK(second.pending[0].head);  // it was the cycle's head (PendingDecision::head)
}

TEST_CASE("cycle: next_heads_differ compares the next heads with the last cycle's as sets of keys") {
    // cq-a admits two 1-cpu workloads, one per cycle's head; cq-b (StrictFIFO) keeps its head
    // b1, which never fits, at the front.
    std::string text = k_flavor + queue_yaml("cq-a", "la", "2") + queue_yaml("cq-b", "lb", "1", "StrictFIFO");
    text += workload_yaml("a1", "la", 1, "2026-01-01T00:00:00Z") + workload_yaml("a2", "la", 1, "2026-01-01T00:00:05Z") +
            workload_yaml("b1", "lb", 3, "2026-01-01T00:00:00Z");
    const kg::model::Cluster cl = load_cluster(text);
    kg::sim::CycleRunner runner(cl, false);
    for (const char* name : {"a1", "a2", "b1"})
        runner.add_pending(kg::sim::make_workload_info(cl, *cl.find_workload("ns", name)), "");
    kg::sim::CycleDecisions d;
    CHECK(runner.next_heads() == std::vector<std::string>{"ns/a1", "ns/b1"});
    runner.run_cycle(d);  // a1 admitted; b1 does not fit and stays cq-b's head
    REQUIRE(d.admitted.size() == 1);
    // Same number of heads, one of them new.
    CHECK(runner.next_heads() == std::vector<std::string>{"ns/a2", "ns/b1"});
    CHECK(runner.next_heads_differ());
    runner.run_cycle(d);  // a2 admitted
    REQUIRE(d.admitted.size() == 2);
    // Fewer heads.
    CHECK(runner.next_heads() == std::vector<std::string>{"ns/b1"});
    CHECK(runner.next_heads_differ());
    runner.run_cycle(d);  // b1 again
    // The same heads as the cycle just tried.
    CHECK(runner.next_heads() == std::vector<std::string>{"ns/b1"});
    CHECK_FALSE(runner.next_heads_differ());
}
