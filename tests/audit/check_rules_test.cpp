// Each history rule over hand-built views: where it fires, where it must stay quiet.
// The end-to-end twins (audit logs ingested, then checked) are in check_fixtures_test.cpp.
#include "check_util.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace kg::testing;
using kg::audit::check::HistoryView;
using kg::model::Severity;

namespace {

HistoryView owners_view() {
    HistoryView v;
    v.policy.owner_users = {"alice@example.com"};
    v.policy.owner_groups = {"platform-admins"};
    v.policy.owner_service_accounts = {"argocd:argocd-application-controller"};
    return v;
}

}  // namespace

TEST_CASE("KQ5001 reports policy-object writes by non-owners, refused ones at info", "[audit][check]") {
    HistoryView v = owners_view();
    v.changes.push_back(change("ClusterQueue", "team-a", "patch", "bob@example.com", 10, {"developers"}));
    v.changes.push_back(change("ClusterQueue", "team-a", "patch", "alice@example.com", 11));
    v.changes.push_back(change("Cohort", "gpu", "update", "carol@example.com", 12, {"platform-admins"}));
    v.changes.push_back(change("ResourceFlavor", "a100", "create", "system:serviceaccount:argocd:argocd-application-controller", 13));
    v.changes.push_back(change("ClusterQueue", "team-a", "update", k_kueue, 14));
    v.changes.push_back(change("LocalQueue", "default", "patch", "bob@example.com", 15));  // not a policy kind
    auto refused = change("AdmissionCheck", "prov", "delete", "bob@example.com", 16);
    refused.code = 403;
    v.changes.push_back(refused);
    auto as_owner = change("WorkloadPriorityClass", "high", "patch", "bob@example.com", 17);
    as_owner.impersonated = "alice@example.com";
    v.changes.push_back(as_owner);
    auto owner_as_other = change("ClusterQueue", "team-b", "patch", "alice@example.com", 18);
    owner_as_other.impersonated = "mallory@example.com";
    v.changes.push_back(owner_as_other);

    auto f = run_rule(v, "KQ5001");
    REQUIRE(f.size() == 3);
    CHECK(f[0].message == "ClusterQueue \"team-a\" patched by bob@example.com, who is not a platform owner");
    CHECK(f[0].severity == Severity::warning);
    CHECK(f[0].actor == "bob@example.com");
    CHECK(f[0].time == "t10");
    CHECK(f[1].message ==
          "bob@example.com, not a platform owner, tried to delete AdmissionCheck \"prov\" (refused with HTTP 403)");
    CHECK(f[1].severity == Severity::info);
    CHECK(f[2].message ==
          "ClusterQueue \"team-b\" patched by alice@example.com (as mallory@example.com), who is not a platform owner");

    SECTION("silent without platform owners in the policy") {
        v.policy = {};
        CHECK(run_rule(v, "KQ5001").empty());
    }
    SECTION("only changes inside the period") {
        v.period.from_us = us(11);
        v.period.to_us = us(17);
        auto g = run_rule(v, "KQ5001");
        REQUIRE(g.size() == 1);
        CHECK(g[0].object.name == "prov");
    }
}

