// FR interning and FRMap: they must behave exactly as the std::pair<std::string,
// std::string> keys and std::map they replaced (same equality, same order).
#include "sim/flavor_resource.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

using kg::sim::FR;
using kg::sim::FRMap;

TEST_CASE("FR: equal names are one interned pair, order is (flavor, resource)") {
    FR a{"on-demand", "cpu"};
    FR b{std::string("on-demand"), std::string("cpu")};
    CHECK(a == b);
    CHECK_FALSE(a < b);
    CHECK(a.flavor() == "on-demand");
    CHECK(a.resource() == "cpu");
    CHECK(FR{} == FR{"", ""});
    CHECK(FR{}.flavor().empty());

    // Every pair of these orders as std::pair<std::string, std::string> does.
    std::vector<std::pair<std::string, std::string>> names = {
        {"spot", "nvidia.com/gpu"}, {"on-demand", "memory"}, {"on-demand", "cpu"}, {"a", "z"}, {"", "cpu"},
        {"spot", "cpu"}, {"on-demand-2", "cpu"}};
    for (const auto& x : names) {
        for (const auto& y : names) {
            INFO(x.first << "/" << x.second << " vs " << y.first << "/" << y.second);
            CHECK((FR{x.first, x.second} < FR{y.first, y.second}) == (x < y));
            CHECK((FR{x.first, x.second} == FR{y.first, y.second}) == (x == y));
        }
    }
    std::set<FR> set;
    for (const auto& [f, r] : names) set.insert(FR{f, r});
    std::set<std::pair<std::string, std::string>> expected(names.begin(), names.end());
    auto it = expected.begin();
    for (const FR& f : set) {
        CHECK(f.flavor() == it->first);
        CHECK(f.resource() == it->second);
        ++it;
    }
}

TEST_CASE("FRMap: std::map's interface and iteration order") {
    FRMap<long> m{{FR{"spot", "cpu"}, 3}, {FR{"on-demand", "memory"}, 2}};
    m[FR{"on-demand", "cpu"}] += 1;
    REQUIRE(m.size() == 3);
    std::vector<std::string> order;
    for (const auto& [f, v] : m) order.push_back(f.flavor() + "/" + f.resource() + "=" + std::to_string(v));
    CHECK(order == std::vector<std::string>{"on-demand/cpu=1", "on-demand/memory=2", "spot/cpu=3"});

    CHECK(m.count(FR{"spot", "cpu"}) == 1);
    CHECK(m.find(FR{"spot", "gpu"}) == m.end());
    CHECK(m.at(FR{"on-demand", "memory"}) == 2);
    CHECK_THROWS_AS(m.at(FR{"spot", "gpu"}), std::out_of_range);

    auto [it, inserted] = m.try_emplace(FR{"spot", "cpu"}, 9);
    CHECK_FALSE(inserted);
    CHECK(it->second == 3);
    CHECK(m.erase(FR{"spot", "cpu"}) == 1);
    CHECK(m.erase(FR{"spot", "cpu"}) == 0);
    CHECK(m.size() == 2);

    FRMap<long> copy = m;
    CHECK(copy == m);
    copy[FR{"on-demand", "cpu"}] = 7;
    CHECK_FALSE(copy == m);
    m.clear();
    CHECK(m.empty());
}
