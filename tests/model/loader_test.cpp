// The YAML/JSON front end and the loader: positions, multi-document streams, List
// exports (YAML and JSON, kind before or after items), errors that name
// file:line:col, and the bounds on aliases and nesting.
#include "model/loader.h"

#include <catch2/catch.hpp>

using namespace kg::model;

namespace {

struct Loaded {
    Cluster cluster;
    DiagSink diags;
};

Loaded load(std::string text, std::string name = "in.yaml") {
    Loaded l;
    load_text(std::move(name), std::move(text), l.cluster, l.diags);
    return l;
}

std::string first_error(const Loaded& l) {
    return l.diags.empty() ? std::string() : format_diagnostic(l.cluster.files, l.diags.items().front(), false);
}

}  // namespace

TEST_CASE("every field keeps its line and column", "[model][loader]") {
    auto l = load(R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  cohortName: ml
  resourceGroups:
  - coveredResources: ["nvidia.com/gpu"]
    flavors:
    - name: h100
      resources:
      - name: nvidia.com/gpu
        nominalQuota: 8
)");
    REQUIRE(l.diags.empty());
    REQUIRE(l.cluster.cluster_queues.size() == 1);
    const ClusterQueue& cq = l.cluster.cluster_queues[0];
    CHECK(cq.meta.name.pos.line == 4);
    CHECK(cq.meta.name.pos.col == 9);
    CHECK(cq.cohort.pos.line == 6);
    const ResourceQuota& rq = cq.resource_groups[0].flavors[0].resources[0];
    CHECK(rq.nominal_quota.pos.line == 13);
    CHECK(rq.nominal_quota.pos.col == 23);
    CHECK(cq.resource_groups[0].covered_resources[0].pos.col == 24);  // the opening quote
}

TEST_CASE("multi-document streams and List exports yield one object each", "[model][loader]") {
    auto l = load(R"(apiVersion: v1
kind: Namespace
metadata: {name: a}
---
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Namespace
  metadata: {name: b}
- apiVersion: kueue.x-k8s.io/v1beta1
  kind: ResourceFlavor
  metadata: {name: rf}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: skipped}
)");
    CHECK(l.diags.empty());
    CHECK(l.cluster.namespaces.size() == 2);
    CHECK(l.cluster.resource_flavors.size() == 1);
    CHECK(l.cluster.skipped_kinds.at("ReplicaSet") == 1);
    CHECK(l.cluster.documents == 4);
}

TEST_CASE("document markers are found wherever they fall in the text", "[model][loader]") {
    // The marker search tests sixteen bytes at a time: a marker at every offset across
    // two such blocks, and at the very end of the text, must cut the stream alike. The
    // first document is broken, so the second loads only when the cut was found.
    for (std::size_t pad = 0; pad < 40; ++pad) {
        std::string first = "apiVersion: v1\nkind: Namespace\nmetadata: {name: a\n#" + std::string(pad, 'x') + "\n";
        for (std::string marker : {"---", "...\n---", "--- # two"}) {
            INFO(pad << " " << marker);
            auto l = load(first + marker + "\napiVersion: v1\nkind: Namespace\nmetadata: {name: b}\n");
            CHECK(l.diags.error_count() == 1);
            REQUIRE(l.cluster.namespaces.size() == 1);
            CHECK(*l.cluster.namespaces[0].meta.name == "b");
            CHECK(l.cluster.namespaces[0].meta.name.pos.line == (marker[0] == '.' ? 9u : 8u));
            CHECK(load(first + marker).diags.error_count() == 1);
        }
        // `--x` opens no document: the stream stays one (broken) document.
        auto l = load(first + "--x\napiVersion: v1\nkind: Namespace\nmetadata: {name: b}\n");
        CHECK(l.cluster.namespaces.empty());
    }
}

TEST_CASE("JSON Lists stream items even when kind comes after them", "[model][loader]") {
    auto l = load(R"({"apiVersion": "v1", "items": [
      {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "x"}},
      {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "y"}}],
     "kind": "List", "metadata": {"resourceVersion": ""}})",
                  "export.json");
    CHECK(l.diags.empty());
    REQUIRE(l.cluster.namespaces.size() == 2);
    CHECK(*l.cluster.namespaces[1].meta.name == "y");
    CHECK(l.cluster.namespaces[1].meta.name.pos.line == 3);
}

TEST_CASE("a top-level JSON array is a list of objects", "[model][loader]") {
    auto l = load(R"([{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "x"}}])", "a.json");
    CHECK(l.cluster.namespaces.size() == 1);
}

