// Timelines for `audit timeline`: ordering, waits, what a Job's and a queue's history show.
#include "audit/check/timeline.h"
#include "check_util.h"

#include <catch2/catch.hpp>

using namespace kg::testing;

TEST_CASE("a Workload's timeline is ordered and carries the wait between steps", "[audit][timeline]") {
    std::vector<kg::audit::WorkloadStep> steps{step("w", "admitted", k_kueue, 300), step("w", "created", k_kueue, 48),
                                               step("w", "quota_reserved", k_kueue, 300), step("other", "created", "", 1)};
    steps[2].reason = "QuotaReserved";
    auto t = kg::audit::check::workload_timeline("ml", "w", steps);
    REQUIRE(t.entries.size() == 3);
    CHECK(t.object == kg::model::ObjectRef{"Workload", "ml", "w"});
    CHECK(t.entries[0].step == "created");
    CHECK(!t.entries[0].wait_us);
    CHECK(t.entries[1].step == "admitted");  // same time as quota_reserved: recorded order kept
    CHECK(*t.entries[1].wait_us == us(252));
    CHECK(t.entries[2].step == "quota reserved");
    CHECK(t.entries[2].detail == "ClusterQueue team-a; reason QuotaReserved");
    CHECK(*t.entries[2].wait_us == 0);
}

TEST_CASE("a Job's timeline joins its relabels and its Workload's steps", "[audit][timeline]") {
    kg::audit::JobRecord j;
    j.kind = "Job";
    j.namespace_ = "ml";
    j.name = "train";
    j.created = "t10";
    j.created_us = us(10);
    j.creator = "carol@example.com";
    j.queue_name = "default";
    j.evidence = "audit.log:10";
    kg::audit::JobLabelChange c;
    c.kind = "Job";
    c.namespace_ = "ml";
    c.name = "train";
    c.label = "kueue.x-k8s.io/queue-name";
    c.old_value = "default";
    c.new_value = "prod";
    c.actor = "dave@example.com";
    c.verb = "patch";
    c.code = 422;
    c.ts_us = us(40);
    c.time = "t40";
    std::vector<kg::audit::WorkloadStep> steps{step("job-train-1a2b3", "created", k_kueue, 11),
                                               step("job-train-1a2b3", "admitted", k_kueue, 30),
                                               step("job-train2-1a2b3", "created", k_kueue, 12),
                                               step("job-train-XYZ12", "created", k_kueue, 13)};
    auto t = kg::audit::check::job_timeline(j, {c}, steps);
    REQUIRE(t.entries.size() == 4);
    CHECK(t.entries[0].detail == "queue-name \"default\"");
    CHECK(t.entries[1].subject == "Workload ml/job-train-1a2b3");
    CHECK(t.entries[2].step == "admitted");
    CHECK(t.entries[3].step == "queue-name change refused");
    CHECK(t.entries[3].detail == "\"default\" -> \"prod\" (patch, HTTP 422)");
    CHECK(*t.entries[3].wait_us == us(10));
    CHECK(kg::audit::check::workload_of_job("jobset-train-0f9e8", "JobSet", "train"));
    CHECK_FALSE(kg::audit::check::workload_of_job("job-train-0f9e", "Job", "train"));
}

TEST_CASE("a queue's timeline lists each write with its fields", "[audit][timeline]") {
    auto a = change("ClusterQueue", "team-a", "create", "alice@example.com", 1);
    a.first_version = true;
    a.fields.clear();
    auto b = change("ClusterQueue", "team-a", "patch", "bob@example.com", 61);
    b.fields = {{"spec.resourceGroups[0].flavors[0].resources[0].nominalQuota", "16", "24"},
                {"a", std::nullopt, "1"}, {"b", "1", std::nullopt}, {"c", "1", "2"}};
    auto m = change("ClusterQueue", "team-a", "delete", "bob@example.com", 70);
    m.body_captured = false;
    m.fields.clear();
    m.code = 403;
    auto t = kg::audit::check::object_timeline({"ClusterQueue", "", "team-a"},
                                               {a, b, m, change("ClusterQueue", "team-b", "patch", "x", 2)});
    REQUIRE(t.entries.size() == 3);
    CHECK(t.entries[0].detail == "HTTP 201; first captured version");
    CHECK(t.entries[1].detail == "HTTP 200; spec.resourceGroups[0].flavors[0].resources[0].nominalQuota: 16 -> 24; "
                                 "a: (none) -> 1; b: 1 -> (none); and 1 more fields");
    CHECK(*t.entries[1].wait_us == us(60));
    CHECK(t.entries[2].step == "delete refused");
    CHECK(t.entries[2].detail == "HTTP 403; no body logged: what changed is unknown");
}
