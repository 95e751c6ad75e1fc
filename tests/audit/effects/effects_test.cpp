// audit/effects: admissions and waits, preemption de-duplication, bypass attribution, usage
// series, changes and the inventory the evidence report is filled from.
#include "audit/effects/admissions.h"
#include "audit/effects/bypass.h"
#include "audit/effects/changes.h"
#include "audit/effects/export_effects.h"
#include "audit/effects/inventory.h"
#include "audit/effects/preemptions.h"
#include "audit/effects/queue_effects.h"
#include "audit/effects/usage_series.h"
#include "model/loader.h"

#include <catch2/catch.hpp>

using namespace kg::audit;
using namespace kg::audit::effects;

namespace {

constexpr std::int64_t k_t0 = 1'790'000'000;  // period start, Unix seconds

WorkloadStep step(const std::string& name, const std::string& kind, std::int64_t at_s, const std::string& cq = "",
                  const std::string& reason = "") {
    WorkloadStep s;
    s.namespace_ = "ml";
    s.name = name;
    s.uid = name + "-uid";
    s.step = kind;
    s.ts_us = (k_t0 + at_s) * 1'000'000;
    s.cluster_queue = cq;
    s.reason = reason;
    return s;
}

const Span k_span{k_t0, k_t0 + 3600};

kg::model::Cluster cluster(const std::string& yaml) {
    kg::model::Cluster c;
    kg::model::DiagSink diags;
    kg::model::load_text("c.yaml", yaml, c, diags);
    REQUIRE(diags.error_count() == 0);
    return c;
}

const char* k_two_queues = R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: cq-a}
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: default
      resources: [{name: cpu, nominalQuota: "4"}]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: cq-b}
spec:
  namespaceSelector: {}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: a, namespace: shared}
spec: {clusterQueue: cq-a}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: b, namespace: shared}
spec: {clusterQueue: cq-b}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: a, namespace: solo}
spec: {clusterQueue: cq-a}
)";

}  // namespace

TEST_CASE("a wait runs from creation, or from the requeue after an eviction, to the reservation", "[audit][effects]") {
    const std::vector<WorkloadStep> steps{step("w", "created", 10),           step("w", "quota_reserved", 70, "cq-a"),
                                          step("w", "evicted", 100, "", "Preempted"), step("w", "requeued", 130),
                                          step("w", "quota_reserved", 200),   // no admission in the patch: same CQ
                                          step("late", "created", 3500), step("late", "quota_reserved", 3700, "cq-a")};
    const auto t = admissions_from_steps(steps, k_span);
    REQUIRE(t.size() == 1);
    CHECK(t.at("cq-a").admissions == 2);  // the one at 3700 s is after the period
    CHECK(t.at("cq-a").waits_seconds == std::vector<std::int64_t>{60, 70});
}

TEST_CASE("a preemption logged as Evicted and Preempted counts once, with Kueue's rule", "[audit][effects]") {
    std::vector<WorkloadStep> steps{step("w", "quota_reserved", 5, "cq-a"), step("w", "evicted", 100, "", "Preempted"),
                                    step("w", "preempted", 100, "", "InClusterQueue"),
                                    step("x", "quota_reserved", 6, "cq-a"),
                                    step("x", "evicted", 200, "", "PodsReadyTimeout"),  // not a preemption
                                    step("y", "quota_reserved", 7, "cq-b"), step("y", "evicted", 300, "", "Preempted")};
    steps[2].preemptor_uid = "x-uid";
    steps[2].preemptor_path = "/root/cq-a";
    const auto p = preemptions_from_steps(steps, k_span);
    REQUIRE(p.at("cq-a").size() == 1);
    CHECK(p.at("cq-a")[0].reason == "InClusterQueue");
    CHECK(p.at("cq-a")[0].preemptor == "Workload ml/x in /root/cq-a");
    CHECK(p.at("cq-a")[0].count == 1);
    REQUIRE(p.at("cq-b").size() == 1);
    CHECK(p.at("cq-b")[0].reason == "Preempted");
    CHECK(p.at("cq-b")[0].preemptor == "not named by this Kueue version");
}

