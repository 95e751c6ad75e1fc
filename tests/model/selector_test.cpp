// Label selectors, tolerations and node matching with Kubernetes semantics
// (apimachinery labels.Requirement, core/v1 Toleration.ToleratesTaint,
// component-helpers nodeaffinity).
#include "model/selector.h"

#include <catch2/catch.hpp>

using namespace kg::model;

namespace {
LabelRequirement req(std::string key, SelectorOp op, std::vector<std::string> values = {}) {
    LabelRequirement r;
    r.key.value = std::move(key);
    r.op = op;
    r.values = std::move(values);
    return r;
}

Toleration tol(std::string key, TolerationOp op, std::string value, TaintEffect effect) {
    Toleration t;
    t.key = std::move(key);
    t.op = op;
    t.value = std::move(value);
    t.effect = effect;
    return t;
}

Taint taint(std::string key, std::string value, TaintEffect effect) {
    Taint t;
    t.key = std::move(key);
    t.value = std::move(value);
    t.effect = effect;
    return t;
}

NodeSelectorTerm term(std::vector<LabelRequirement> exprs, std::vector<LabelRequirement> fields = {}) {
    NodeSelectorTerm t;
    t.match_expressions = std::move(exprs);
    t.match_fields = std::move(fields);
    return t;
}

NodeAffinity affinity(std::vector<NodeSelectorTerm> terms) {
    NodeAffinity a;
    a.required_terms = std::move(terms);
    return a;
}

const Labels k_labels{{"team", "a"}, {"tier", "gold"}, {"gen", "4"}, {"empty", ""}};
}  // namespace

TEST_CASE("selector operators parse by their exact Kubernetes names", "[model][selector]") {
    for (SelectorOp op : {SelectorOp::in, SelectorOp::not_in, SelectorOp::exists, SelectorOp::does_not_exist,
                          SelectorOp::gt, SelectorOp::lt}) {
        INFO(selector_op_name(op));
        CHECK(parse_selector_op(selector_op_name(op)) == op);
    }
    CHECK(parse_selector_op("NotIn") == SelectorOp::not_in);
    CHECK(parse_selector_op("DoesNotExist") == SelectorOp::does_not_exist);
    CHECK_FALSE(parse_selector_op("in").has_value());
    CHECK_FALSE(parse_selector_op("").has_value());
    CHECK_FALSE(parse_selector_op("Equals").has_value());
    CHECK_FALSE(parse_selector_op("exists").has_value());
    CHECK_FALSE(parse_selector_op("In ").has_value());
}

TEST_CASE("In and NotIn compare the label value with the listed values", "[model][selector]") {
    CHECK(req("tier", SelectorOp::in, {"gold", "silver"}).matches(k_labels));
    CHECK_FALSE(req("tier", SelectorOp::in, {"silver"}).matches(k_labels));
    CHECK_FALSE(req("absent", SelectorOp::in, {"x"}).matches(k_labels));
    CHECK_FALSE(req("tier", SelectorOp::in, {}).matches(k_labels));
    CHECK(req("empty", SelectorOp::in, {""}).matches(k_labels));
    CHECK_FALSE(req("tier", SelectorOp::in, {"Gold"}).matches(k_labels));  // case-sensitive
    CHECK(req("tier", SelectorOp::not_in, {"silver"}).matches(k_labels));
    CHECK_FALSE(req("tier", SelectorOp::not_in, {"silver", "gold"}).matches(k_labels));
    CHECK(req("absent", SelectorOp::not_in, {"x"}).matches(k_labels));  // NotIn holds when the key is absent
    CHECK(req("tier", SelectorOp::not_in, {}).matches(k_labels));
}

TEST_CASE("Exists and DoesNotExist look only at the key", "[model][selector]") {
    CHECK(req("team", SelectorOp::exists).matches(k_labels));
    CHECK(req("empty", SelectorOp::exists).matches(k_labels));
    CHECK_FALSE(req("absent", SelectorOp::exists).matches(k_labels));
    CHECK(req("absent", SelectorOp::does_not_exist).matches(k_labels));
    CHECK_FALSE(req("team", SelectorOp::does_not_exist).matches(k_labels));
    CHECK(req("anything", SelectorOp::does_not_exist).matches({}));
}

