// kubectl -l syntax (model/selector_text.h) against Kubernetes' labels.Parse behaviour.
#include "model/selector_text.h"

#include <catch2/catch.hpp>

using namespace kg::model;

namespace {

bool sel_matches(const std::string& text, const Labels& labels) {
    auto s = parse_selector_text(text);
    REQUIRE(s.has_value());
    return s->matches(labels);
}

}  // namespace

TEST_CASE("selector text selects as kubectl -l does", "[model][selector]") {
    const Labels a{{"team", "a"}, {"tier", "gpu"}, {"rank", "7"}};
    CHECK(sel_matches("", a));
    CHECK(sel_matches("team=a", a));
    CHECK(sel_matches("team==a", a));
    CHECK_FALSE(sel_matches("team!=a", a));
    CHECK(sel_matches("team != b", a));
    CHECK(sel_matches("team in (a, b)", a));
    CHECK_FALSE(sel_matches("team notin (a,b)", a));
    CHECK(sel_matches("tier", a));
    CHECK_FALSE(sel_matches("!tier", a));
    CHECK(sel_matches("!legacy", a));
    CHECK(sel_matches("team=a,tier=gpu", a));
    CHECK_FALSE(sel_matches("team=a,tier=cpu", a));
    CHECK(sel_matches("rank>5", a));
    CHECK_FALSE(sel_matches("rank<5", a));
    CHECK(sel_matches("kueue.x-k8s.io/queue-name!=x", a));
}

TEST_CASE("selector text errors name the column and what was expected", "[model][selector]") {
    auto bad = [](const std::string& t) {
        auto s = parse_selector_text(t);
        REQUIRE_FALSE(s.has_value());
        return s.error().message;
    };
    CHECK(bad("team=a tier=b") == "selector \"team=a tier=b\": expected ',' between requirements at column 8, "
                                  "found \"tier=b\"");
    CHECK(bad("team in (a,b") == "selector \"team in (a,b\": expected ')' closing the value set at column 13, "
                                 "found the end");
    CHECK(bad("=a") == "selector \"=a\": expected a label key at column 1, found \"=a\"");
    CHECK(bad("team ~ a") == "selector \"team ~ a\": expected =, ==, !=, in, notin, > or < after \"team\" at "
                             "column 6, found \"~ a\"");
    CHECK(bad("rank>x").find("expected an integer") != std::string::npos);
    CHECK(bad("!team=a").find("expected ',' or the end") != std::string::npos);
}
