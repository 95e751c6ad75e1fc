// Hostile input (issue 12): byte limits per file and per run (devices and endless
// streams included), nodes per object, keys per mapping, NUL bytes, symlink loops
// and dangling symlinks, merge keys and directives. Each keeps its repro input.
#include "model/loader.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

using namespace kg::model;
namespace fs = std::filesystem;

namespace {

struct Loaded {
    Cluster cluster;
    DiagSink diags;
    bool ok = false;
};

Loaded load_files(const std::vector<std::string>& paths, const LoadOptions& opt = {}) {
    Loaded l;
    l.ok = load_paths(paths, l.cluster, l.diags, opt);
    return l;
}

std::vector<std::string> formatted(const Loaded& l) {
    std::vector<std::string> out;
    for (const Diagnostic& d : l.diags.items()) {
        out.push_back(format_diagnostic(l.cluster.files, d, false));
    }
    return out;
}

// A scratch directory removed at the end of the test.
struct Scratch {
    fs::path dir;
    Scratch() {
        dir = fs::temp_directory_path() / ("kg-input-" + std::to_string(::getpid()) + "-" +
                                           std::to_string(reinterpret_cast<std::uintptr_t>(this)));
        fs::create_directories(dir);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(dir / name, std::ios::binary) << text;
        return (dir / name).string();
    }
};

const std::string k_flavor = "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\nmetadata:\n  name: f\n";

std::string data(const char* name) {
    return std::string(KG_SOURCE_DIR "/testdata/model/load/bad/") + name;
}

}  // namespace

TEST_CASE("a file over the byte limit is refused, naming the limit and the flag", "[model][loader][limits]") {
    Scratch s;
    std::string path = s.write("big.yaml", k_flavor);
    LoadOptions opt;
    opt.max_file_bytes = 10;
    Loaded l = load_files({path}, opt);
    CHECK_FALSE(l.ok);
    CHECK(l.cluster.resource_flavors.empty());
    REQUIRE(formatted(l).size() == 1);
    CHECK(formatted(l)[0] == path + ": error: cannot read: input exceeds the limit of 10 bytes per file "
                                    "(--max-input-bytes raises it); stopped reading there");
    opt.max_file_bytes = k_flavor.size();  // exactly at the limit is fine
    CHECK(load_files({path}, opt).ok);
}

TEST_CASE("the byte limit per run counts every file", "[model][loader][limits]") {
    Scratch s;
    std::string a = s.write("a.yaml", k_flavor);
    std::string b = s.write("b.yaml", k_flavor);
    LoadOptions opt;
    opt.max_total_bytes = k_flavor.size() + 5;
    Loaded l = load_files({a, b}, opt);
    CHECK_FALSE(l.ok);
    CHECK(l.cluster.resource_flavors.size() == 1);
    REQUIRE(formatted(l).size() == 1);
    CHECK(formatted(l)[0] == b + ": error: cannot read: input exceeds the limit of " +
                                 std::to_string(opt.max_total_bytes) +
                                 " bytes per run (--max-total-input-bytes raises it); stopped reading there");
}

TEST_CASE("an endless device stops at the limit instead of filling memory", "[model][loader][limits]") {
    LoadOptions opt;
    opt.max_file_bytes = 1 << 20;
    Loaded l = load_files({"/dev/zero"}, opt);
    CHECK_FALSE(l.ok);
    REQUIRE(formatted(l).size() == 1);
    CHECK(formatted(l)[0].find("/dev/zero: error: cannot read: input exceeds the limit of 1048576 bytes") == 0);
}

TEST_CASE("a NUL byte is named with its position and fails the load", "[model][loader][limits]") {
    Loaded l = load_files({data("nul_hide.yaml")});
    CHECK_FALSE(l.ok);  // exit 2: the file is not text
    REQUIRE(formatted(l).size() == 1);
    CHECK(formatted(l)[0] == data("nul_hide.yaml") +
                                 ":11:27: error: NUL byte: expected YAML or JSON text, which never holds one; "
                                 "this document is skipped");
}