TEST_CASE("Gt and Lt compare label and bound as base-10 int64", "[model][selector]") {
    CHECK(req("gen", SelectorOp::gt, {"3"}).matches(k_labels));
    CHECK_FALSE(req("gen", SelectorOp::gt, {"4"}).matches(k_labels));
    CHECK_FALSE(req("gen", SelectorOp::lt, {"4"}).matches(k_labels));
    CHECK(req("gen", SelectorOp::lt, {"5"}).matches(k_labels));
    CHECK_FALSE(req("gen", SelectorOp::lt, {"3"}).matches(k_labels));
    CHECK(req("gen", SelectorOp::gt, {"-1"}).matches(k_labels));
    CHECK(req("gen", SelectorOp::gt, {"+3"}).matches(k_labels));  // strconv.ParseInt takes a '+'
    CHECK(req("gen", SelectorOp::lt, {"007"}).matches(k_labels));
    CHECK(req("n", SelectorOp::lt, {"0"}).matches({{"n", "-9223372036854775808"}}));
    CHECK(req("n", SelectorOp::gt, {"0"}).matches({{"n", "+9223372036854775807"}}));
    // Anything that is not an int64 never matches, on either side.
    CHECK_FALSE(req("tier", SelectorOp::gt, {"3"}).matches(k_labels));
    CHECK_FALSE(req("absent", SelectorOp::gt, {"3"}).matches(k_labels));
    CHECK_FALSE(req("absent", SelectorOp::lt, {"3"}).matches(k_labels));
    CHECK_FALSE(req("gen", SelectorOp::gt, {"three"}).matches(k_labels));
    CHECK_FALSE(req("gen", SelectorOp::gt, {"3.5"}).matches(k_labels));
    CHECK_FALSE(req("gen", SelectorOp::gt, {"+-3"}).matches(k_labels));
    CHECK_FALSE(req("gen", SelectorOp::gt, {"+"}).matches(k_labels));
    CHECK_FALSE(req("gen", SelectorOp::gt, {""}).matches(k_labels));
    CHECK_FALSE(req("gen", SelectorOp::gt, {" 3"}).matches(k_labels));
    CHECK_FALSE(req("gen", SelectorOp::gt, {"0x3"}).matches(k_labels));
    CHECK_FALSE(req("gen", SelectorOp::lt, {"9223372036854775808"}).matches(k_labels));  // out of int64
    CHECK_FALSE(req("n", SelectorOp::lt, {"5"}).matches({{"n", "99999999999999999999"}}));
    CHECK_FALSE(req("n", SelectorOp::lt, {"5"}).matches({{"n", ""}}));
    // Exactly one bound.
    CHECK_FALSE(req("gen", SelectorOp::gt, {}).matches(k_labels));
    CHECK_FALSE(req("gen", SelectorOp::gt, {"1", "2"}).matches(k_labels));
}

TEST_CASE("a label selector is the AND of its labels and expressions", "[model][selector]") {
    LabelSelector s;
    CHECK(s.is_empty());
    CHECK(s.matches({}));  // {} selects everything
    CHECK(s.matches(k_labels));
    s.match_labels = {{"team", "a"}};
    CHECK_FALSE(s.is_empty());
    CHECK(s.matches(k_labels));
    CHECK_FALSE(s.matches({}));
    s.match_labels.emplace_back("tier", "gold");
    CHECK(s.matches(k_labels));
    s.match_expressions.push_back(req("gen", SelectorOp::in, {"4", "5"}));
    CHECK(s.matches(k_labels));
    s.match_expressions.push_back(req("spot", SelectorOp::does_not_exist));
    CHECK(s.matches(k_labels));
    s.match_expressions.push_back(req("team", SelectorOp::not_in, {"a"}));
    CHECK_FALSE(s.matches(k_labels));

    LabelSelector wrong_value;
    wrong_value.match_labels = {{"team", "b"}};
    CHECK_FALSE(wrong_value.matches(k_labels));
    LabelSelector empty_value;
    empty_value.match_labels = {{"empty", ""}};
    CHECK(empty_value.matches(k_labels));
    CHECK_FALSE(empty_value.matches({}));
    LabelSelector only_expressions;
    only_expressions.match_expressions.push_back(req("team", SelectorOp::exists));
    CHECK_FALSE(only_expressions.is_empty());
    CHECK(only_expressions.matches(k_labels));
    CHECK_FALSE(only_expressions.matches({}));
}

