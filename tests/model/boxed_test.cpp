// Boxed<T>: an optional kept on the heap, with an optional's copies (deep) and tests.
#include "model/boxed.h"
#include "model/objects.h"

#include <catch2/catch.hpp>

using namespace kg::model;

TEST_CASE("a boxed value is empty, set from an optional, and copied deeply", "[model][boxed]") {
    Boxed<std::string> empty;
    CHECK_FALSE(empty);
    CHECK_FALSE(empty.has_value());

    Boxed<std::string> set = std::optional<std::string>("rack");
    REQUIRE(set);
    CHECK(*set == "rack");
    CHECK(set->size() == 4);

    Boxed<std::string> copy = set;
    *copy = "block";
    CHECK(*set == "rack");  // the copy has its own value
    CHECK(*copy == "block");

    copy = empty;
    CHECK_FALSE(copy);
    copy = std::optional<std::string>();
    CHECK_FALSE(copy);

    Boxed<std::string> moved = std::move(set);
    CHECK(*moved == "rack");
}

TEST_CASE("a pod set copies its topology request", "[model][boxed]") {
    PodSet a;
    PodSetTopologyRequest r;
    r.required = "cloud.com/rack";
    a.topology_request = std::optional<PodSetTopologyRequest>(r);
    PodSet b = a;
    b.topology_request->required = "cloud.com/block";
    CHECK(*a.topology_request->required == "cloud.com/rack");
    CHECK(*b.topology_request->required == "cloud.com/block");
    CHECK(sizeof(PodSet) < 512);  // the point of the box: a PodSet no longer takes 768 bytes of heap
}