TEST_CASE("a NUL byte is found at any offset, around the document-marker scan's blocks and in its tail",
          "[model][loader][limits]") {
    // parse_objects finds NUL bytes in the pass that looks for `---` lines (32 bytes at a
    // time, then byte by byte near the end): every offset of a stream of documents.
    const std::string stream = "a: 1\n---\nkind: Namespace\nmetadata:\n  name: x\n...\n---\nb: [1, 2, 3]\n"
                               "c: \"a string long enough to cross a block\"\n---\nd: e\n";
    auto has_nul = [](const std::string& text) {
        DiagSink diags;
        return parse_objects(0, text, diags, {}, [](yaml::Node&&) {}).nul;
    };
    CHECK_FALSE(has_nul(stream));
    for (std::size_t at = 0; at <= stream.size(); ++at) {
        INFO("NUL at " << at);
        std::string text = stream;
        text.insert(at, 1, '\0');
        CHECK(has_nul(text));
    }
}

TEST_CASE("a symlink loop and a dangling symlink say so", "[model][loader][limits]") {
    Scratch s;
    fs::create_directories(s.dir / "d");
    fs::create_symlink("loop.yaml", s.dir / "d" / "loop.yaml");
    fs::create_symlink("missing.yaml", s.dir / "d" / "dangling.yaml");
    s.write("d/ok.yaml", k_flavor);
    Loaded dir = load_files({(s.dir / "d").string()});
    CHECK_FALSE(dir.ok);
    CHECK(dir.cluster.resource_flavors.size() == 1);
    std::vector<std::string> got = formatted(dir);
    std::sort(got.begin(), got.end());
    REQUIRE(got.size() == 2);
    CHECK(got[0] == (s.dir / "d" / "dangling.yaml").string() +
                        ": error: cannot read: dangling symbolic link to \"missing.yaml\" (no such file or directory)");
    CHECK(got[1] == (s.dir / "d" / "loop.yaml").string() +
                        ": error: cannot read: symbolic link loop (too many levels of symbolic links)");
    Loaded one = load_files({(s.dir / "d" / "loop.yaml").string()});
    CHECK_FALSE(one.ok);
    CHECK(formatted(one) == std::vector<std::string>{(s.dir / "d" / "loop.yaml").string() +
                                                     ": error: cannot read: symbolic link loop (too many levels of "
                                                     "symbolic links)"});
}

TEST_CASE("objects and mappings over their limits are refused with a position", "[model][loader][limits]") {
    std::string many = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m\ndata:\n";
    for (int i = 0; i < 40; ++i) {
        many += "  k" + std::to_string(i) + ": v\n";
    }
    LoadOptions keys;
    keys.max_mapping_keys = 30;
    Cluster c;
    DiagSink d;
    load_text("keys.yaml", many, c, d, keys);
    REQUIRE(d.items().size() == 1);
    CHECK(format_diagnostic(c.files, d.items()[0], false) ==
          "keys.yaml:36:3: error: mapping holds more than 30 keys: expected a Kubernetes object, found a runaway "
          "mapping (--max-mapping-keys raises the limit)");
    LoadOptions nodes;
    nodes.max_nodes = 50;
    Cluster c2;
    DiagSink d2;
    load_text("nodes.yaml", many, c2, d2, nodes);
    REQUIRE(d2.items().size() == 1);
    CHECK(d2.items()[0].message ==
          "object holds more than 50 nodes: expected a Kubernetes object, found a runaway document "
          "(--max-nodes-per-object raises the limit)");
}

TEST_CASE("duplicate keys in a large mapping keep both positions", "[model][loader][limits]") {
    std::string t = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m\ndata:\n";
    for (int i = 0; i < 100; ++i) {
        t += "  k" + std::to_string(i) + ": v\n";
    }
    t += "  k7: again\n";
    Cluster c;
    DiagSink d;
    load_text("dup.yaml", t, c, d);
    REQUIRE(d.items().size() == 1);
    CHECK(format_diagnostic(c.files, d.items()[0], false) ==
          "dup.yaml:106:3: error: mapping key \"k7\" already defined at 13:3");
}