TEST_CASE("taint effects parse by name and an empty effect means any", "[model][selector]") {
    for (TaintEffect e : {TaintEffect::no_schedule, TaintEffect::prefer_no_schedule, TaintEffect::no_execute,
                          TaintEffect::any}) {
        CHECK(parse_taint_effect(taint_effect_name(e)) == e);
    }
    CHECK(std::string(taint_effect_name(TaintEffect::no_schedule)) == "NoSchedule");
    CHECK(std::string(taint_effect_name(TaintEffect::prefer_no_schedule)) == "PreferNoSchedule");
    CHECK(std::string(taint_effect_name(TaintEffect::no_execute)) == "NoExecute");
    CHECK(parse_taint_effect("") == TaintEffect::any);
    CHECK_FALSE(parse_taint_effect("noschedule").has_value());
    CHECK_FALSE(parse_taint_effect("NoScheduleX").has_value());
    CHECK_FALSE(parse_taint_effect("Any").has_value());
}

TEST_CASE("tolerations match taints by key, value and effect", "[model][selector]") {
    Taint spot = taint("spot", "true", TaintEffect::no_schedule);
    CHECK(tol("spot", TolerationOp::equal, "true", TaintEffect::no_schedule).tolerates(spot));
    CHECK(tol("spot", TolerationOp::equal, "true", TaintEffect::any).tolerates(spot));
    CHECK_FALSE(tol("spot", TolerationOp::equal, "false", TaintEffect::any).tolerates(spot));
    CHECK_FALSE(tol("spot", TolerationOp::equal, "", TaintEffect::any).tolerates(spot));
    CHECK_FALSE(tol("Spot", TolerationOp::equal, "true", TaintEffect::any).tolerates(spot));
    CHECK(tol("spot", TolerationOp::exists, "", TaintEffect::any).tolerates(spot));
    CHECK(tol("spot", TolerationOp::exists, "ignored", TaintEffect::any).tolerates(spot));  // Exists ignores value
    CHECK_FALSE(tol("other", TolerationOp::exists, "", TaintEffect::any).tolerates(spot));
    CHECK_FALSE(tol("spot", TolerationOp::exists, "", TaintEffect::no_execute).tolerates(spot));
    CHECK_FALSE(tol("spot", TolerationOp::equal, "true", TaintEffect::prefer_no_schedule).tolerates(spot));
    CHECK(tol("spot", TolerationOp::exists, "", TaintEffect::prefer_no_schedule)
              .tolerates(taint("spot", "x", TaintEffect::prefer_no_schedule)));
}

TEST_CASE("an empty toleration key matches every key", "[model][selector]") {
    Taint spot = taint("spot", "true", TaintEffect::no_schedule);
    Taint gpu = taint("nvidia.com/gpu", "", TaintEffect::no_execute);
    Toleration everything = tol("", TolerationOp::exists, "", TaintEffect::any);
    CHECK(everything.tolerates(spot));
    CHECK(everything.tolerates(gpu));
    Toleration every_no_schedule = tol("", TolerationOp::exists, "", TaintEffect::no_schedule);
    CHECK(every_no_schedule.tolerates(spot));
    CHECK_FALSE(every_no_schedule.tolerates(gpu));
    // ToleratesTaint with an empty key and Equal still compares values (validation forbids
    // writing it, but the helper's answer is this): "" matches only taints without a value.
    Toleration empty_equal = tol("", TolerationOp::equal, "", TaintEffect::any);
    CHECK_FALSE(empty_equal.tolerates(spot));
    CHECK(empty_equal.tolerates(gpu));
}

TEST_CASE("a taint is tolerated when any toleration in either list tolerates it", "[model][selector]") {
    Taint spot = taint("spot", "true", TaintEffect::no_schedule);
    Toleration eq = tol("spot", TolerationOp::equal, "true", TaintEffect::no_schedule);
    Toleration wrong_effect = tol("spot", TolerationOp::exists, "", TaintEffect::no_execute);
    CHECK(tolerated(spot, {wrong_effect}, {eq}));
    CHECK(tolerated(spot, {eq}, {}));
    CHECK(tolerated(spot, {eq}));
    CHECK(tolerated(spot, {wrong_effect, eq}));
    CHECK_FALSE(tolerated(spot, {wrong_effect}, {}));
    CHECK_FALSE(tolerated(spot, {}, {}));
    CHECK_FALSE(tolerated(spot, {}));
}

