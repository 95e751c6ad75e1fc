// Edit distance and "did you mean" (model/spelling.h), table-driven.
#include "model/spelling.h"

#include <catch2/catch.hpp>

using kg::model::closest_spelling;
using kg::model::edit_distance;

TEST_CASE("edit distance counts inserts, deletes, substitutions and swaps") {
    struct Row {
        const char* a;
        const char* b;
        std::size_t d;
    };
    const Row rows[] = {
        {"", "", 0},         {"abc", "abc", 0},        {"", "abc", 3},
        {"preemtion", "preemption", 1},                {"borowingLimit", "borrowingLimit", 1},
        {"ClusterQeue", "ClusterQueue", 1},            {"ClusterQuuee", "ClusterQueue", 1},  // swap
        {"lq-a", "lq-b", 1}, {"kitten", "sitting", 3},
    };
    for (const Row& r : rows) {
        INFO(r.a << " vs " << r.b);
        CHECK(edit_distance(r.a, r.b) == r.d);
        CHECK(edit_distance(r.b, r.a) == r.d);
    }
}

TEST_CASE("closest spelling stays within the bound and prefers the nearest") {
    std::vector<std::string_view> fields{"preemption", "resourceGroups", "cohortName", "cohort"};
    CHECK(closest_spelling("preemtion", fields) == "preemption");
    CHECK(closest_spelling("cohortNmae", fields) == "cohortName");
    CHECK(closest_spelling("cohort", fields).empty());  // an exact match needs no hint
    CHECK(closest_spelling("zzz", fields).empty());
    CHECK(closest_spelling("ab", {"cd"}).empty());
    CHECK(kg::model::did_you_mean("cohortNam", fields) == "; did you mean \"cohortName\"?");
}
