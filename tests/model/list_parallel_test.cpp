// The two-thread path for large List exports: batches of items parsed apart must
// give exactly the one-pass parse's objects (every position included), diagnostics
// and order, and every doubtful layout must fall back to the one-pass parse.
#include "model/loader.h"
#include "model/yaml/list_layout.h"
#include "model/yaml/list_parallel.h"
#include "tree_dump.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using namespace kg::model;

namespace {

using kg::test::dump_tree;

struct Parsed {
    std::vector<std::string> objects;
    std::vector<std::string> diags;
};

// Parses with the two-thread path on (tiny batches, so even a short text is cut into
// many) or off.
Parsed parse(const std::string& text, bool parallel, std::size_t batch_bytes = 1, std::size_t max_depth = 256) {
    LoadOptions opt;
    opt.parallel_lists = parallel;
    opt.list_batch_bytes = batch_bytes;
    opt.max_depth = max_depth;
    Parsed p;
    DiagSink diags;
    parse_objects(7, text, diags, opt, [&](yaml::Node&& n) {
        std::string s;
        dump_tree(n, s);
        p.objects.push_back(std::move(s));
    });
    for (const Diagnostic& d : diags.items()) {
        p.diags.push_back(std::to_string(d.pos.line) + ":" + std::to_string(d.pos.col) + ": " + d.message);
    }
    return p;
}

// Loads into a Cluster (decoders included) and returns the formatted diagnostics.
std::vector<std::string> load_diags(const std::string& text, bool parallel, std::size_t* workloads = nullptr) {
    LoadOptions opt;
    opt.parallel_lists = parallel;
    opt.list_batch_bytes = 300;
    Cluster c;
    DiagSink diags;
    load_text("export.yaml", text, c, diags, opt);
    std::vector<std::string> out;
    for (const Diagnostic& d : diags.items()) {
        out.push_back(format_diagnostic(c.files, d, false));
    }
    if (workloads) {
        *workloads = c.workloads.size();
    }
    return out;
}

std::string workload_yaml(int i, const std::string& cpu = "\"8\"") {
    std::string n = std::to_string(i);
    return "- apiVersion: kueue.x-k8s.io/v1beta2\n"
           "  kind: Workload\n"
           "  metadata:\n"
           "    name: wl-" + n + "\n"
           "    namespace: team-a\n"
           "  spec:\n"
           "    queueName: lq\n"
           "    podSets:\n"
           "    - count: 1\n"
           "      name: main\n"
           "      template:\n"
           "        spec:\n"
           "          containers:\n"
           "          - name: c\n"
           "            resources:\n"
           "              requests:\n"
           "                cpu: " + cpu + "\n"
           "  status:\n"
           "    conditions:\n"
           "    - type: QuotaReserved\n"
           "      status: \"True\"\n";
}

// A kubectl-shaped YAML List export; `item(i)` may override single items.
template <class F>
std::string yaml_list(int count, F item) {
    std::string s = "apiVersion: v1\nitems:\n";
    for (int i = 0; i < count; ++i) {
        s += item(i);
    }
    return s + "kind: List\nmetadata:\n  resourceVersion: \"\"\n";
}

std::string yaml_list(int count) {
    return yaml_list(count, [](int i) { return workload_yaml(i); });
}

std::string workload_json(int i, bool last, const std::string& cpu = "\"8\"") {
    std::string n = std::to_string(i);
    return "        {\n"
           "            \"apiVersion\": \"kueue.x-k8s.io/v1beta2\",\n"
           "            \"kind\": \"Workload\",\n"
           "            \"metadata\": {\n"
           "                \"name\": \"wl-" + n + "\",\n"
           "                \"namespace\": \"team-a\"\n"
           "            },\n"
           "            \"spec\": {\n"
           "                \"podSets\": [\n"
           "                    {\n"
           "                        \"count\": 1,\n"
           "                        \"name\": \"main\",\n"
           "                        \"template\": {\"spec\": {\"containers\": [{\"name\": \"c\",\n"
           "                            \"resources\": {\"requests\": {\"cpu\": " + cpu + "}}}]}}\n"
           "                    }\n"
           "                ],\n"
           "                \"queueName\": \"lq\"\n"
           "            }\n"
           "        }" + (last ? "\n" : ",\n");
}

template <class F>
std::string json_list(int count, F item) {
    std::string s = "{\n    \"apiVersion\": \"v1\",\n    \"items\": [\n";
    for (int i = 0; i < count; ++i) {
        s += item(i, i + 1 == count);
    }
    return s + "    ],\n    \"kind\": \"List\",\n    \"metadata\": {\n        \"resourceVersion\": \"\"\n    }\n}\n";
}

std::string json_list(int count) {
    return json_list(count, [](int i, bool last) { return workload_json(i, last); });
}

// One item per line, as `jq -c` or a script writing json.dumps per item prints a List.
std::string workload_json_line(int i, const std::string& cpu = "\"8\"") {
    std::string n = std::to_string(i);
    return "{\"apiVersion\": \"kueue.x-k8s.io/v1beta2\", \"kind\": \"Workload\", \"metadata\": {\"name\": \"wl-" + n +
           "\", \"namespace\": \"team-a\"}, \"spec\": {\"podSets\": [{\"count\": 1, \"name\": \"main\", \"template\": "
           "{\"spec\": {\"containers\": [{\"name\": \"c\", \"resources\": {\"requests\": {\"cpu\": " + cpu +
           "}}}]}}}], \"queueName\": \"lq\"}}";
}

template <class F>
std::string json_lines_list(int count, F item) {
    std::string s = "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [\n";
    for (int i = 0; i < count; ++i) {
        s += item(i) + (i + 1 == count ? "\n" : ",\n");
    }
    return s + "]}\n";
}

std::string json_lines_list(int count) {
    return json_lines_list(count, [](int i) { return workload_json_line(i); });
}

// The two paths agree on everything, and (when `expect_parallel`) the text really
// took the two-thread path to its end.
void check_same(const std::string& text, bool expect_parallel, std::size_t batch_bytes = 1,
                std::size_t max_depth = 256) {
    Parsed one = parse(text, false, batch_bytes, max_depth);
    Parsed two = parse(text, true, batch_bytes, max_depth);
    CHECK(two.objects == one.objects);
    CHECK(two.diags == one.diags);
    auto layout = yaml::find_list_layout(text);
    bool complete = false;
    if (layout) {
        LoadOptions opt;
        opt.list_batch_bytes = batch_bytes;
        opt.max_depth = max_depth;
        complete = yaml::parse_list_parallel(7, {text, 0}, *layout, opt, [](yaml::Node&&) {}).complete;
    }
    CHECK(complete == expect_parallel);
}

// The trees (positions included) are the same on both paths, and the two-thread path
// answered for the whole text (batches of 300 bytes, as load_diags cuts them).
bool check_same_trees(const std::string& text) {
    Parsed one = parse(text, false, 300);
    Parsed two = parse(text, true, 300);
    CHECK(two.objects == one.objects);
    auto layout = yaml::find_list_layout(text);
    LoadOptions opt;
    opt.list_batch_bytes = 300;
    return layout && yaml::parse_list_parallel(7, {text, 0}, *layout, opt, [](yaml::Node&&) {}).complete;
}

}  // namespace

