// sim/replay/replay_input.h: manifests replace the generator's queue objects of the same name.
#include "sim/replay/replay_input.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <unistd.h>

using namespace kg;

TEST_CASE("manifests replace the generated queue objects of the same name", "[sim][replay]") {
    const std::string generator = std::string(KG_SOURCE_DIR) + "/testdata/sim/golden/replay-generator/generator.yaml";
    sim::replay::ReplayInput plain;
    model::DiagSink d1;
    REQUIRE(sim::replay::load_replay_input(generator, "", {}, plain, d1));
    REQUIRE(d1.error_count() == 0);
    REQUIRE(!plain.cluster.cluster_queues.empty());
    REQUIRE(!plain.arrivals.empty());
    const std::string first = plain.cluster.cluster_queues.front().meta.name.value;

    const std::string override_path = "/tmp/kg-replay-input-" + std::to_string(::getpid()) + ".yaml";
    std::ofstream(override_path) << "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata: {name: " << first
                                 << "}\nspec:\n  namespaceSelector: {}\n  stopPolicy: Hold\n";
    sim::replay::ReplayInput with;
    model::DiagSink d2;
    const bool ok = sim::replay::load_replay_input(generator, "", {override_path}, with, d2);
    std::remove(override_path.c_str());
    REQUIRE(ok);
    CHECK(with.cluster.cluster_queues.size() == plain.cluster.cluster_queues.size());
    int named = 0;
    for (const auto& cq : with.cluster.cluster_queues)
        if (cq.meta.name.value == first) {
            ++named;
            CHECK(cq.resource_groups.empty());  // the manifest's, not the generator's
        }
    CHECK(named == 1);
    CHECK(with.arrivals.size() == plain.arrivals.size());
}