TEST_CASE("a broken document is reported at its position and the next one still loads", "[model][loader]") {
    auto l = load("apiVersion: v1\nkind: Namespace\nmetadata: {name: [a\n---\napiVersion: v1\nkind: Namespace\n"
                  "metadata: {name: ok}\n");
    REQUIRE(l.diags.error_count() == 1);
    CHECK(l.diags.items()[0].pos.line == 4);
    CHECK(first_error(l).rfind("in.yaml:4:", 0) == 0);
    REQUIRE(l.cluster.namespaces.size() == 1);
    CHECK(*l.cluster.namespaces[0].meta.name == "ok");
}

TEST_CASE("a bad quantity is an error at the value, and the object is kept", "[model][loader]") {
    auto l = load(R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: q
spec:
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: f
      resources:
      - name: cpu
        nominalQuota: ${CPU}
)");
    CHECK(first_error(l) == "in.yaml:12:23: error: expected a quantity such as \"8\", \"500m\" or \"16Gi\", found \"${CPU}\"");
    CHECK(l.cluster.cluster_queues.size() == 1);
}

TEST_CASE("diagnostics show the source line and a caret", "[model][loader]") {
    auto l = load("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: [x]\n");
    REQUIRE_FALSE(l.diags.empty());
    std::string text = format_diagnostic(l.cluster.files, l.diags.items()[0]);
    CHECK(text == "in.yaml:4:9: error: metadata.name: expected a string, found a list\n      name: [x]\n            ^");
}

TEST_CASE("alias bombs are refused, not expanded", "[model][loader]") {
    std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
    char prev = 'a';
    for (char c = 'b'; c <= 'j'; ++c) {
        bomb += std::string(1, c) + ": &" + c + " [";
        for (int i = 0; i < 10; ++i) {
            bomb += std::string(i ? ", " : "") + "*" + prev;
        }
        bomb += "]\n";
        prev = c;
    }
    auto l = load(bomb);
    REQUIRE(l.diags.error_count() >= 1);
    CHECK(l.diags.items()[0].message.find("alias bomb") != std::string::npos);
}

TEST_CASE("deep nesting is bounded", "[model][loader]") {
    std::string deep;
    for (int i = 0; i < 400; ++i) {
        deep += "[";
    }
    auto l = load(deep);
    CHECK(l.diags.error_count() >= 1);
}

TEST_CASE("missing files are errors naming the path", "[model][loader]") {
    Cluster c;
    DiagSink d;
    CHECK_FALSE(load_paths({"/nonexistent/queues.yaml"}, c, d));
    REQUIRE(d.error_count() == 1);
    CHECK(format_diagnostic(c.files, d.items()[0]) ==
          "/nonexistent/queues.yaml: error: cannot read: no such file or directory");
}

TEST_CASE("directories are read recursively in sorted order", "[model][loader]") {
    Cluster c;
    DiagSink d;
    REQUIRE(load_paths({KG_SOURCE_DIR "/testdata/examples"}, c, d));
    CHECK(d.empty());
    CHECK(c.cluster_queues.size() >= 3);
    CHECK(c.files.size() > 2);
}

TEST_CASE("duplicate mapping keys are reported", "[model][loader]") {
    auto l = load("apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\nkind: Pod\n");
    CHECK(first_error(l) == "in.yaml:4:1: error: mapping key \"kind\" already defined at 2:1");
}

TEST_CASE("a byte order mark and CRLF line ends are accepted", "[model][loader]") {
    auto l = load("\xEF\xBB\xBF" "apiVersion: v1\r\nkind: Namespace\r\nmetadata:\r\n  name: crlf\r\n");
    CHECK(l.diags.empty());
    REQUIRE(l.cluster.namespaces.size() == 1);
    CHECK(*l.cluster.namespaces[0].meta.name == "crlf");
}

TEST_CASE("invalid UTF-8 is an error at the byte, and other documents still load", "[model][loader]") {
    // The fuzzer's hang: a directive line with a stray byte made libfyaml loop. The
    // directive belongs to the document its `---` opens, which is skipped with it.
    auto l = load("%\xD7\xD7\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n"
                  "---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: b\xED\xA0\x80\n"
                  "---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: \xC3\xA9t\xC3\xA9\n");
    REQUIRE(l.diags.error_count() == 2);
    CHECK(first_error(l).rfind("in.yaml:1:2: error: invalid UTF-8 byte 0xD7", 0) == 0);
    CHECK(l.diags.items()[1].pos.line == 11);
    CHECK(l.diags.items()[1].pos.col == 10);
    REQUIRE(l.cluster.namespaces.size() == 1);
    CHECK(*l.cluster.namespaces[0].meta.name == "\xC3\xA9t\xC3\xA9");
}
