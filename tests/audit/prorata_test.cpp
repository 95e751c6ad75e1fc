// split_prorata (audit/prorata.h, kueuegov.prorata-v1) against a plain statement of the rule:
// every share is floor(rate x dt x w / sum) plus one unit for the largest remainders (ties: lower
// index), and the shares add up to rate x dt. The 64-bit path for the sweep's dt = 1 and the
// insertion sort for short lists must give exactly what the 128-bit path and a stable sort give.
#include "audit/prorata.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>

namespace {

std::vector<__int128> reference(std::int64_t rate, std::int64_t dt, const std::vector<std::int64_t>& w) {
    std::vector<__int128> out(w.size(), 0);
    __int128 sum = 0;
    for (auto x : w) sum += x;
    if (sum == 0 || rate == 0 || dt == 0) return out;
    const __int128 total = static_cast<__int128>(rate) * dt;
    std::vector<__int128> rem(w.size(), 0);
    __int128 given = 0;
    for (std::size_t i = 0; i < w.size(); ++i) {
        // total * w / sum, as exact rationals: floor and remainder over sum, in two steps so the
        // product stays within 128 bits (rate * w <= sum^2).
        const __int128 p = static_cast<__int128>(rate) * w[i];
        const __int128 a = p / sum, r = p % sum;
        out[i] = a * dt + (r * dt) / sum;
        rem[i] = (r * dt) % sum;
        given += out[i];
    }
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < w.size(); ++i)
        if (w[i] != 0) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rem[a] > rem[b]; });
    for (std::size_t k = 0; given < total && k < order.size(); ++k, ++given) out[order[k]] += 1;
    return out;
}

}  // namespace

TEST_CASE("split_prorata gives the reference shares on random inputs", "[prorata]") {
    std::mt19937_64 rng(20261127);
    kg::audit::SplitScratch scratch;
    std::vector<__int128> got;
    for (int round = 0; round < 20000; ++round) {
        const std::size_t n = 1 + rng() % (round % 5 == 0 ? 40 : 8);  // short lists and some past 16
        const int scale = static_cast<int>(rng() % 4);  // small, milli-cpu, bytes, near the 64-bit edge
        const std::int64_t bound = scale == 0 ? 10 : scale == 1 ? 100000 : scale == 2 ? (std::int64_t{1} << 40)
                                                                                          : (std::int64_t{1} << 61);
        std::vector<std::int64_t> w(n);
        for (auto& x : w) x = rng() % 3 == 0 ? 0 : static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(bound));
        __int128 sum = std::accumulate(w.begin(), w.end(), __int128{0});
        if (sum == 0 || sum > INT64_MAX) continue;
        const auto rate = static_cast<std::int64_t>(static_cast<__int128>(rng()) % (sum + 1));
        const std::int64_t dt = round % 2 == 0 ? 1 : static_cast<std::int64_t>(1 + rng() % 100000);
        kg::audit::split_prorata(rate, dt, w, got, scratch);
        const auto want = reference(rate, dt, w);
        REQUIRE(got.size() == want.size());
        for (std::size_t i = 0; i < w.size(); ++i) REQUIRE(got[i] == want[i]);
        REQUIRE(std::accumulate(got.begin(), got.end(), __int128{0}) == static_cast<__int128>(rate) * dt);
    }
}

TEST_CASE("split_prorata breaks equal remainders by the lower index", "[prorata]") {
    kg::audit::SplitScratch scratch;
    std::vector<__int128> got;
    // 2 units over three equal weights: each floor is 0 with the same remainder.
    kg::audit::split_prorata(2, 1, {5, 5, 5}, got, scratch);
    CHECK(got == std::vector<__int128>{1, 1, 0});
    // Past the insertion sort's length the same rule holds.
    std::vector<std::int64_t> many(20, 1);
    kg::audit::split_prorata(3, 1, many, got, scratch);
    CHECK(got[0] == 1);
    CHECK(got[1] == 1);
    CHECK(got[2] == 1);
    CHECK(std::accumulate(got.begin() + 3, got.end(), __int128{0}) == 0);
}