TEST_CASE("List layouts are found only where kubectl's shape is certain", "[model][loader][parallel]") {
    auto y = yaml::find_list_layout(yaml_list(3));
    REQUIRE(y);
    CHECK_FALSE(y->json);
    CHECK(y->items_line == 1);
    REQUIRE(y->items.size() == 3);
    CHECK(y->items[0].line == 2);
    CHECK(y->items[1].line == 23);
    CHECK(y->wrapper == "apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: \"\"\n");

    auto j = yaml::find_list_layout(json_list(2));
    REQUIRE(j);
    CHECK(j->json);
    CHECK(j->items_line == 2);
    REQUIRE(j->items.size() == 2);
    CHECK(j->items[1].line == 3 + 19);
    CHECK(json_list(2).substr(j->items[0].end - 1, 2) == "},");
    CHECK(j->wrapper == "{\n    \"apiVersion\": \"v1\",\n    \"items\": [\n    ],\n    \"kind\": \"List\",\n"
                        "    \"metadata\": {\n        \"resourceVersion\": \"\"\n    }\n}\n");

    CHECK_FALSE(yaml::find_list_layout("apiVersion: v1\nitems: [{a: 1}, {a: 2}]\nkind: List\n"));
    CHECK_FALSE(yaml::find_list_layout("apiVersion: v1\nitems:\n  - a: 1\n  - a: 2\nkind: List\n"));
    CHECK_FALSE(yaml::find_list_layout("%YAML 1.2\nitems:\n- a: 1\n"));
    CHECK_FALSE(yaml::find_list_layout("{\"items\": [{\"a\": 1}, {\"a\": 2}], \"kind\": \"List\"}"));

    auto c = yaml::find_list_layout(json_lines_list(3));
    REQUIRE(c);
    CHECK(c->json);
    CHECK(c->items_line == 0);
    REQUIRE(c->items.size() == 3);
    CHECK(c->items[2].line == 3);
    CHECK(json_lines_list(3).substr(c->items[0].end - 2, 3) == "}},");
    CHECK(c->wrapper == "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [\n]}\n");
    // An `items` key after a brace may belong to a nested mapping: no layout.
    CHECK_FALSE(yaml::find_list_layout("{\"metadata\": {\"items\": [\n{\"a\": 1}\n]}}\n"));
    // An item running over two lines is not the one-line layout.
    CHECK_FALSE(yaml::find_list_layout("{\"kind\": \"List\", \"items\": [\n{\"a\": 1,\n\"b\": 2}\n]}\n"));
    CHECK_FALSE(yaml::find_list_layout("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n"));
}

