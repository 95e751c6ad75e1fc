// Per-queue waits of a replay: integer mean, nearest-rank percentiles, never-admitted apart.
#include "sim/replay/waits.h"

#include <catch2/catch.hpp>

using namespace kg::sim;

namespace {

WorkloadResult wl(const std::string& cq, std::int64_t arrival, std::int64_t admitted) {
    WorkloadResult w;
    w.cluster_queue = cq;
    w.arrival_ms = arrival;
    w.admitted_ms = admitted;
    return w;
}

}  // namespace

TEST_CASE("queue waits: mean is sum over count, p50 and p95 by nearest rank", "[sim][replay][waits]") {
    ReplayResult r;
    // Twenty waits of 1..20 s in team-a: p50 is the 10th (10 s), p95 the 19th (19 s).
    for (int i = 1; i <= 20; ++i) r.workloads.push_back(wl("team-a", 1000, 1000 + i * 1000));
    r.workloads.push_back(wl("team-b", 0, 7));
    r.workloads.push_back(wl("", 0, -1));
    r.workloads.push_back(wl("", 5, -1));
    auto w = replay::queue_waits(r);
    REQUIRE(w.size() == 3);
    CHECK(w["team-a"].workloads == 20);
    CHECK(w["team-a"].admitted == 20);
    CHECK(w["team-a"].mean_ms == 10500);
    CHECK(w["team-a"].p50_ms == 10000);
    CHECK(w["team-a"].p95_ms == 19000);
    CHECK(w["team-b"].p50_ms == 7);
    CHECK(w["team-b"].p95_ms == 7);
    CHECK(w[""].workloads == 2);
    CHECK(w[""].admitted == 0);
    CHECK(w[""].mean_ms == 0);
}
