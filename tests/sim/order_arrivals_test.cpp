// sim/replay/input_common.h order_arrivals: a stable sort by arrival time from `first` on,
// applied as a permutation in place; UIDs numbered in the new order.
#include "sim/replay/input_common.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

using namespace kg;

TEST_CASE("order_arrivals sorts by time, keeps ties in input order and leaves the prefix alone", "[sim][replay]") {
    // Times chosen so the permutation has a fixed point, a 2-cycle and a longer cycle.
    const std::vector<std::int64_t> times = {99, 50, 30, 50, 10, 70, 30, 50};
    std::vector<sim::replay::Arrival> arrivals;
    for (std::size_t i = 0; i < times.size(); ++i) {
        sim::replay::Arrival a;
        a.arrival_ms = times[i];
        a.name = "w" + std::to_string(i);
        arrivals.push_back(std::move(a));
    }
    sim::replay::order_arrivals(arrivals, 1);  // arrivals[0] (time 99) stays first
    std::vector<std::string> names;
    for (const auto& a : arrivals) names.push_back(a.name);
    CHECK(names == std::vector<std::string>{"w0", "w4", "w2", "w6", "w1", "w3", "w7", "w5"});
    CHECK(arrivals[0].uid_number == -1);
    CHECK(arrivals[0].uid().empty());
    CHECK(arrivals[1].uid() == "replay-0000000001");
    CHECK(arrivals[7].uid() == "replay-0000000007");
}

TEST_CASE("order_arrivals on sorted input and on reversed input", "[sim][replay]") {
    for (bool reversed : {false, true}) {
        std::vector<sim::replay::Arrival> arrivals(50);
        for (std::size_t i = 0; i < arrivals.size(); ++i) {
            arrivals[i].arrival_ms = static_cast<std::int64_t>(reversed ? arrivals.size() - i : i) / 3;
            arrivals[i].runtime_ms = static_cast<std::int64_t>(i);  // identifies the original position
        }
        sim::replay::order_arrivals(arrivals, 0);
        for (std::size_t i = 1; i < arrivals.size(); ++i) {
            REQUIRE(arrivals[i - 1].arrival_ms <= arrivals[i].arrival_ms);
            if (arrivals[i - 1].arrival_ms == arrivals[i].arrival_ms)
                REQUIRE(arrivals[i - 1].runtime_ms < arrivals[i].runtime_ms);  // ties in input order
        }
    }
}

TEST_CASE("an arrival's uid is \"replay-\" and its number in at least 10 digits", "[sim][replay]") {
    sim::replay::Arrival a;
    a.uid_number = 0;
    CHECK(a.uid() == "replay-0000000000");
    a.uid_number = 1234567890;
    CHECK(a.uid() == "replay-1234567890");
    a.uid_number = 98765432101;
    CHECK(a.uid() == "replay-98765432101");
    a.uid_number = INT64_MAX;
    CHECK(a.uid() == "replay-9223372036854775807");
}