TEST_CASE("a JSON item ends at the first line that is its indentation and a closing brace",
          "[model][loader][parallel]") {
    // find_list_layout jumps from `}` to `}` instead of walking every line: each item
    // must still end at the first line that is exactly its indentation then `}` or
    // `},`, with every line number counted, whatever braces, long lines and near misses
    // (deeper or shallower braces, a trailing space or carriage return) come before it.
    std::string filler(200, 'x');
    auto item = [&](int i, bool last) {
        std::string n = std::to_string(i);
        std::string lines;
        for (int k = 0; k < i % 5; ++k) {
            lines += "            \"f" + std::to_string(k) + "\": {\"g\": \"" + filler.substr(0, 37 * k) + "}\"\n"
                     "            },\n";
        }
        return "        {\n" + lines +
               "            \"a\": {\"b\": [{\"c\": 1}\n"
               "         }  ,\n"
               "       },\n"
               "        } \n"
               "        },x\n"
               "        }\r\n"
               "            ]}, \"n\": \"" + n + "\"\n"
               "        }" + (last ? "\n" : ",\n");
    };
    for (int count : {1, 2, 7, 40}) {
        std::string text = json_list(count, item);
        auto layout = yaml::find_list_layout(text);
        REQUIRE(layout);
        REQUIRE(layout->items.size() == static_cast<std::size_t>(count));
        for (const auto& span : layout->items) {
            std::string_view body = std::string_view(text).substr(span.begin, span.end - span.begin);
            CHECK(body.substr(0, 10) == "        {\n");
            CHECK(body.substr(body.size() - 10) == "\n        }");
            // No line in between closes the item.
            CHECK(body.substr(10, body.size() - 20).find("\n        }\n") == std::string_view::npos);
            CHECK(body.substr(10, body.size() - 20).find("\n        },\n") == std::string_view::npos);
            CHECK(span.line == std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(span.begin), '\n'));
        }
    }
    // No closing line at the item's indentation: no layout.
    CHECK_FALSE(yaml::find_list_layout("{\n    \"items\": [\n        {\n            \"a\": 1\n        } \n    ]\n}\n"));
    CHECK_FALSE(yaml::find_list_layout("{\n    \"items\": [\n        {\n            \"a\": 1\n         }\n    ]\n}\n"));
    // The closing brace as the text's last byte.
    CHECK_FALSE(yaml::find_list_layout("{\n    \"items\": [\n        {\n            \"a\": 1\n        }"));
}

TEST_CASE("context-dependent syntax keeps a batch out of the two-thread path", "[model][loader][parallel]") {
    CHECK(yaml::has_context_dependent_syntax("a: &x 1\n"));
    CHECK(yaml::has_context_dependent_syntax("a: *x\n"));
    CHECK(yaml::has_context_dependent_syntax("- [*x]\n"));
    CHECK(yaml::has_context_dependent_syntax("a: 1\rb: 2\n"));
    CHECK(yaml::has_context_dependent_syntax("a: x\xC2\x85y\n"));
    CHECK(yaml::has_context_dependent_syntax("a: x\xE2\x80\xA8y\n"));
    CHECK(yaml::has_context_dependent_syntax(std::string_view("a: x\0y\n", 7)));
    CHECK_FALSE(yaml::has_context_dependent_syntax("a: \"Q&A\"\nb: 2*3\r\nc: \xC3\x85\n"));
}

