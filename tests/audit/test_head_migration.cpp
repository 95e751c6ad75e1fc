// `audit verify --expect-head` after a schema migration that appended no batch: the chain
// matches, so the head does; the changed schema digest is a migration when the schema is the one
// this binary creates, and a change otherwise.
#include "audit/head.h"

#include <catch2/catch.hpp>

using namespace kg::audit;

TEST_CASE("expected head: a migration that appended no batch still matches, and says so") {
    ChainVerification v;
    v.chain = {"h1", "h2"};
    v.head = "h2";
    v.schema_sha256 = "schema-after";
    ChainHead want;
    want.sequence = 2;
    want.hash = "h2";
    want.schema_sha256 = "schema-before";
    const HeadCheck migrated = check_expected_head(v, want);
    CHECK(migrated.problems.empty());
    CHECK(migrated.schema_migrated);
    CHECK(migrated.appended == 0);
    // A schema that is not this binary's (a planted trigger) is still a change since the head.
    v.problems = {"schema: trigger t (on jobs) is not part of the kueuegov schema: CREATE TRIGGER t"};
    const HeadCheck planted = check_expected_head(v, want);
    REQUIRE(planted.problems.size() == 1);
    CHECK_THAT(planted.problems[0], Catch::Contains("the schema digest is schema-after"));
    CHECK_FALSE(planted.schema_migrated);
    // The same digest: nothing to say.
    want.schema_sha256 = "schema-after";
    v.problems.clear();
    CHECK_FALSE(check_expected_head(v, want).schema_migrated);
}
