// Queries over the lifecycle fixture, with the numbers checked by hand against
// testdata/audit/lifecycle.jsonl (times in Unix seconds; 09:00:00Z = 1791190800).
#include "audit_test_util.h"

#include "audit/store/queries.h"

#include <catch2/catch.hpp>

using namespace kg::audit;
using namespace kg::audit::test;

namespace {

constexpr std::int64_t t0900 = 1'791'190'800;
constexpr std::int64_t at(int h, int m, int s) { return t0900 + (h - 9) * 3600 + m * 60 + s; }

struct Loaded {
    TempPath db{"queries"};
    EvidenceStore st{db.str(), EvidenceStore::Access::read_write};
    Loaded() { ingest_file(st, fixture("lifecycle.jsonl")); }
};

}  // namespace

TEST_CASE("quota intervals run from QuotaReserved=True to the release, not the eviction") {
    Loaded l;
    const auto iv = query::quota_intervals(l.st, at(9, 0, 0), at(11, 0, 0));
    REQUIRE(iv.size() == 4);
    // First reservation: 8 GPUs and 64 CPUs from 09:01:05 until QuotaReserved=False at 09:30:10
    // (the Evicted condition at 09:30:00 does not end it).
    CHECK(iv[0].workload == "ml/job-train-7f3c2");
    CHECK(iv[0].cluster_queue == "team-a");
    CHECK(iv[0].local_queue == "team-a-lq");
    CHECK(iv[0].namespace_ == "ml");
    CHECK(iv[0].flavor == "a100");
    CHECK(iv[0].resource == "cpu");
    CHECK(iv[0].milli == 64'000);
    CHECK(iv[1].resource == "nvidia.com/gpu");
    CHECK(iv[1].milli == 8'000);
    CHECK(iv[1].from == at(9, 1, 5));
    CHECK(iv[1].to == at(9, 30, 10));
    // Re-admission with 4 GPUs from 09:40:00 until Finished at 10:00:00; the Finished write's full
    // object repeats QuotaReserved=True and must not open a third reservation.
    CHECK(iv[3].milli == 4'000);
    CHECK(iv[3].from == at(9, 40, 0));
    CHECK(iv[3].to == at(10, 0, 0));
}

TEST_CASE("quota intervals are clipped to the period") {
    Loaded l;
    const auto iv = query::quota_intervals(l.st, at(9, 35, 0), at(9, 50, 0));
    REQUIRE(iv.size() == 2);
    CHECK(iv[1].from == at(9, 40, 0));
    CHECK(iv[1].to == at(9, 50, 0));
    CHECK(query::quota_intervals(l.st, at(10, 30, 0), at(11, 0, 0)).empty());
}

TEST_CASE("quota versions follow the ClusterQueue's captured revisions") {
    Loaded l;
    const auto v = query::quota_versions(l.st, at(9, 0, 0), at(11, 0, 0));
    std::vector<kg::audit::QuotaVersion> gpu;
    for (const auto& q : v)
        if (q.resource == "nvidia.com/gpu") gpu.push_back(q);
    REQUIRE(gpu.size() == 2);
    CHECK(gpu[0].cluster_queue == "team-a");
    CHECK(gpu[0].cohort == "gpu");
    CHECK(gpu[0].nominal_milli == 8'000);
    CHECK(gpu[0].valid_from == at(9, 0, 0));
    CHECK(gpu[0].valid_to == at(9, 20, 0));
    CHECK(gpu[1].nominal_milli == 16'000);
    CHECK(gpu[1].valid_from == at(9, 20, 0));
    CHECK(gpu[1].valid_to == INT64_MAX);
    CHECK_FALSE(gpu[1].borrowing_limit_milli.has_value());
    // Only the first revision overlaps a window before the change.
    CHECK(query::quota_versions(l.st, at(9, 5, 0), at(9, 10, 0)).size() == 2);  // cpu + gpu
}

TEST_CASE("object changes carry actor, verb, time and a field-level diff") {
    Loaded l;
    const auto ch = query::object_changes(l.st, {{"ClusterQueue"}, "", "", std::nullopt, std::nullopt});
    REQUIRE(ch.size() == 3);
    CHECK(ch[0].verb == "create");
    CHECK(ch[0].first_version);
    CHECK(ch[0].actor == "system:serviceaccount:flux-system:kustomize-controller");
    CHECK(ch[0].code == 201);
    // bob's patch was logged at Metadata level: who and when, but no body.
    CHECK(ch[1].actor == "bob@example.com");
    CHECK_FALSE(ch[1].body_captured);
    CHECK(ch[1].fields.empty());
    // alice raised the GPU quota from 8 to 16 (and the ticket annotation changed with it).
    CHECK(ch[2].actor == "alice@example.com");
    CHECK(ch[2].actor_groups == std::vector<std::string>{"ml-team", "system:authenticated"});
    CHECK(ch[2].time == "2026-10-05T09:20:00.111000Z");
    CHECK(ch[2].evidence.ends_with("lifecycle.jsonl:10"));
    REQUIRE(ch[2].fields.size() == 2);
    CHECK(ch[2].fields[0].path == "metadata.annotations[\"example.com/change-ticket\"]");
    CHECK(ch[2].fields[1].path == "spec.resourceGroups[0].flavors[0].resources[1].nominalQuota");
    CHECK(ch[2].fields[1].before == "8");
    CHECK(ch[2].fields[1].after == "16");
    REQUIRE_FALSE(ch[2].object_annotations.empty());
    CHECK(ch[2].object_annotations[0] == std::pair<std::string, std::string>{"example.com/change-ticket", "CHG-1400"});
}

TEST_CASE("workload steps, jobs and label changes read back in order") {
    Loaded l;
    const auto steps = query::workload_steps(l.st, "ml", "job-train-7f3c2");
    std::vector<std::string> names;
    for (const auto& s : steps) names.push_back(s.step);
    CHECK(names == std::vector<std::string>{"created", "quota_reserved", "admitted", "evicted", "preempted", "pending",
                                            "requeued", "quota_reserved", "admitted", "finished", "deactivated"});
    CHECK(steps[3].reason == "Preempted");
    CHECK(steps[3].preemptor_uid == "00000320-0000-4000-8000-000000000320");
    CHECK(steps[3].preemptor_path == "/gpu/team-a");
    CHECK(steps.back().actor == "bob@example.com");
    CHECK(steps[0].priority == 100);

    const auto jobs = query::jobs(l.st);
    REQUIRE(jobs.size() == 2);
    CHECK(jobs[0].name == "train");
    CHECK(jobs[0].queue_name == "team-a-lq");
    CHECK(jobs[0].kueue_mutated == true);
    CHECK(jobs[1].name == "rogue");
    CHECK_FALSE(jobs[1].queue_name.has_value());
    CHECK(jobs[1].kueue_mutated == false);
    CHECK(jobs[1].creator == "mallory@example.com");

    const auto labels = query::job_label_changes(l.st);
    REQUIRE(labels.size() == 1);
    CHECK(labels[0].old_value == "team-a-lq");
    CHECK(labels[0].new_value == "other-lq");
    CHECK(labels[0].code == 422);
    CHECK(labels[0].actor == "alice@example.com");
}

TEST_CASE("sources list hashes and contributions") {
    Loaded l;
    const auto s = query::sources(l.st);
    REQUIRE(s.size() == 1);
    CHECK(s[0].status == "complete");
    CHECK(s[0].format == "audit-jsonl");
    CHECK(s[0].rows == 23);
    CHECK(s[0].size == 42163);
}