TEST_CASE("items cut into batches give the one-pass objects, positions and order", "[model][loader][parallel]") {
    SECTION("YAML, one item per batch") { check_same(yaml_list(12), true); }
    SECTION("YAML, several items per batch") { check_same(yaml_list(40), true, 2000); }
    SECTION("JSON, one item per batch") { check_same(json_list(12), true); }
    SECTION("JSON, several items per batch") { check_same(json_list(40), true, 3000); }
    SECTION("JSON one item per line, one item per batch") { check_same(json_lines_list(12), true); }
    SECTION("JSON one item per line, several items per batch") { check_same(json_lines_list(40), true, 1500); }
    SECTION("JSON one item per line, the items key not last on its line") {
        std::string t = json_lines_list(6);
        t.replace(t.find("\"items\": [\n"), 11, "\"items\": [ \n");  // trailing blank: still the layout
        check_same(t, true);
    }
    SECTION("comments and blank lines between items") {
        check_same(yaml_list(6, [](int i) { return workload_yaml(i) + "# after " + std::to_string(i) + "\n\n"; }),
                   true);
    }
    SECTION("block scalars with blank lines inside an item") {
        check_same(yaml_list(6, [](int i) {
                       return workload_yaml(i) + "  note: |\n    line one\n\n    line three\n";
                   }),
                   true);
    }
    SECTION("CRLF line ends") {
        std::string t = yaml_list(6), crlf;
        for (char c : t) {
            crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        }
        check_same(crlf, false);  // `items:\r` is not kubectl's layout: the one-pass parse
    }
    SECTION("a stream with the List as its second document") {
        std::string first = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n";
        std::string t = first + "---\n" + yaml_list(8);
        check_same(t, false);  // the whole stream is not one List; its second document is:
        std::string_view second = std::string_view(t).substr(first.size());
        auto layout = yaml::find_list_layout(second);
        REQUIRE(layout);
        LoadOptions opt;
        opt.list_batch_bytes = 1;
        std::vector<std::string> lines;
        auto r = yaml::parse_list_parallel(7, {second, 4}, *layout, opt, [&](yaml::Node&& n) {
            lines.push_back(std::to_string(n.pos.line) + ":" + std::to_string(n.pos.col));
        });
        CHECK(r.complete);
        CHECK(r.handed == 8);
        CHECK(lines == std::vector<std::string>{"8:3", "29:3", "50:3", "71:3", "92:3", "113:3", "134:3", "155:3"});
    }
}

TEST_CASE("an error in a later batch is reported where the one-pass parse reports it", "[model][loader][parallel]") {
    SECTION("YAML syntax error in item 7") {
        std::string t = yaml_list(12, [](int i) {
            return i == 7 ? workload_yaml(i, "\"8") + "  x: [\n" : workload_yaml(i);
        });
        Parsed one = parse(t, false);
        REQUIRE(one.diags.size() == 1);
        check_same(t, false);
    }
    SECTION("YAML duplicate key in item 9") {
        std::string t = yaml_list(12, [](int i) { return workload_yaml(i) + (i == 9 ? "  kind: Again\n" : ""); });
        Parsed one = parse(t, false);
        REQUIRE(one.diags.size() == 1);
        CHECK(one.diags[0].rfind("213:3: mapping key \"kind\" already defined", 0) == 0);
        check_same(t, false);
    }
    SECTION("JSON syntax error in item 5") {
        std::string t = json_list(9, [](int i, bool last) {
            std::string s = workload_json(i, last);
            return i == 5 ? s.replace(s.find("\"lq\""), 4, "]") : s;
        });
        Parsed one = parse(t, false);
        REQUIRE(one.diags.size() == 1);
        check_same(t, false);
    }
    SECTION("JSON one item per line, syntax error in item 5") {
        std::string t = json_lines_list(9, [](int i) {
            std::string s = workload_json_line(i);
            return i == 5 ? s.replace(s.find("\"lq\""), 4, "]") : s;
        });
        Parsed one = parse(t, false);
        REQUIRE(one.diags.size() == 1);
        CHECK(one.diags[0].rfind("7:", 0) == 0);
        check_same(t, false);
    }
    SECTION("JSON one item per line, an item that is two objects") {
        std::string t = json_lines_list(6, [](int i) {
            return i == 2 ? workload_json_line(i) + ", " + workload_json_line(100) : workload_json_line(i);
        });
        check_same(t, false);
        CHECK(parse(t, true).objects.size() == 7);
    }
    SECTION("JSON one item per line, a List nested in an item") {
        std::string t = json_lines_list(6, [](int i) {
            return i == 3 ? std::string("{\"kind\": \"List\", \"items\": [{\"a\": 1}]}") : workload_json_line(i);
        });
        check_same(t, true);
    }
    SECTION("nesting too deep in item 4 only") {
        std::string t = yaml_list(8, [](int i) {
            return workload_yaml(i) + (i == 4 ? "  deep: {a: {b: {c: {d: {e: {f: {g: {h: {i: {j: 1}}}}}}}}}}\n" : "");
        });
        Parsed one = parse(t, false, 1, 12);
        REQUIRE(one.diags.size() == 1);
        check_same(t, false, 1, 12);
        check_same(yaml_list(8), true, 1, 12);  // the same limit, nothing too deep: two threads
    }
    SECTION("decode errors keep their file:line:col and order") {
        std::string t = yaml_list(30, [](int i) { return workload_yaml(i, i % 7 == 3 ? "lots" : "\"8\""); });
        std::size_t wl_one = 0, wl_two = 0;
        auto one = load_diags(t, false, &wl_one);
        REQUIRE(one.size() == 4);
        CHECK(one[0].rfind("export.yaml:82:22: ", 0) == 0);
        for (int run = 0; run < 5; ++run) {
            CHECK(load_diags(t, true, &wl_two) == one);
            CHECK(wl_two == wl_one);
        }
    }
    SECTION("decode errors in a one-item-per-line JSON export keep their file:line:col") {
        std::string t = json_lines_list(30, [](int i) { return workload_json_line(i, i % 7 == 3 ? "\"lots\"" : "\"8\""); });
        std::size_t wl_one = 0, wl_two = 0;
        auto one = load_diags(t, false, &wl_one);
        REQUIRE(one.size() == 4);
        // Item 3 is on line 5; its cpu value's opening quote is at column 250.
        CHECK(one[0].rfind("export.yaml:5:250: ", 0) == 0);
        for (int run = 0; run < 5; ++run) {
            CHECK(load_diags(t, true, &wl_two) == one);
            CHECK(wl_two == wl_one);
        }
    }
}