TEST_CASE("a merge key takes mappings only", "[model][loader][limits]") {
    Cluster c;
    DiagSink d;
    load_text("merge.yaml", k_flavor + "  <<: 5\n", c, d);
    REQUIRE(d.items().size() == 1);
    CHECK(format_diagnostic(c.files, d.items()[0], false) ==
          "merge.yaml:5:7: error: expected a mapping (or a sequence of mappings) after the merge key <<, found \"5\"");
    DiagSink none;
    std::size_t keys = 0;
    parse_objects(0, "base: &b {x: 1}\nm:\n  <<: [*b]\n  y: 2\n", none, {},
                  [&](yaml::Node&& n) { keys = n.get("m") ? n.get("m")->entries.size() : 0; });
    CHECK(none.empty());
    CHECK(keys == 2);
}

TEST_CASE("a %YAML 1.2 directive opens its document", "[model][loader][limits]") {
    Cluster c;
    DiagSink d;
    load_text("dir.yaml", "%YAML 1.2\n---\n" + k_flavor + "...\n%YAML 1.2\n---\n" + k_flavor + "  labels: {a: b}\n", c,
              d);
    CHECK(d.empty());
    CHECK(c.documents == 2);
}

TEST_CASE("an invalid List reads the same over and under the batch size", "[model][loader][parallel]") {
    // The two-thread path parsed each batch at the top level, where libfyaml takes
    // `-` then `-` that it refuses under `items:`: 800 objects and a null at line 0.
    for (const char* name : {"m_big.yaml", "m_small.yaml", "list-cut-min.yaml"}) {
        std::vector<std::string> runs[2];
        std::size_t objects[2] = {0, 0};
        for (int parallel = 0; parallel < 2; ++parallel) {
            LoadOptions opt;
            opt.parallel_lists = parallel == 1;
            opt.list_batch_bytes = parallel == 1 ? 64 : opt.list_batch_bytes;
            Loaded l = load_files({data(name)}, opt);
            runs[parallel] = formatted(l);
            objects[parallel] = l.cluster.documents;
        }
        INFO(name);
        CHECK(runs[0] == runs[1]);
        CHECK(objects[0] == objects[1]);
    }
    Loaded big = load_files({data("m_big.yaml")});
    CHECK(formatted(big) ==
          std::vector<std::string>{data("m_big.yaml") + ":1604:1: error: invalid YAML: did not find expected node content"});
    CHECK(big.cluster.documents == 400);
    Loaded small = load_files({data("m_small.yaml")});
    CHECK(formatted(small) ==
          std::vector<std::string>{data("m_small.yaml") + ":20:1: error: invalid YAML: did not find expected node content"});
}

TEST_CASE("the node limit counts per List item, the same on both paths", "[model][loader][limits][parallel]") {
    std::string t = "apiVersion: v1\nkind: List\nmetadata: {}\nitems:\n";
    for (int i = 0; i < 6; ++i) {
        t += "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: c" + std::to_string(i) + "\n";
        if (i == 4) {
            for (int k = 0; k < 20; ++k) {
                t += "  k" + std::to_string(k) + ": v\n";
            }
        }
    }
    std::vector<std::string> runs[2];
    std::size_t objects[2] = {0, 0};
    for (int parallel = 0; parallel < 2; ++parallel) {
        LoadOptions opt;
        opt.max_nodes = 30;  // an item of 9 nodes fits, the one of 49 does not
        opt.parallel_lists = parallel == 1;
        opt.list_batch_bytes = 1;
        DiagSink d;
        parse_objects(0, t, d, opt, [&](yaml::Node&&) { ++objects[parallel]; });
        for (const Diagnostic& x : d.items()) {
            runs[parallel].push_back(std::to_string(x.pos.line) + ":" + std::to_string(x.pos.col) + " " + x.message);
        }
    }
    CHECK(objects[0] == 4);  // items 0-3; item 4 stops the document
    CHECK(objects[1] == objects[0]);
    CHECK(runs[1] == runs[0]);
    REQUIRE(runs[0].size() == 1);
    CHECK(runs[0][0].find("object holds more than 30 nodes") != std::string::npos);
}
