// sim/replay/creation_pace.h: the harness's creating goroutines through one token bucket,
// every time worked out by hand, and the generator input paced only when the model is on.
#include "sim/replay/creation_pace.h"
#include "sim/replay/replay_input.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <map>
#include <unistd.h>

using namespace kg;
using namespace kg::sim::replay;

namespace {

std::vector<Arrival> blank(std::size_t n) {
    std::vector<Arrival> out(n);
    for (Arrival& a : out) a.arrival_ms = -1;
    return out;
}

}  // namespace

TEST_CASE("creates under the client's rate keep the nominal schedule", "[sim][replay][throughput]") {
    std::vector<Arrival> a = blank(5);
    pace_creations(a, {{0, 5, 100}}, k_perf_runner_rate);
    for (std::size_t k = 0; k < 5; ++k) CHECK(a[k].arrival_ms == static_cast<std::int64_t>((k + 1) * 100));
}

TEST_CASE("throttled creates wait their turn, and the next sleep starts when Create returns",
          "[sim][replay][throughput]") {
    // A token every 100 ms, two in hand. Streams A (3 creates) and B (2), both every 50 ms.
    // 50: A0 and B0 take the two tokens. 100: A1 finds 0.5 token, waits 50 ms (sent 150); B1
    // finds -0.5, waits 150 ms (sent 250). A2 wakes at 150 + 50 = 200, finds -0.5: sent 350.
    std::vector<Arrival> a = blank(5);
    pace_creations(a, {{0, 3, 50}, {3, 2, 50}}, ClientRate{10.0, 2});
    CHECK(a[0].arrival_ms == 50);
    CHECK(a[1].arrival_ms == 150);
    CHECK(a[2].arrival_ms == 350);
    CHECK(a[3].arrival_ms == 50);
    CHECK(a[4].arrival_ms == 250);
}

TEST_CASE("a generator's arrivals are paced by the harness's client unless --instant", "[sim][replay][throughput]") {
    // 3 queues x 1,000 workloads every millisecond: 3,000 creates a second asked of a client
    // that sends 1,000 a second after a burst of 2,000.
    const std::string path = "/tmp/kg-creation-pace-" + std::to_string(::getpid()) + ".yaml";
    std::ofstream(path) << "cohorts:\n- className: co\n  count: 1\n  queuesSets:\n  - className: cq\n    count: 3\n"
                           "    nominalQuota: 10\n    workloadsSets:\n    - count: 1000\n      creationIntervalMs: 1\n"
                           "      workloads:\n      - className: w\n        runtimeMs: 10\n        priority: 0\n"
                           "        request: 1\n";
    ReplayInput nominal, paced;
    model::DiagSink d1, d2;
    REQUIRE(load_replay_input(path, "", {}, nominal, d1, {}, {}, true));
    REQUIRE(load_replay_input(path, "", {}, paced, d2, {}, {}, false));
    std::remove(path.c_str());
    REQUIRE(nominal.throughput.instant);
    REQUIRE(!paced.throughput.instant);
    REQUIRE(nominal.arrivals.size() == 3000);
    REQUIRE(paced.arrivals.size() == 3000);
    CHECK(nominal.arrivals.back().arrival_ms == 1000);
    // Sorted by arrival either way; creation timestamps follow the paced arrival.
    std::map<std::int64_t, int> per_second;
    for (std::size_t i = 0; i < paced.arrivals.size(); ++i) {
        const Arrival& a = paced.arrivals[i];
        if (i > 0) CHECK(paced.arrivals[i - 1].arrival_ms <= a.arrival_ms);
        CHECK(a.workload().meta.creation_timestamp == k_replay_epoch + a.arrival_ms / 1000);
        ++per_second[a.arrival_ms / 1000];
    }
    // The burst (2,000) goes in the first millisecond-by-millisecond rounds; the last 1,000
    // at one a millisecond after it, so the last Create is sent near 1 s, not at 1,000 ms x 3.
    CHECK(paced.arrivals.back().arrival_ms > nominal.arrivals.back().arrival_ms);
    for (const auto& [second, n] : per_second) CHECK(n <= 2000 + 1000);
}
