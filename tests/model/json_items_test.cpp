// The simdjson path for JSON List items (model/yaml/json_items) must build exactly the
// trees libfyaml's one-pass parse builds, every position included, and decline
// whatever it cannot vouch for, so the one-pass parse decides (and reports) instead.
#include "model/loader.h"
#include "model/yaml/json_items.h"
#include "model/yaml/list_layout.h"
#include "tree_dump.h"

#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

using namespace kg::model;
using kg::test::dump_tree;

namespace {

// A kubectl-shaped JSON List whose items are `{` + body + `}` at kubectl's indentation.
std::string json_list(const std::vector<std::string>& bodies) {
    std::string s = "{\n    \"apiVersion\": \"v1\",\n    \"items\": [\n";
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        s += "        {\n" + bodies[i] + "\n        }" + (i + 1 == bodies.size() ? "\n" : ",\n");
    }
    return s + "    ],\n    \"kind\": \"List\",\n    \"metadata\": {\n        \"resourceVersion\": \"\"\n    }\n}\n";
}

struct OnePass {
    std::vector<std::string> objects;
    std::size_t diags = 0;
};

OnePass one_pass(const std::string& text, const LoadOptions& base) {
    LoadOptions opt = base;
    opt.parallel_lists = false;
    OnePass out;
    DiagSink diags;
    parse_objects(7, text, diags, opt, [&](yaml::Node&& n) {
        std::string s;
        dump_tree(n, s);
        out.objects.push_back(std::move(s));
    });
    out.diags = diags.items().size();
    return out;
}

std::vector<std::string> dumps(const std::vector<yaml::Node>& nodes) {
    std::vector<std::string> out;
    for (const auto& n : nodes) {
        std::string s;
        dump_tree(n, s);
        out.push_back(std::move(s));
    }
    return out;
}

// Trees of another shape than any test's: parse_json_items builds over the trees its
// vector already holds (list_parallel hands it the vectors of spent batches), so what a
// previous batch left there (longer strings, more entries and items, a mapping where a
// scalar now goes, quoted where plain now goes) must never show through.
std::vector<yaml::Node> stale_trees() {
    const std::string stale_item =
        R"({"a": {"k": ["long string value past the small-string buffer", {"x": "y"}, [1, [2]]], "z": null},)"
        R"( "bb": "q", "c": [{"d": 1, "e": "2", "f": {}}, "s", true], "dd": {"e": {"f": {"g": "h"}}},)"
        R"( "e": ["1", "2", "3", "4", "5", "6"], "f": "x", "g": {"h": 1, "i": 2, "j": 3, "k": 4, "l": 5}})";
    std::string wrapped = "[\n";
    for (int i = 0; i < 6; ++i) {
        wrapped += (i ? ",\n" : "") + stale_item;
    }
    wrapped += "\n]";
    std::vector<yaml::Node> nodes;
    REQUIRE(yaml::parse_json_items(3, wrapped, 40, 1, LoadOptions{}, nodes));
    return nodes;
}

// The simdjson path over all items of `text` as one batch, as list_parallel cuts it;
// nullopt when it declines. Parsed twice, into an empty vector and over stale trees,
// which must answer the same.
std::optional<std::vector<std::string>> fast(const std::string& text, const LoadOptions& opt) {
    auto layout = yaml::find_list_layout(text);
    REQUIRE(layout);
    REQUIRE(layout->json);
    const auto& first = layout->items.front();
    const auto& last = layout->items.back();
    std::string wrapped = "[\n" + text.substr(first.begin, last.end - first.begin) + "\n]";
    std::vector<yaml::Node> nodes;
    bool fresh = yaml::parse_json_items(7, wrapped, first.line - 1, 1, opt, nodes);
    std::vector<yaml::Node> reused = stale_trees();
    bool over_stale = yaml::parse_json_items(7, wrapped, first.line - 1, 1, opt, reused);
    CHECK(fresh == over_stale);
    if (!fresh) {
        return std::nullopt;
    }
    std::vector<std::string> out = dumps(nodes);
    if (over_stale) {
        CHECK(dumps(reused) == out);
    }
    return out;
}