TEST_CASE("a bypass Job counts against one ClusterQueue, or is listed once", "[audit][effects]") {
    const kg::model::Cluster c = cluster(k_two_queues);
    std::vector<kg::model::Finding> fs(4);
    fs[0].rule = "KQ3002";
    fs[0].object = {"Job", "shared", "j1"};
    fs[1].rule = "KQ3005";  // the same Job named by a second rule
    fs[1].object = {"Job", "shared", "j1"};
    fs[2].rule = "KQ5002";
    fs[2].object = {"Job", "solo", "j2"};
    fs[3].rule = "KQ3101";  // not about a Job outside Kueue
    fs[3].object = {"ClusterQueue", "", "cq-a"};
    std::vector<BypassJob> jobs = bypass_jobs_from_findings(fs);
    REQUIRE(jobs.size() == 2);
    add_serving_queues(jobs, c);
    CHECK(jobs[0].serving == std::vector<std::string>{"cq-a", "cq-b"});
    const BypassAttribution a = attribute_bypass(jobs);
    CHECK(a.per_queue.size() == 1);
    CHECK(a.per_queue.at("cq-a") == 1);
    REQUIRE(a.unattributed.size() == 1);
    CHECK(a.unattributed[0].name == "j1");

    const PeriodEffects e = effects_from_export(c, k_span, bypass_jobs_from_findings(fs));
    std::int64_t total = 0;
    for (const auto& q : e.queues) total += q.bypass_jobs;
    CHECK(total + static_cast<std::int64_t>(e.unattributed_bypass.size()) == 2);  // each Job once
}

TEST_CASE("the usage series charts the busiest flavor with the quota in force at each step", "[audit][effects]") {
    std::vector<QuotaInterval> ivs{{"ml/w", "cq-a", "lq", "ml", "default", "cpu", 2000, k_t0 - 60, k_t0 + 600},
                                   {"ml/v", "cq-a", "lq", "ml", "default", "cpu", 1000, k_t0 + 300, k_t0 + 900},
                                   {"ml/g", "cq-a", "lq", "ml", "a100", "gpu", 1000, k_t0, k_t0 + 10}};
    std::vector<QuotaVersion> vs{{"cq-a", "default", "cpu", 4000, std::nullopt, std::nullopt, "root", 0, k_t0 + 600},
                                 {"cq-a", "default", "cpu", 8000, 2000, std::nullopt, "root", k_t0 + 600, INT64_MAX}};
    const UsageSeries u = usage_series("cq-a", ivs, vs, k_span);
    CHECK(u.flavor == "default");
    CHECK(u.resource == "cpu");
    REQUIRE(u.points.size() == 4);
    CHECK(u.points[0].used_milli == 2000);
    CHECK(u.points[0].nominal_milli == 4000);
    CHECK(!u.points[0].borrowing_limit_milli);  // in a cohort without a limit: unlimited
    CHECK(u.points[1].used_milli == 3000);
    CHECK(u.points[2].time == k_t0 + 600);
    CHECK(u.points[2].used_milli == 1000);
    CHECK(u.points[2].nominal_milli == 8000);
    CHECK(*u.points[2].borrowing_limit_milli == 2000);
    CHECK(u.points[3].used_milli == 0);
    CHECK(usage_series("nobody", ivs, vs, k_span).points.empty());
}

TEST_CASE("changes list audit writes in the period with what changed", "[audit][effects]") {
    ObjectChange a;
    a.origin = "audit";
    a.kind = "ClusterQueue";
    a.name = "cq-a";
    a.verb = "patch";
    a.body_captured = true;
    a.ts_us = (k_t0 + 20) * 1'000'000;
    a.fields = {{"spec.x", "1", "2"}};
    ObjectChange b = a;
    b.ts_us = (k_t0 + 10) * 1'000'000;
    b.body_captured = false;
    b.actor = "alice";
    ObjectChange snap = a;
    snap.origin = "export";
    ObjectChange refused = a;
    refused.code = 422;
    refused.ts_us = (k_t0 + 7200) * 1'000'000;  // after the period
    const auto lines = changes_in_period({a, b, snap, refused}, k_span);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].actor == "alice");
    CHECK(lines[0].summary == "the log carried no body (Metadata level): what changed is not known");
    CHECK(lines[1].actor == "(unknown)");
    CHECK(lines[1].object == "ClusterQueue/cq-a");
    CHECK(lines[1].summary == "spec.x: 1 -> 2");
    CHECK(change_summary(refused) == "refused with HTTP 422");
}

TEST_CASE("the manifest inventory counts the objects each file gave", "[audit][effects]") {
    kg::model::Cluster c;
    kg::model::DiagSink diags;
    kg::model::load_text("queues.yaml", k_two_queues, c, diags);
    kg::model::load_text("empty.yaml", "# nothing\n", c, diags);
    const auto inv = manifest_inventory(c, false);
    REQUIRE(inv.size() == 2);
    CHECK(inv[0].records == 5);
    CHECK(inv[0].kind == "manifests");
    CHECK(inv[0].sha256.size() == 64);
    CHECK(inv[1].records == 0);
    ChainVerification bad;
    bad.intact = false;
    bad.problems = {"batch 3: hash mismatch"};
    CHECK(chain_summary(bad) == "batch 3: hash mismatch");
}
