// sim/replay/key_index.h: every row's key finds its row, other keys find nothing, and a key
// held by several rows finds the last (as the hash map it replaced did).
#include "sim/replay/key_index.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using kg::sim::WorkloadResult;
using kg::sim::replay::KeyIndex;

TEST_CASE("KeyIndex finds each row by key and nothing else", "[sim][replay]") {
    std::vector<WorkloadResult> rows;
    for (int i = 0; i < 5000; ++i) {
        WorkloadResult w;
        w.workload = "cq-" + std::to_string(i % 97) + "/small-" + std::to_string(i);
        rows.push_back(w);
    }
    const KeyIndex index(rows);
    for (std::size_t i = 0; i < rows.size(); ++i) REQUIRE(index.find(rows[i].workload) == i);
    CHECK(index.find("cq-0/small-5000") == KeyIndex::npos);
    CHECK(index.find("") == KeyIndex::npos);
}

TEST_CASE("KeyIndex: a repeated key finds its last row; an empty table finds nothing", "[sim][replay]") {
    std::vector<WorkloadResult> rows(3);
    rows[0].workload = "ns/a";
    rows[1].workload = "ns/b";
    rows[2].workload = "ns/a";
    const KeyIndex index(rows);
    CHECK(index.find("ns/a") == 2);
    CHECK(index.find("ns/b") == 1);
    const std::vector<WorkloadResult> none;
    CHECK(KeyIndex(none).find("ns/a") == KeyIndex::npos);
}