// Holds the two paths to the same trees; returns whether the simdjson path answered.
bool agrees(const std::vector<std::string>& bodies, const LoadOptions& opt = {}) {
    std::string text = json_list(bodies);
    OnePass reference = one_pass(text, opt);
    auto mine = fast(text, opt);
    if (mine) {
        CHECK(reference.diags == 0);  // never accept what the one-pass parse complains about
        CHECK(*mine == reference.objects);
    }
    return mine.has_value();
}

const std::string k_plain = "            \"kind\": \"Workload\",\n            \"metadata\": {\"name\": \"a\"}";

}  // namespace

TEST_CASE("simdjson builds the one-pass trees for plain JSON", "[model][loader][json]") {
    CHECK(agrees({k_plain, k_plain, k_plain}));
    CHECK(agrees({"            \"n\": [1, -0, 0.5, 1e3, 2.5E-7, -12],\n            \"b\": [true, false, null]"}));
    CHECK(agrees({"            \"empty\": {},\n            \"none\": [],\n            \"s\": \"\""}));
    CHECK(agrees({"            \"nested\": [[1, [2, [3]]], {\"a\": {\"b\": []}}]"}));
    CHECK(agrees({"            \"spaced\"   :    \"x\"   ,\n            \"k\":\"v\""}));
}

TEST_CASE("simdjson counts columns in characters, as libfyaml does", "[model][loader][json]") {
    CHECK(agrees({"            \"caf\xC3\xA9\": \"na\xC3\xAFve \xE2\x82\xAC\", \"after\": 1"}));
    CHECK(agrees({"            \"\xF0\x9F\x9A\x80\": {\"x\": \"\xE6\x97\xA5\xE6\x9C\xAC\", \"y\": [\"\xC3\xA9\", 2]}"}));
    // Many nodes on one long line, characters of every width between them: the column
    // count carries on from node to node.
    CHECK(agrees({"            \"k\": \"\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9" "abcdefghij\", \"l\": [\"\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\", 3, "
                  "\"\xF0\x9F\x9A\x80 long enough to span words\"], \"m\": {\"n\": 4, \"o\": \"\xC3\xA9\"}, \"p\": 5"}));
}

TEST_CASE("positions and strings agree at every length around the scanners' 16- and 32-byte blocks",
          "[model][loader][json]") {
    // The position cursor and the in-place string scan read the text a block at a time:
    // keys, values, escapes, newlines and multi-byte characters at every offset around a
    // block's end, on lines of every indentation.
    for (std::size_t len = 0; len <= 66; ++len) {
        std::string run(len, 'x');
        std::string indent(12 + len % 9, ' ');
        std::string body = indent + "\"" + run + "\": \"" + run + "\",\n" +                        // plain
                           indent + "\"e" + run + "\": \"" + run + "\\\"q\",\n" +               // an escape past the block
                           indent + "\"u" + run + "\": \"" + run + "\xC3\xA9" + run + "\",\n" +  // two-byte character
                           std::string(len, ' ') + "\"n" + run + "\":\n" + indent + "[" + std::to_string(len) + "]";
        INFO("length " << len);
        CHECK(agrees({body}));
    }
}