TEST_CASE("KQ5002 reports Jobs created unlabelled where LocalQueues existed", "[audit][check]") {
    HistoryView v;
    auto lq = change("LocalQueue", "default", "create", "alice@example.com", 100);
    lq.namespace_ = "team-a";
    v.changes.push_back(lq);
    auto lq_gone = change("LocalQueue", "old", "create", "alice@example.com", 50);
    lq_gone.namespace_ = "team-b";
    v.changes.push_back(lq_gone);
    auto del = change("LocalQueue", "old", "delete", "alice@example.com", 60);
    del.namespace_ = "team-b";
    v.changes.push_back(del);
    auto job = [](std::string ns, std::string name, std::int64_t ts, std::optional<std::string> q) {
        kg::audit::JobRecord j;
        j.kind = "Job";
        j.namespace_ = std::move(ns);
        j.name = std::move(name);
        j.created_us = us(ts);
        j.created = "t" + std::to_string(ts);
        j.creator = "carol@example.com";
        j.queue_name = std::move(q);
        j.origin = "audit";
        j.evidence = "audit.log:" + std::to_string(ts);
        return j;
    };
    v.jobs.push_back(job("team-a", "before-queue", 90, std::nullopt));  // no LocalQueue yet
    v.jobs.push_back(job("team-a", "adhoc", 110, std::nullopt));        // bypass
    v.jobs.push_back(job("team-a", "train", 111, std::string("default")));
    v.jobs.push_back(job("team-b", "after-delete", 70, std::nullopt));  // its queue was deleted
    v.jobs.push_back(job("team-c", "no-queues", 120, std::nullopt));
    auto mutated = job("team-a", "defaulted", 130, std::nullopt);
    mutated.kueue_mutated = true;
    v.jobs.push_back(mutated);

    auto f = run_rule(v, "KQ5002");
    REQUIRE(f.size() == 2);
    CHECK(f[1].object.name == "defaulted");
    CHECK(f[1].message.find("; Kueue's mutating webhook was called and left it unlabelled") != std::string::npos);
    f.pop_back();
    CHECK(f[0].object == kg::model::ObjectRef{"Job", "team-a", "adhoc"});
    CHECK(f[0].message ==
          "Job \"team-a/adhoc\" was created by carol@example.com without a kueue.x-k8s.io/queue-name label in "
          "namespace \"team-a\", which had LocalQueues (default): it ran outside Kueue's quota "
          "(manageJobsWithoutQueueName is false)");
    CHECK(f[0].pos.line == 110);

    SECTION("managed namespaces pass; unselected ones still bypass") {
        v.kueue.manage_jobs_without_queue_name = true;
        CHECK(run_rule(v, "KQ5002").empty());
        kg::model::LabelSelector sel;
        kg::model::LabelRequirement req;
        req.key = std::string("tenant");
        req.op = kg::model::SelectorOp::in;
        req.values = {"research"};
        sel.match_expressions.push_back(req);
        v.kueue.managed_jobs_namespace_selector = sel;
        auto g = run_rule(v, "KQ5002");
        REQUIRE(g.size() == 2);
        CHECK(g[0].message.find("(managedJobsNamespaceSelector does not select the namespace)") != std::string::npos);
        v.namespace_labels["team-a"] = {{"tenant", "research"}};
        CHECK(run_rule(v, "KQ5002").empty());
    }
    SECTION("without managedJobsNamespaceSelector, Kueue's default leaves kube-system unmanaged") {
        // sim::managed_jobs_namespace decides (apis/config/v1beta2/defaults.go): the rule asks it.
        v.kueue.manage_jobs_without_queue_name = true;
        auto sys_lq = change("LocalQueue", "ops", "create", "alice@example.com", 100);
        sys_lq.namespace_ = "kube-system";
        v.changes.push_back(sys_lq);
        v.jobs.push_back(job("kube-system", "maintenance", 140, std::nullopt));
        auto g = run_rule(v, "KQ5002");
        REQUIRE(g.size() == 1);
        CHECK(g[0].object.name == "maintenance");
        CHECK(g[0].message.find("(managedJobsNamespaceSelector does not select the namespace)") != std::string::npos);
    }
    SECTION("a LocalQueue known only from a snapshot counts at any time") {
        auto snap = change("LocalQueue", "q", "snapshot", "", 500);
        snap.origin = "export";
        snap.namespace_ = "team-c";
        v.changes.push_back(snap);
        CHECK(run_rule(v, "KQ5002").size() == 3);
    }
}

