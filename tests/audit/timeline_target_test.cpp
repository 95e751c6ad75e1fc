// audit/timeline_target.h: which object an `audit timeline` target names.
#include "audit/timeline_target.h"
#include "audit_test_util.h"

#include <catch2/catch.hpp>

using namespace kg::audit;

TEST_CASE("timeline targets resolve to a Workload, a Job, a queue, or say what was expected", "[audit][timeline]") {
    test::TempPath db("timeline-target");
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    REQUIRE(test::ingest_file(st, test::fixture("lifecycle.jsonl")).result.counts.kept > 0);

    const auto wl = timeline_for_target(st, "ml/job-train-7f3c2");
    REQUIRE(wl);
    CHECK(wl->object.kind == "Workload");
    CHECK(!wl->entries.empty());

    const auto job = timeline_for_target(st, "ml/train");
    REQUIRE(job);
    CHECK(job->object.kind == "Job");

    for (const char* t : {"ClusterQueue/team-a", "team-a"}) {
        INFO(t);
        const auto cq = timeline_for_target(st, t);
        REQUIRE(cq);
        CHECK(cq->object.kind == "ClusterQueue");
        CHECK(!cq->entries.empty());
    }

    const auto none = timeline_for_target(st, "ml/nothing-here");
    REQUIRE(none);
    CHECK(none->object.kind.empty());
    CHECK(none->entries.empty());

    const auto bad = timeline_for_target(st, "a/b/c/d");
    REQUIRE(!bad);
    CHECK(bad.error().message ==
          "timeline target \"a/b/c/d\": expected NAMESPACE/NAME, KIND/NAME, KIND/NAMESPACE/NAME or NAME");
    const auto scope = timeline_for_target(st, "ClusterQueue/ml/team-a");
    REQUIRE(!scope);
    CHECK(scope.error().message.find("cluster-scoped: use ClusterQueue/NAME") != std::string::npos);
    const auto kind = timeline_for_target(st, "Bogus/ml/x");
    REQUIRE(!kind);
    CHECK(kind.error().message == "timeline target \"Bogus/ml/x\": unknown kind \"Bogus\"");
}