TEST_CASE("nodeSelector needs every pair on the node", "[model][selector]") {
    Labels node{{"gpu", "h100"}, {"zone", "a"}};
    CHECK(node_matches(node, {}, std::nullopt));
    CHECK(node_matches({}, {}, std::nullopt));
    CHECK(node_matches(node, {{"gpu", "h100"}}, std::nullopt));
    CHECK(node_matches(node, {{"gpu", "h100"}, {"zone", "a"}}, std::nullopt));
    CHECK_FALSE(node_matches(node, {{"gpu", "a100"}}, std::nullopt));
    CHECK_FALSE(node_matches(node, {{"gpu", "h100"}, {"spot", "true"}}, std::nullopt));
    CHECK_FALSE(node_matches({}, {{"gpu", "h100"}}, std::nullopt));
}

TEST_CASE("required node affinity ORs its terms and ANDs each term's expressions", "[model][selector]") {
    Labels node{{"gpu", "h100"}, {"zone", "a"}, {"gen", "4"}};
    CHECK_FALSE(node_matches(node, {}, affinity({term({req("gpu", SelectorOp::in, {"a100"})})})));
    CHECK(node_matches(node, {},
                       affinity({term({req("gpu", SelectorOp::in, {"a100"})}),
                                 term({req("zone", SelectorOp::in, {"a"})})})));
    CHECK(node_matches(node, {},
                       affinity({term({req("gpu", SelectorOp::exists), req("gen", SelectorOp::gt, {"3"}),
                                       req("spot", SelectorOp::does_not_exist)})})));
    CHECK_FALSE(node_matches(node, {},
                             affinity({term({req("gpu", SelectorOp::exists), req("gen", SelectorOp::gt, {"4"})})})));
    CHECK(node_matches(node, {}, affinity({term({req("spot", SelectorOp::not_in, {"true"})})})));
}

TEST_CASE("nodeSelector and node affinity must both hold", "[model][selector]") {
    Labels node{{"gpu", "h100"}, {"zone", "a"}};
    auto zone_a = affinity({term({req("zone", SelectorOp::in, {"a"})})});
    CHECK(node_matches(node, {{"gpu", "h100"}}, zone_a));
    CHECK_FALSE(node_matches(node, {{"gpu", "a100"}}, zone_a));
    CHECK_FALSE(node_matches(node, {{"gpu", "h100"}}, affinity({term({req("zone", SelectorOp::in, {"b"})})})));
}

TEST_CASE("empty and malformed affinity terms select no node", "[model][selector]") {
    Labels node{{"gpu", "h100"}, {"zone", "a"}};
    CHECK_FALSE(node_matches(node, {}, affinity({})));          // required, but no terms
    CHECK_FALSE(node_matches(node, {}, affinity({term({})})));  // a term with nothing in it
    // labels.NewRequirement refuses these, so the term cannot be built and matches nothing.
    CHECK_FALSE(node_matches(node, {}, affinity({term({req("gpu", SelectorOp::not_in, {})})})));
    CHECK_FALSE(node_matches(node, {}, affinity({term({req("gpu", SelectorOp::in, {})})})));
    CHECK_FALSE(node_matches(node, {}, affinity({term({req("gpu", SelectorOp::exists, {"h100"})})})));
    CHECK_FALSE(node_matches(node, {}, affinity({term({req("spot", SelectorOp::does_not_exist, {"x"})})})));
    CHECK_FALSE(node_matches(node, {}, affinity({term({req("gen", SelectorOp::lt, {"x"})})})));
    CHECK_FALSE(node_matches(node, {}, affinity({term({req("gen", SelectorOp::lt, {"1", "2"})})})));
    // A malformed term does not spoil the other terms.
    CHECK(node_matches(node, {},
                       affinity({term({req("gpu", SelectorOp::not_in, {})}),
                                 term({req("zone", SelectorOp::in, {"a"})})})));
}

TEST_CASE("matchFields never exclude a labels-only node but must be well formed", "[model][selector]") {
    Labels node{{"gpu", "h100"}};
    auto by_name = req("metadata.name", SelectorOp::in, {"node-1"});
    CHECK(node_matches(node, {}, affinity({term({}, {by_name})})));
    CHECK(node_matches(node, {}, affinity({term({req("gpu", SelectorOp::exists)}, {by_name})})));
    CHECK_FALSE(node_matches(node, {}, affinity({term({req("gpu", SelectorOp::in, {"a100"})}, {by_name})})));
    // Fields allow only In/NotIn with exactly one value.
    CHECK_FALSE(node_matches(node, {}, affinity({term({}, {req("metadata.name", SelectorOp::exists)})})));
    CHECK_FALSE(node_matches(node, {},
                             affinity({term({}, {req("metadata.name", SelectorOp::in, {"a", "b"})})})));
}
