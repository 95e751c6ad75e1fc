// The fast reader for plain YAML documents (model/yaml/simple_block) must build
// exactly the trees libfyaml's parse builds, every position included, and decline
// whatever it cannot vouch for, so libfyaml decides (and reports) instead. Each case
// runs the loader's front end twice, with the fast reader on and off.
#include "model/loader.h"
#include "model/yaml/simple_block.h"
#include "tree_dump.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <random>
#include <string>
#include <vector>

using namespace kg::model;
using kg::test::dump_tree;

namespace {

struct Parsed {
    std::vector<std::string> objects;
    std::vector<std::string> diags;
};

Parsed front_end(const std::string& text, bool simple, const LoadOptions& base = {}) {
    LoadOptions opt = base;
    opt.simple_block = simple;
    Parsed out;
    DiagSink diags;
    parse_objects(3, text, diags, opt, [&](yaml::Node&& n) {
        std::string s;
        dump_tree(n, s);
        out.objects.push_back(std::move(s));
    });
    for (const auto& d : diags.items()) {
        out.diags.push_back(std::to_string(d.pos.line) + ":" + std::to_string(d.pos.col) + " " + d.message);
    }
    return out;
}

// Whether the fast reader answers for the one document `text` (starting on line 5).
bool answers(const std::string& text, const LoadOptions& opt = {}) {
    yaml::Node root;
    return yaml::parse_simple_block(3, {text, 4}, opt, root);
}

// Holds the two paths to the same objects and diagnostics; when the fast reader
// answers for `text` (one document), libfyaml must have had nothing to say.
bool agrees(const std::string& text, const LoadOptions& opt = {}) {
    Parsed reference = front_end(text, false, opt);
    Parsed mine = front_end(text, true, opt);
    CHECK(mine.objects == reference.objects);
    CHECK(mine.diags == reference.diags);
    bool answered = answers(text, opt);
    if (answered) {
        CHECK(reference.diags.empty());
    }
    return answered;
}

const char* const k_cluster_queue = R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: cq-0000
  labels:
    "team.example.com/owner": a
spec:
  cohortName: dept-040
  namespaceSelector:
    matchLabels:
      tenant: tenant-0
  fairSharing:
    weight: "1"
  resourceGroups:
  - coveredResources: ["cpu", "memory"]
    flavors:
    - name: cpu-ondemand
      resources:
      - {name: cpu, nominalQuota: "64", borrowingLimit: '32'}
      - {name: memory, nominalQuota: 256Gi, lendingLimit: "64Gi"}
  - coveredResources: ["nvidia.com/gpu"]
    flavors:
    - name: h100
      resources:
      - {name: "nvidia.com/gpu", nominalQuota: "8"}
)";

}  // namespace

TEST_CASE("simple_block: Kubernetes-shaped documents give libfyaml's trees", "[model][yaml]") {
    CHECK(agrees(k_cluster_queue));
    CHECK(agrees(std::string("---\n") + k_cluster_queue));
    CHECK(agrees(std::string("---   \n") + k_cluster_queue + "\n\n"));
    // Comments, blank lines, empty values, a sequence at its key's column and one indented.
    CHECK(agrees("# head\nkind: Job   # trailing\nmetadata:\n\n  name: x#y\n  # inside\n  empty:\n"
                 "  annotations: {}\n  list: []\nspec:\n    containers:\n      - name: a\n        image: r/i:1.0\n"
                 "      - name: b\n    args:\n    - one\n    - \"two\"\n    - 'three'\n    - 3.5\n"));
    // Quoted keys first in a mapping, in a sequence item and in a flow mapping.
    CHECK(agrees("\"a\": 1\n'b': x\nc:\n  - \"k\": v\n    l: w\n  - {\"m\": n, 'o': p, q: [1, 2, [3]]}\n"));
    // Plain values with the characters YAML allows inside them.
    CHECK(agrees("a: b c, d? e! f& g* h% i> j< k= l;m:n\nts: 2026-11-20T00:00:00Z\nurl: http://x.example/y\n"
                 "neg: -5\ndots: ...x\ntilde: ~\nnull1: null\nnull2: Null\nnull3: NULL\nhash: a#b\n"));
    // A root mapping indented, and an empty document.
    CHECK(agrees("  a: 1\n  b: 2\n"));
    CHECK(agrees("---\n# nothing here\n"));
    CHECK(agrees(""));
}

TEST_CASE("simple_block: positions of every node kind", "[model][yaml]") {
    LoadOptions opt;
    yaml::Node root;
    std::string text = "---\nm:\n  - k: \"v\"\n    f: {x: 'y'}\n  - [a, \"b\"]\ne:\n";
    REQUIRE(yaml::parse_simple_block(1, {text, 9}, opt, root));
    std::string dump;
    dump_tree(root, dump);
    // Line 11 is the chunk's second line (first_line 9, 0-based): the `---` is line 10.
    CHECK(dump.find("11:1 m:") != std::string::npos);
    CHECK(root.pos.line == 11);
    const yaml::Node* m = root.get("m");
    REQUIRE(m);
    CHECK(m->pos.line == 12);
    CHECK(m->pos.col == 3);                      // the first `-`
    CHECK(m->items[0].pos.col == 5);             // the compact mapping sits at its first key
    CHECK(m->items[0].get("k")->pos.col == 8);   // a quoted scalar at its opening quote
    CHECK(m->items[0].get("f")->pos.col == 8);   // a flow mapping at its brace
    CHECK(root.get("e")->is_null());
    CHECK(root.get("e")->pos == root.entry("e")->key_pos);  // an empty value at its key
    CHECK(agrees(text));
}