TEST_CASE("KQ5003 reports queue-name changes on existing Jobs, refused attempts at info", "[audit][check]") {
    HistoryView v;
    auto lc = [](std::optional<std::string> from, std::optional<std::string> to, std::int64_t ts, std::optional<int> code,
                 std::string label = "kueue.x-k8s.io/queue-name") {
        kg::audit::JobLabelChange c;
        c.kind = "Job";
        c.namespace_ = "team-a";
        c.name = "train";
        c.label = std::move(label);
        c.old_value = std::move(from);
        c.new_value = std::move(to);
        c.actor = "dave@example.com";
        c.verb = "patch";
        c.ts_us = us(ts);
        c.time = "t" + std::to_string(ts);
        c.code = code;
        c.evidence = "audit.log:" + std::to_string(ts);
        return c;
    };
    v.label_changes.push_back(lc("default", "prod", 1, 422));
    v.label_changes.push_back(lc("default", "prod", 2, 200));
    v.label_changes.push_back(lc(std::nullopt, "prod", 3, 200));
    v.label_changes.push_back(lc("prod", std::nullopt, 4, 200));
    v.label_changes.push_back(lc("low", "high", 5, 200, "kueue.x-k8s.io/priority-class"));
    v.label_changes.push_back(lc("prod", "prod", 6, 200));
    auto f = run_rule(v, "KQ5003");
    REQUIRE(f.size() == 4);
    CHECK(f[0].severity == Severity::info);
    CHECK(f[0].message == "dave@example.com tried to change the queue-name of existing Job \"team-a/train\" from "
                          "\"default\" to \"prod\" (refused with HTTP 422)");
    CHECK(f[1].severity == Severity::warning);
    CHECK(f[1].message ==
          "queue-name of existing Job \"team-a/train\" changed from \"default\" to \"prod\" by dave@example.com");
    CHECK(f[2].message == "queue-name \"prod\" added to existing Job \"team-a/train\" by dave@example.com");
    CHECK(f[3].message == "queue-name \"prod\" removed from existing Job \"team-a/train\" by dave@example.com");
}

TEST_CASE("KQ5004 reports activation flips by non-owners and status written by anyone but Kueue", "[audit][check]") {
    HistoryView v = owners_view();
    v.steps.push_back(step("a", "created", "system:serviceaccount:kueue-system:kueue-controller-manager", 1));
    v.steps.push_back(step("a", "quota_reserved", k_kueue, 2));
    v.steps.push_back(step("b", "quota_reserved", "erin@example.com", 3));
    v.steps.push_back(step("c", "deactivated", "erin@example.com", 4));
    v.steps.push_back(step("c", "reactivated", "alice@example.com", 5));
    v.steps.push_back(step("d", "deactivated", k_kueue, 6));
    v.steps.push_back(step("e", "finished", "alice@example.com", 7));
    v.steps.push_back(step("f", "admitted", "", 8));  // actor unknown (export): not judged
    v.steps.push_back(step("g", "created", "erin@example.com", 9));
    // erin's spec.active write returned the whole object: its old Admitted condition is not hers.
    v.steps.push_back(step("c", "deactivated", "erin@example.com", 10));
    v.steps.push_back(step("c", "admitted", "erin@example.com", 10));
    auto f = run_rule(v, "KQ5004");
    REQUIRE(f.size() == 4);
    CHECK(f[3].message == "Workload \"ml/c\" deactivated by erin@example.com, who is neither Kueue nor a platform owner");
    CHECK(f[0].message == "Workload \"ml/b\" status written by erin@example.com instead of Kueue: quota reserved in "
                          "ClusterQueue \"team-a\" (admission forced)");
    CHECK(f[0].path == "status.conditions");
    CHECK(f[1].message == "Workload \"ml/c\" deactivated by erin@example.com, who is neither Kueue nor a platform owner");
    CHECK(f[1].path == "spec.active");
    CHECK(f[2].message == "Workload \"ml/e\" status written by alice@example.com instead of Kueue: finished in "
                          "ClusterQueue \"team-a\"");
}