TEST_CASE("escapes unescape as libfyaml unescapes them", "[model][loader][json]") {
    CHECK(agrees({R"(            "e": "a\"b\\c\/d\n\t\r\b\f", "u": "\u00e9\u20ac\u0041")"}));
    CHECK(agrees({R"(            "k\"ey\u00e9": 1)"}));
}

TEST_CASE("what simdjson cannot vouch for is left to the one-pass parse", "[model][loader][json]") {
    // Surrogate pairs: JSON joins them, YAML has no such notion.
    CHECK_FALSE(agrees({R"(            "s": "\ud83d\ude80")"}));
    CHECK_FALSE(agrees({R"(            "\ud83d\ude80": 1)"}));
    // Literals YAML reads as plain scalars but JSON does not have.
    CHECK_FALSE(agrees({"            \"n\": 01"}));
    CHECK_FALSE(agrees({"            \"n\": 1."}));
    CHECK_FALSE(agrees({"            \"b\": tru"}));
    CHECK_FALSE(agrees({"            \"b\": yes"}));
    // A tab: YAML's flow rules, not JSON's.
    CHECK_FALSE(agrees({"            \"a\":\t1"}));
    // Duplicate and merge keys: the one-pass parse has rules and diagnostics for them.
    CHECK_FALSE(agrees({"            \"a\": 1, \"a\": 2"}));
    CHECK_FALSE(agrees({"            \"<<\": {\"a\": 1}"}));
    // Invalid JSON.
    CHECK_FALSE(agrees({"            \"a\": [1, 2"}));
    CHECK_FALSE(agrees({"            \"a\": 1,"}));
    CHECK_FALSE(agrees({"            a: 1"}));
    // A string value followed by `:`: On-Demand's lenient skip over an unconsumed value
    // took it for a key, and these passed as valid (the loader fuzzer's finding).
    CHECK_FALSE(agrees({"            \"a\": \"b\": \"c\""}));
    CHECK_FALSE(agrees({"            \"r\": \"{x\": {\"cpu\": \"4\"}}"}));
    CHECK_FALSE(agrees({"            \"s\": [\"a\": 1]"}));
    // An item text that closes the array early and opens another.
    CHECK_FALSE(agrees({k_plain + "}], [{\"x\": 1"}));
    // A null item has no position of its own in the one-pass parse.
    {
        std::string text = json_list({k_plain});
        std::string wrapped = "[\nnull\n]";
        std::vector<yaml::Node> nodes;
        REQUIRE(yaml::parse_json_items(7, wrapped, 2, 1, LoadOptions{}, nodes));
        REQUIRE(nodes.size() == 1);
        CHECK(nodes[0].is_null());  // list_parallel refuses such a batch, as it did before
    }
}

TEST_CASE("what YAML reads otherwise than JSON is refused in the position pass", "[model][loader][json]") {
    // No separate scan for these any more: the pass that counts positions refuses them,
    // in the last string of the batch as well (after the last node's position).
    CHECK_FALSE(agrees({"            \"a\": 1,\r            \"b\": 2"}));           // a bare CR between tokens
    CHECK_FALSE(agrees({"            \"s\": \"a\xC2\x85" "b\""}));                  // NEL in a string
    CHECK_FALSE(agrees({"            \"s\": \"a\xE2\x80\xA8" "b\", \"t\": 1"}));    // LS
    CHECK_FALSE(agrees({"            \"t\": 1, \"s\": \"a\xE2\x80\xA9" "b\""}));    // PS, in the last string
    CHECK_FALSE(agrees({"            \"a\":\t1"}));                                   // a tab
    CHECK_FALSE(agrees({std::string("            \"a\": \"x\0y\"", 22)}));          // a NUL
    // What only looks like them is taken: CRLF line ends, U+00C5 (C3 85), U+20AC (E2 82 AC),
    // and the YAML anchor and alias characters inside strings.
    CHECK(agrees({"            \"a\": 1,\r\n            \"b\": 2"}));
    CHECK(agrees({"            \"s\": \"\xC3\x85\xE2\x82\xAC\", \"t\": \"\xC3\x85\""}));
    CHECK(agrees({"            \"a\": \"&x *y\", \"b\": [\"&z\", \"*\"]"}));
}

TEST_CASE("limits decline exactly where the one-pass parse would stop", "[model][loader][json]") {
    const std::string deep = "            \"d\": {\"a\": {\"b\": {\"c\": {\"d\": 1}}}}";
    LoadOptions opt;
    for (std::size_t depth = 3; depth <= 9; ++depth) {
        opt.max_depth = depth;
        INFO("max_depth " << depth);
        std::string text = json_list({deep});
        bool one_pass_ok = one_pass(text, opt).diags == 0;
        CHECK(agrees({deep}, opt) == one_pass_ok);
    }
    opt = {};
    for (std::size_t nodes = 8; nodes <= 16; ++nodes) {
        opt.max_nodes = nodes;
        INFO("max_nodes " << nodes);
        bool one_pass_ok = one_pass(json_list({deep}), opt).diags == 0;
        CHECK(agrees({deep}, opt) == one_pass_ok);
    }
    opt = {};
    const std::string wide = "            \"a\": 1, \"b\": 2, \"c\": 3, \"d\": 4";
    for (std::size_t keys = 2; keys <= 6; ++keys) {
        opt.max_mapping_keys = keys;
        INFO("max_mapping_keys " << keys);
        bool one_pass_ok = one_pass(json_list({wide}), opt).diags == 0;
        CHECK(agrees({wide}, opt) == one_pass_ok);
    }
}

TEST_CASE("a JSON export loads through simdjson with the one-pass positions", "[model][loader][json]") {
    std::vector<std::string> bodies;
    for (int i = 0; i < 40; ++i) {
        bodies.push_back("            \"apiVersion\": \"kueue.x-k8s.io/v1beta2\",\n"
                         "            \"kind\": \"Workload\",\n"
                         "            \"metadata\": {\"name\": \"wl-" + std::to_string(i) +
                         "\", \"namespace\": \"team-a\"},\n"
                         "            \"spec\": {\"queueName\": \"lq\", \"podSets\": [{\"count\": 1, \"name\": \"main\",\n"
                         "                \"template\": {\"spec\": {\"containers\": [{\"name\": \"c\",\n"
                         "                \"resources\": {\"requests\": {\"cpu\": " +
                         std::string(i == 17 ? "\"lots\"" : "\"8\"") + "}}}]}}}]}");
    }
    std::string text = json_list(bodies);
    auto load = [&](bool parallel) {
        LoadOptions opt;
        opt.parallel_lists = parallel;
        opt.list_batch_bytes = 600;
        Cluster c;
        DiagSink diags;
        load_text("export.json", text, c, diags, opt);
        std::vector<std::string> out;
        for (const Diagnostic& d : diags.items()) {
            out.push_back(format_diagnostic(c.files, d, false));
        }
        out.push_back(std::to_string(c.workloads.size()) + " workloads");
        return out;
    };
    auto reference = load(false);
    REQUIRE(reference.size() == 2);  // the bad quantity, named at its file:line:col
    CHECK(reference[0].rfind("export.json:", 0) == 0);
    CHECK(load(true) == reference);
}

TEST_CASE("a large List tells its item count before its first item", "[model][loader][json]") {
    // The loader reserves Cluster::workloads from this count (loader.cpp).
    std::string text = json_list({k_plain, k_plain, k_plain, k_plain, k_plain});
    LoadOptions opt;
    opt.list_batch_bytes = 100;
    DiagSink diags;
    std::vector<std::size_t> told;
    std::size_t objects = 0;
    std::size_t objects_when_told = 99;
    parse_objects(
        7, text, diags, opt, [&](yaml::Node&&) { ++objects; },
        [&](std::size_t items) {
            told.push_back(items);
            objects_when_told = objects;
        });
    CHECK(told == std::vector<std::size_t>{5});
    CHECK(objects_when_told == 0);
    CHECK(objects == 5);
    // A text below the batch size is never cut into items: no count, and the same objects.
    told.clear();
    objects = 0;
    opt.list_batch_bytes = text.size();
    parse_objects(7, text, diags, opt, [&](yaml::Node&&) { ++objects; }, [&](std::size_t n) { told.push_back(n); });
    CHECK(told.empty());
    CHECK(objects == 5);
    CHECK(diags.items().empty());
}