TEST_CASE("simple_block: declines what it cannot vouch for", "[model][yaml]") {
    // Each is either an error libfyaml reports, or a construct whose meaning the fast
    // reader leaves to libfyaml; the front end's output is libfyaml's either way.
    const std::vector<std::string> declined = {
        "a:\tb\n",                           // tab
        "a: caf\xC3\xA9\n",                  // non-ASCII
        "a: b\r\n",                          // carriage return
        "a: &x b\nc: *x\n",                  // anchor and alias
        "a: !tag b\n",                       // tag
        "a: |\n  text\n",                    // block scalar
        "a: >\n  text\n",                    // folded scalar
        "a: one\n  two\n",                   // multi-line plain scalar
        "a: \"one\n  two\"\n",               // multi-line quoted scalar
        "a: [1,\n  2]\n",                    // multi-line flow sequence
        "a: \"x\\ty\"\n",                    // escape
        "a: 'it''s'\n",                      // doubled single quote
        "a: 1\na: 2\n",                      // duplicate key
        "<<: {a: 1}\nb: 2\n",                // merge key
        "a: {b: 1, b: 2}\n",                 // duplicate key in a flow mapping
        "a: {b: 1,}\n",                      // trailing comma
        "a: [b: 1]\n",                       // single-pair mapping in a flow sequence
        "a: {b}\n",                          // flow mapping entry without a value
        "kind: List\napiVersion: v1\n",      // a List wrapper
        "kind: PodList\nitems: []\n",        // a List wrapper with items
        "items:\n- a: 1\n",                  // streamed items
        "- a\n- b\n",                        // a root sequence
        "just a scalar\n",                   // a root scalar
        "%YAML 1.2\n---\na: 1\n",            // directive
        "a: 1\n...\n",                       // document end marker
        "--- a: 1\n",                        // content on the marker line
        "a: b: c\n",                         // mapping value in a plain scalar
        "a: b\n b2: c\n",                    // stray indentation
        "a:\n  b: 1\n c: 2\n",               // dedent to no level
        "a:\n- b\nc\n",                      // a scalar line among keys
        "a: 1\n- b\n",                       // a sequence entry beside keys
        "a:\n  - b\n   - c\n",               // misaligned sequence
        "- - a\n",                           // nested compact sequence
        "a:\n  -\n  - b\n",                  // empty sequence item
        "? a\n: b\n",                        // complex key
        "a : b\n",                           // space before the colon
        "\"a\":b\n",                         // quoted key without a space
        "a: `b`\n",                          // reserved indicator
        "a: @b\n",                           // reserved indicator
        "a: \"b\"c\n",                       // text after a quoted scalar
        "a: -\n",                            // a lone dash
    };
    for (const std::string& text : declined) {
        INFO(text);
        CHECK_FALSE(agrees(text));
    }
}

TEST_CASE("simple_block: limits are libfyaml's to report, at each boundary", "[model][yaml]") {
    std::string nested = "a:\n  b:\n    c:\n      d: 1\n";  // mappings at depths 0..3
    for (std::size_t depth = 1; depth <= 6; ++depth) {
        LoadOptions opt;
        opt.max_depth = depth;
        INFO("max_depth " << depth);
        bool answered = agrees(nested, opt);
        CHECK(answered == (depth > 3));
    }
    std::string wide = "a: 1\nb: 2\nc: 3\nd: 4\n";  // 9 nodes: the mapping, 4 keys, 4 values
    for (std::size_t n = 7; n <= 11; ++n) {
        LoadOptions opt;
        opt.max_nodes = n;
        INFO("max_nodes " << n);
        agrees(wide, opt);
    }
    for (std::size_t k = 3; k <= 6; ++k) {
        LoadOptions opt;
        opt.max_mapping_keys = k;
        INFO("max_mapping_keys " << k);
        agrees(wide, opt);
        agrees("x: {a: 1, b: 2, c: 3, d: 4}\n", opt);
    }
    CHECK_FALSE(answers(std::string(1001, 'k') + ": v\n"));  // YAML's implicit key length limit
    agrees(std::string(1100, 'k') + ": v\n");
}

TEST_CASE("simple_block: a stream of documents, errors between them", "[model][yaml]") {
    std::string stream = std::string(k_cluster_queue) + "---\na: 1\n---\nb: [unclosed\n---\n" + k_cluster_queue +
                         "---\nc:\td\n---\n";
    agrees(stream);
    Parsed mine = front_end(stream, true);
    CHECK(mine.objects.size() == 4);  // libfyaml takes the tab after `c:` as a separator
    CHECK(mine.diags.size() == 1);    // the unclosed flow sequence
}

