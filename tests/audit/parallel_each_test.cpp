// parallel_each (audit/parallel_each.h) and the chargeback of several clusters side by side:
// every piece runs once, the first failure by index is the one reported, and each cluster's
// result is exactly what charging it alone gives.
#include "audit/chargeback.h"
#include "audit/parallel_each.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

using namespace kg::audit;

TEST_CASE("parallel_each runs every index exactly once, on any number of threads") {
    for (unsigned threads : {0u, 1u, 2u, 8u}) {
        std::vector<std::atomic<int>> runs(1000);
        parallel_each(runs.size(), [&](std::size_t i) { ++runs[i]; }, threads);
        for (const auto& r : runs) CHECK(r.load() == 1);
    }
    std::vector<std::size_t> order;
    parallel_each(5, [&](std::size_t i) { order.push_back(i); }, 1);  // one thread: in order
    CHECK(order == std::vector<std::size_t>{0, 1, 2, 3, 4});
    parallel_each(0, [](std::size_t) { FAIL("no index to run"); });
}

TEST_CASE("parallel_each rethrows the lowest index's exception after every call finished") {
    std::atomic<int> finished{0};
    try {
        parallel_each(
            64,
            [&](std::size_t i) {
                ++finished;
                if (i == 40 || i == 7) throw std::runtime_error("piece " + std::to_string(i));
            },
            4);
        FAIL("expected an exception");
    } catch (const std::runtime_error& e) {
        CHECK(std::string(e.what()) == "piece 7");
    }
    CHECK(finished.load() == 64);
}

TEST_CASE("chargeback of several clusters side by side equals each cluster charged alone") {
    const std::int64_t from = 1767225600, to = from + 3 * 86400;
    std::vector<QuotaVersion> versions;
    for (int q = 0; q < 6; ++q) {
        QuotaVersion v;
        v.cluster_queue = "cq-" + std::to_string(q);
        v.flavor = "default";
        v.resource = "cpu";
        v.nominal_milli = 4000;
        v.cohort = q < 4 ? "pool" : "";
        v.valid_from = from - 86400;
        v.valid_to = INT64_MAX;
        versions.push_back(v);
    }
    std::vector<std::vector<QuotaInterval>> clusters;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        std::mt19937_64 rng(seed);
        std::vector<QuotaInterval> ivs;
        for (int i = 0; i < 2000; ++i) {
            QuotaInterval iv;
            iv.cluster_queue = "cq-" + std::to_string(rng() % 6);
            iv.namespace_ = "ns-" + std::to_string(rng() % 3);
            iv.local_queue = "lq-" + std::to_string(rng() % 3);
            iv.flavor = "default";
            iv.resource = "cpu";
            iv.milli = static_cast<std::int64_t>(1 + rng() % 3000);
            iv.from = from + static_cast<std::int64_t>(rng() % (3 * 86400));
            iv.to = iv.from + 1 + static_cast<std::int64_t>(rng() % 20000);
            ivs.push_back(iv);
        }
        clusters.push_back(std::move(ivs));
    }
    for (auto group : {ChargebackGroup::cluster_queue, ChargebackGroup::local_queue}) {
        std::vector<ChargebackInput> inputs;
        for (const auto& ivs : clusters) {
            ChargebackInput in;
            in.from = from;
            in.to = to;
            in.group = group;
            in.intervals = &ivs;
            in.versions = &versions;
            inputs.push_back(in);
        }
        inputs.push_back(inputs.front());
        inputs.back().to = inputs.back().from;  // an empty period: its error stays in its slot
        const auto together = compute_chargeback_each(inputs);
        REQUIRE(together.size() == inputs.size());
        for (std::size_t i = 0; i + 1 < inputs.size(); ++i) {
            const auto alone = compute_chargeback(inputs[i]);
            REQUIRE(alone.has_value());
            REQUIRE(together[i].has_value());
            REQUIRE(together[i]->rows.size() == alone->rows.size());
            for (std::size_t r = 0; r < alone->rows.size(); ++r) {
                const ChargebackRow &a = alone->rows[r], &b = together[i]->rows[r];
                CHECK(a.cluster_queue == b.cluster_queue);
                CHECK(a.local_queue == b.local_queue);
                CHECK(a.used == b.used);
                CHECK(a.within_nominal == b.within_nominal);
                CHECK(a.borrowed == b.borrowed);
                CHECK(a.lent == b.lent);
                CHECK(a.idle_nominal == b.idle_nominal);
            }
        }
        CHECK_FALSE(together.back().has_value());
        const auto months = compute_chargeback_by_month_each(inputs);
        REQUIRE(months.size() == inputs.size());
        CHECK(months.front().has_value());
        CHECK_FALSE(months.back().has_value());
    }
}