TEST_CASE("doubtful Lists fall back to the one-pass parse and still load", "[model][loader][parallel]") {
    SECTION("an anchor in one item and its alias in a later one") {
        std::string t = yaml_list(10, [](int i) {
            std::string s = workload_yaml(i);
            if (i == 1) s += "  extra: &shared {team: a}\n";
            if (i == 8) s += "  extra: *shared\n";
            return s;
        });
        Parsed one = parse(t, false);
        CHECK(one.diags.empty());
        CHECK(one.objects.size() == 10);
        check_same(t, false);
    }
    SECTION("flow-style items") {
        std::string t = "apiVersion: v1\nkind: List\nitems: [{apiVersion: v1, kind: Namespace, metadata: {name: a}},\n"
                        "  {apiVersion: v1, kind: Namespace, metadata: {name: b}}]\n";
        check_same(t, false);
        CHECK(parse(t, true).objects.size() == 2);
    }
    SECTION("a non-List kind before the items keeps them inside the object") {
        std::string t = "apiVersion: v1\nkind: Bag\nitems:\n- a: 1\n- a: 2\n- a: 3\n";
        check_same(t, false);
        CHECK(parse(t, true).objects.size() == 1);
    }
    SECTION("a List wrapper with other keys is an object of its own") {
        std::string t = "apiVersion: v1\nitems:\n- a: 1\n- a: 2\n- a: 3\nkind: PriceList\ncurrency: EUR\n";
        check_same(t, false);
        CHECK(parse(t, true).objects.size() == 4);
    }
    SECTION("a quoted scalar running over a line that looks like an item") {
        std::string t = "apiVersion: v1\nitems:\n- a: \"one\n- two\"\n- a: 3\nkind: List\n";
        check_same(t, false);
    }
    SECTION("a broken trailer after the items") {
        check_same(yaml_list(5) + "metadata: again\n", false);
    }
    SECTION("a NUL byte in an item skips the document with its position, on both paths") {
        std::string t = yaml_list(8, [](int i) { return workload_yaml(i) + (i == 2 ? std::string("  x: 1\0\n", 8) : ""); });
        Parsed one = parse(t, false);
        CHECK(one.objects.empty());  // libfyaml would stop reading at the NUL: nothing after it is lost silently
        REQUIRE(one.diags.size() == 1);
        std::size_t line = 1 + static_cast<std::size_t>(std::count(t.begin(), t.begin() + static_cast<long>(t.find('\0')), '\n'));
        CHECK(one.diags[0] == std::to_string(line) +
                                  ":7: NUL byte: expected YAML or JSON text, which never holds one; this document is skipped");
        check_same(t, false);
    }
    SECTION("invalid UTF-8 in a later item skips the document as before") {
        std::string t = yaml_list(8, [](int i) { return workload_yaml(i) + (i == 6 ? "  x: \"\xFF\"\n" : ""); });
        Parsed two = parse(t, true);
        CHECK(two.objects.empty());
        REQUIRE(two.diags.size() == 1);
        check_same(t, false);
    }
}