// Random documents from a small YAML grammar, then random byte edits: wherever the
// fast reader answers, it must agree with libfyaml; and it must answer for most of
// the unedited ones, or this test would prove nothing.
TEST_CASE("simple_block: differential test on generated and mutated documents", "[model][yaml]") {
    std::mt19937 rng(20261127);
    auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
    const std::vector<std::string> scalars = {"a",    "b-c",   "\"q\"", "'s'",  "1",       "-2",   "3.5",  "~",
                                              "null", "x y",   "\"\"",  "''",   "a:b",     "v#w",  "64Gi", "true",
                                              "t.u/v", "x,y",  "(p)",   "$z",   "\"a: b\"", "'#'",  "=e",   "+1"};
    const std::vector<std::string> keys = {"name", "spec", "a.b/c", "\"k\"", "'l'", "x_1", "null", "~", "m-n"};
    // Keys numbered by their place, so a mapping's keys differ (quoted ones inside the quotes).
    auto key_for = [&](std::size_t i) {
        std::string k = keys[pick(keys.size())];
        return k[0] == '"' || k[0] == '\'' ? k.insert(k.size() - 1, std::to_string(i)) : k + std::to_string(i);
    };
    std::function<void(std::string&, std::size_t, std::size_t)> block;
    std::function<std::string(std::size_t)> flow = [&](std::size_t depth) -> std::string {
        if (depth > 2 || pick(3) == 0) {
            return scalars[pick(scalars.size())];
        }
        std::string s;
        std::size_t n = pick(4);
        bool map = pick(2) == 0;
        s += map ? "{" : "[";
        for (std::size_t i = 0; i < n; ++i) {
            s += i ? ", " : "";
            if (map) {
                s += key_for(i) + ": ";
            }
            s += flow(depth + 1);
        }
        return s + (map ? "}" : "]");
    };
    block = [&](std::string& out, std::size_t indent, std::size_t depth) {
        std::size_t n = 1 + pick(4);
        bool seq = depth > 0 && pick(3) == 0;
        std::string pad(indent, ' ');
        for (std::size_t i = 0; i < n; ++i) {
            std::string head = seq ? pad + "- " : pad;
            std::string key = seq && pick(2) ? "" : key_for(i) + ":";
            if (key.empty()) {
                out += head + flow(0) + "\n";
                continue;
            }
            std::size_t inner = seq ? indent + 2 : indent;
            out += head + key;
            switch (depth < 3 ? pick(4) : 0) {
                case 0: out += " " + flow(0) + (pick(5) == 0 ? "  # note" : "") + "\n"; break;
                case 1: out += "\n"; break;  // an empty value
                case 2: out += "\n"; block(out, inner + 2, depth + 1); break;
                default: out += "\n" + std::string(inner, ' ') + "- " + flow(1) + "\n"; break;
            }
            if (seq && pick(2)) {
                out += std::string(inner, ' ') + "extra" + std::to_string(i) + ": 1\n";
            }
        }
    };
    std::size_t answered = 0;
    std::size_t clean = 0;
    const std::string edits = " \n:-#\"'{}[],\t\xC3&*!|>";
    for (int round = 0; round < 1500; ++round) {
        std::string doc = pick(2) ? "---\n" : "";
        block(doc, 0, 0);
        bool mutate = round % 3 == 2;
        if (mutate) {
            for (std::size_t e = 1 + pick(3); e > 0 && !doc.empty(); --e) {
                std::size_t at = pick(doc.size());
                switch (pick(3)) {
                    case 0: doc.insert(at, 1, edits[pick(edits.size())]); break;
                    case 1: doc.erase(at, 1); break;
                    default: doc[at] = edits[pick(edits.size())]; break;
                }
            }
        }
        INFO(doc);
        bool yes = agrees(doc);
        answered += yes;
        clean += !mutate && yes;
    }
    // Of 1000 unedited documents (the grammar also writes what the reader leaves to
    // libfyaml on purpose, such as `a:b` or `x,y` inside a flow collection).
    CHECK(clean > 600);
    CHECK(answered > clean);  // some edited ones too
}

// Every YAML and JSON file of the repository's test data (fixtures, scenarios, bad
// inputs, fuzz regressions): the same objects and diagnostics either way.
TEST_CASE("simple_block: every test-data file loads the same with and without it", "[model][yaml]") {
    namespace fs = std::filesystem;
    std::size_t files = 0;
    for (const auto& e : fs::recursive_directory_iterator(KG_SOURCE_DIR "/testdata")) {
        std::string ext = e.path().extension().string();
        std::error_code ec;  // (the fixtures include a symbolic link loop)
        if (e.is_symlink(ec) || !e.is_regular_file(ec) || (ext != ".yaml" && ext != ".yml" && ext != ".json")) {
            continue;
        }
        std::ifstream in(e.path(), std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        INFO(e.path().string());
        Parsed reference = front_end(text.str(), false);
        Parsed mine = front_end(text.str(), true);
        CHECK(mine.objects == reference.objects);
        CHECK(mine.diags == reference.diags);
        ++files;
    }
    CHECK(files > 400);
}