TEST_CASE("KQ5005 reconstructs usage over time and reports each window above the limit", "[audit][check]") {
    HistoryView v;
    auto version = [](std::int64_t nominal, std::optional<std::int64_t> borrow, std::string cohort, std::int64_t from,
                      std::int64_t to) {
        kg::audit::QuotaVersion q;
        q.cluster_queue = "team-a";
        q.flavor = "a100";
        q.resource = "nvidia.com/gpu";
        q.nominal_milli = nominal * 1000;
        if (borrow) q.borrowing_limit_milli = *borrow * 1000;
        q.cohort = std::move(cohort);
        q.valid_from = from;
        q.valid_to = to;
        return q;
    };
    auto interval = [](std::string wl, std::int64_t gpus, std::int64_t from, std::int64_t to) {
        kg::audit::QuotaInterval iv;
        iv.workload = std::move(wl);
        iv.cluster_queue = "team-a";
        iv.flavor = "a100";
        iv.resource = "nvidia.com/gpu";
        iv.milli = gpus * 1000;
        iv.from = from;
        iv.to = to;
        return iv;
    };
    // 1000-2000: nominal 32; from 2000 the quota is lowered to 24 under two running workloads.
    v.versions.push_back(version(32, std::nullopt, "", 1000, 2000));
    v.versions.push_back(version(24, std::nullopt, "", 2000, INT64_MAX));
    v.intervals.push_back(interval("ml/a", 16, 1100, 2600));
    v.intervals.push_back(interval("ml/b", 16, 1200, 2300));
    v.intervals.push_back(interval("ml/c", 8, 2300, 2500));  // still 24 + 16 - 16 + 8 = 24: not above
    v.intervals.push_back(interval("ml/d", 1, 2400, 2450));  // 25 > 24 for 50 s
    auto f = run_rule(v, "KQ5005");
    REQUIRE(f.size() == 2);
    CHECK(f[0].severity == Severity::error);
    CHECK(f[0].message == "ClusterQueue \"team-a\" held up to 32 nvidia.com/gpu of flavor \"a100\" from "
                          "1970-01-01T00:33:20Z to 1970-01-01T00:38:20Z (5m0s), 8 above its limit of 24 (nominal 24, "
                          "no cohort to borrow from)");
    CHECK(f[0].time == "1970-01-01T00:33:20Z");
    CHECK(f[1].message == "ClusterQueue \"team-a\" held up to 25 nvidia.com/gpu of flavor \"a100\" from "
                          "1970-01-01T00:40:00Z to 1970-01-01T00:40:50Z (50s), 1 above its limit of 24 (nominal 24, "
                          "no cohort to borrow from)");

    SECTION("borrowing in a cohort raises the limit; unlimited borrowing is not judged") {
        v.versions[1] = version(24, 4, "gpu", 2000, INT64_MAX);
        auto g = run_rule(v, "KQ5005");
        REQUIRE(g.size() == 1);
        CHECK(g[0].message.find("4 above its limit of 28 (nominal 24 + borrowingLimit 4 in cohort \"gpu\")") !=
              std::string::npos);
        v.versions[1] = version(24, std::nullopt, "gpu", 2000, INT64_MAX);
        CHECK(run_rule(v, "KQ5005").empty());
    }
    SECTION("the period clips the windows") {
        v.period.from_us = us(2100);
        v.period.to_us = us(2200);
        auto g = run_rule(v, "KQ5005");
        REQUIRE(g.size() == 1);
        CHECK(g[0].message.find("from 1970-01-01T00:35:00Z to 1970-01-01T00:36:40Z (1m40s)") != std::string::npos);
    }
    SECTION("exact milli arithmetic: 500m above 24 is reported") {
        v.intervals.clear();
        v.intervals.push_back(interval("ml/a", 24, 2100, 2200));
        auto half = interval("ml/h", 0, 2100, 2200);
        half.milli = 500;
        v.intervals.push_back(half);
        auto g = run_rule(v, "KQ5005");
        REQUIRE(g.size() == 1);
        CHECK(g[0].message.find("held up to 24500m nvidia.com/gpu") != std::string::npos);
        CHECK(g[0].message.find("500m above its limit of 24") != std::string::npos);
    }
    SECTION("the finding points at the write that lowered the quota, with its author") {
        auto lower = change("ClusterQueue", "team-a", "patch", "bob@example.com", 2000);
        v.changes.push_back(lower);
        auto reserve = step("d", "quota_reserved", k_kueue, 2400);
        v.steps.push_back(reserve);
        auto g = run_rule(v, "KQ5005");
        REQUIRE(g.size() == 2);
        CHECK(g[0].pos.line == 2000);
        CHECK(g[0].actor == "bob@example.com");
        CHECK(g[1].pos.line == 2400);
        CHECK(g[1].actor.empty());
    }
    SECTION("no quota revision known, nothing to compare with") {
        v.versions.clear();
        CHECK(run_rule(v, "KQ5005").empty());
    }
}

