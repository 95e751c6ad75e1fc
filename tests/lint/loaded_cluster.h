// A manifest stream loaded for a rule test, as `m.yaml`: a load error fails the test, and the
// cluster lives until the next load, since the RuleContext built over it refers to it.
#pragma once

#include "model/loader.h"

#include <catch2/catch.hpp>

#include <string>

namespace kg::lint::test {

inline model::Cluster& loaded_cluster(const std::string& text, model::DiagSink& diags) {
    static model::Cluster cluster;
    cluster = model::Cluster{};
    model::load_text("m.yaml", text, cluster, diags);
    REQUIRE(diags.error_count() == 0);
    return cluster;
}

}  // namespace kg::lint::test