TEST_CASE("every loader fuzz seed reads the same on both paths", "[model][loader][parallel]") {
    // The fuzzer's differential check, replayed in every build over its seeds and
    // regressions (the fuzzer itself needs clang; this runs under GCC and the sanitizers).
    namespace fs = std::filesystem;
    std::size_t seeds = 0;
    for (const auto& e : fs::directory_iterator(KG_SOURCE_DIR "/testdata/fuzz/loader")) {
        std::ifstream in(e.path(), std::ios::binary);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        INFO(e.path().filename().string());
        for (std::size_t batch : {std::size_t{1}, std::size_t{64}}) {
            Parsed one = parse(text, false, batch);
            Parsed two = parse(text, true, batch);
            CHECK(two.objects == one.objects);
            CHECK(two.diags == one.diags);
        }
        ++seeds;
    }
    CHECK(seeds >= 10);
}

// Errors at known places of a pretty-printed JSON export (kubectl's layout, 19 lines an
// item, item i from line 4 + 19 i), loaded through the simdjson batches and through the
// one-pass parse: the same diagnostics, each at the file:line:col worked out by hand.
TEST_CASE("JSON export errors keep their file:line:col on the simdjson path", "[model][loader][parallel][json]") {
    auto with = [](int at, auto edit) {
        return json_list(40, [&](int i, bool last) {
            std::string s = workload_json(i, last);
            if (i == at) {
                edit(s);
            }
            return s;
        });
    };
    auto same_on_both_paths = [](const std::string& t) {
        std::size_t wl_one = 0, wl_two = 0;
        auto one = load_diags(t, false, &wl_one);
        CHECK(load_diags(t, true, &wl_two) == one);
        CHECK(wl_two == wl_one);
        return one;
    };
    SECTION("a bad type deep in item 23 (podSets[0].count a string)") {
        auto t = with(23, [](std::string& s) { s.replace(s.find("\"count\": 1"), 10, "\"count\": \"two\""); });
        CHECK(check_same_trees(t));
        auto d = same_on_both_paths(t);
        REQUIRE(d.size() >= 1);
        // Line 14 + 19 * 23; the value's opening quote after 24 spaces and `"count": `.
        CHECK(d[0].rfind("export.yaml:451:34: error: podSets.count: expected an integer", 0) == 0);
    }
    SECTION("a duplicate key in item 17's metadata") {
        auto t = with(17, [](std::string& s) {
            s.replace(s.find("\"namespace\""), 11, "\"name\": \"again\",\n                \"namespace\"");
        });
        auto d = same_on_both_paths(t);
        REQUIRE(d.size() == 1);
        // Line 4 + 19 * 17 + 5, where the second "name" key opens after 16 spaces.
        CHECK(d[0] == "export.yaml:332:17: error: mapping key \"name\" already defined at 331:17");
    }
    SECTION("an invalid UTF-8 byte in item 31's name") {
        auto t = with(31, [](std::string& s) { s.replace(s.find("wl-"), 3, "wl-\xFF"); });
        auto d = same_on_both_paths(t);
        REQUIRE(d.size() == 1);
        // Line 8 + 19 * 31; after 16 spaces, `"name": "` and `wl-`.
        CHECK(d[0].rfind("export.yaml:597:29: error: invalid UTF-8 byte 0xFF", 0) == 0);
    }
    SECTION("a file cut off in item 35") {
        std::string full = json_list(40);
        std::string t = full.substr(0, full.find("\"wl-35\"") + 4);  // ends inside the string "wl-35"
        auto d = same_on_both_paths(t);
        REQUIRE(d.size() == 1);
        // The last line (8 + 19 * 35), just inside the unterminated string that opens
        // after 16 spaces and `"name": ` (libfyaml's position for it).
        CHECK(d[0].rfind("export.yaml:673:26: error: invalid YAML: double-quoted scalar without", 0) == 0);
    }
}