TEST_CASE("KQ5006 reports preemption bursts per ClusterQueue", "[audit][check]") {
    HistoryView v;
    v.thresholds.preemption_burst_count = 3;
    v.thresholds.preemption_burst_window_s = 60;
    auto pre = [](std::string name, std::int64_t ts, std::string cq) {
        auto s = step(std::move(name), "preempted", k_kueue, ts, std::move(cq));
        s.preemptor_path = "/gpu/prod-gpu";
        return s;
    };
    // research: 3 within 60 s (t=100,120,150), then 150,190,200 within 60 s: one chained burst of 5;
    // a lone one at 1000.
    v.steps.push_back(pre("a", 100, "research"));
    auto ev = step("a", "evicted", k_kueue, 100, "research");  // same preemption's Evicted condition
    ev.reason = "Preempted";
    v.steps.push_back(ev);
    v.steps.push_back(pre("b", 120, "research"));
    v.steps.push_back(pre("c", 150, "research"));
    v.steps.push_back(pre("d", 190, "research"));
    v.steps.push_back(pre("x", 200, "research"));
    v.steps.push_back(pre("e", 1000, "research"));
    // team-b: 2 within the window only.
    v.steps.push_back(pre("f", 100, "team-b"));
    v.steps.push_back(pre("g", 101, "team-b"));
    auto f = run_rule(v, "KQ5006");
    REQUIRE(f.size() == 1);
    CHECK(f[0].object == kg::model::ObjectRef{"ClusterQueue", "", "research"});
    CHECK(f[0].message == "5 Workloads of ClusterQueue \"research\" preempted between t100 and t200 (1m40s; threshold 3 "
                          "within 1m0s); preempting ClusterQueues: prod-gpu");

    SECTION("without the chaining window only the first three form a burst") {
        v.steps.erase(std::remove_if(v.steps.begin(), v.steps.end(), [](const auto& s) { return s.name == "x"; }),
                      v.steps.end());
        auto g = run_rule(v, "KQ5006");
        REQUIRE(g.size() == 1);
        CHECK(g[0].message.rfind("3 Workloads of ClusterQueue \"research\" preempted between t100 and t150 (50s;", 0) == 0);
    }
    SECTION("a higher threshold finds none") {
        v.thresholds.preemption_burst_count = 5;
        CHECK(run_rule(v, "KQ5006").empty());
    }
}

TEST_CASE("KQ5007 reports changes without the change-record annotation, and says when it cannot know", "[audit][check]") {
    HistoryView v;
    v.policy.change_record_annotation = "kueuegov.io/change-ticket";
    auto with = change("ClusterQueue", "team-a", "patch", "alice@example.com", 1);
    with.object_annotations = {{"kueuegov.io/change-ticket", "OPS-1234"}};
    v.changes.push_back(with);
    v.changes.push_back(change("ClusterQueue", "team-a", "patch", "alice@example.com", 2));
    auto empty = change("Cohort", "gpu", "update", "alice@example.com", 3);
    empty.object_annotations = {{"kueuegov.io/change-ticket", ""}};
    v.changes.push_back(empty);
    auto meta = change("ResourceFlavor", "a100", "update", "alice@example.com", 4);
    meta.body_captured = false;
    meta.fields.clear();
    v.changes.push_back(meta);
    auto noop = change("ClusterQueue", "team-a", "patch", "alice@example.com", 5);
    noop.fields.clear();
    v.changes.push_back(noop);
    v.changes.push_back(change("ClusterQueue", "team-a", "update", k_kueue, 6));
    v.changes.push_back(change("ClusterQueue", "team-a", "delete", "alice@example.com", 7));
    v.changes.push_back(change("LocalQueue", "default", "patch", "alice@example.com", 8));
    auto refused = change("ClusterQueue", "team-a", "patch", "alice@example.com", 9);
    refused.code = 422;
    v.changes.push_back(refused);
    auto f = run_rule(v, "KQ5007");
    REQUIRE(f.size() == 3);
    CHECK(f[0].message == "ClusterQueue \"team-a\" patched by alice@example.com without a change record: annotation "
                          "kueuegov.io/change-ticket is missing or empty");
    CHECK(f[0].path == "metadata.annotations[kueuegov.io/change-ticket]");
    CHECK(f[1].object.kind == "Cohort");
    CHECK(f[2].severity == Severity::info);
    CHECK(f[2].message == "ResourceFlavor \"a100\" updated by alice@example.com: the audit log has no body for it "
                          "(Metadata level), so whether it carried kueuegov.io/change-ticket cannot be known");
    SECTION("silent without changeRecordAnnotation") {
        v.policy.change_record_annotation.clear();
        CHECK(run_rule(v, "KQ5007").empty());
    }
}
